"""`rookery diff SOURCE@DATE` after old releases were imported: a date names the release
in force that day, by the date each release took effect, not the day it was fetched."""
import json

import pytest

from rookery.config import parse_config
from rookery.store import Store
from rookery.watch import Watcher

# (version, effective date as printed, ISO) of three releases, all fetched today
RELEASES = [("1.0", "5/13/2019", "2019-05-13"), ("1.1", "January 20, 2020", "2020-01-20"),
            ("2.0", "2021-03-03", "2021-03-03")]


def release(version: str, printed: str) -> str:
    return (f"<html><body><h1>Lantern Digest</h1><h3>Version {version}, effective {printed}"
            f"</h3><h2>Rulings</h2><h3>(1.1) Lighting</h3><p>A lantern is lit for "
            f"{version} oil.</p><h3>(1.2) Snuffing</h3><p>A snuffed lantern stays dark.</p>"
            "</body></html>")


@pytest.fixture
def imported(tmp_path, http_server):
    """The configuration file of a store that imported every release in one fetch."""
    site = tmp_path / "served"
    site.mkdir()
    for version, printed, _day in RELEASES:
        (site / f"digest-v{version}.html").write_text(release(version, printed))
    (site / "index.html").write_text("<html><body>" + "".join(
        f'<a href="digest-v{v}.html">v{v}</a>' for v, _p, _d in RELEASES) + "</body></html>")
    toml = tmp_path / "rookery.toml"
    toml.write_text(f'data = "{tmp_path / "data"}"\n[[source]]\nid = "lantern"\n'
                    f'discover = {{ page = "{http_server(site)}/index.html", '
                    "pattern = 'digest-v(?P<version>[0-9.]+)\\.html' }\n")
    config = parse_config(toml.read_text(), tmp_path)
    with Store(config.data) as store:
        assert len(Watcher(store, config).cycle().revisions) == len(RELEASES)
    return toml


# (day, the version in force): the releases were all fetched today
IN_FORCE = [("2019-05-13", "1.0"), ("2019-06-01", "1.0"), ("2020-01-19", "1.0"),
            ("2020-01-20", "1.1"), ("2024-01-01", "2.0")]


def test_a_date_names_the_release_in_force_that_day(cli, imported):
    found = []
    for day, _version in IN_FORCE:
        code, out, err = cli("diff", f"lantern@{day}", "lantern@latest", "--format", "json",
                             "--config", imported)
        assert code == 0, err
        found.append((day, json.loads(out)["old"]["version"]))
    assert found == IN_FORCE
    # before the first release nothing was in force: the error says when it took effect
    code, out, err = cli("diff", "lantern@2019-05-12", "lantern@latest", "--config", imported)
    assert code != 0 and out == ""
    assert err.strip().splitlines() == [
        "rookery: error: lantern has no revision in force on 2019-05-12: the earliest (v1.0) "
        "took effect on 2019-05-13; give that day or a later one"]
