import json


def test_history_tells_days_in_the_configured_time_zone(cli, history, tmp_path, monkeypatch):
    """The May 2021 FAQ came out on the evening of the 12th in California, the 13th at
    Greenwich: the operator's `timezone` decides which day players read."""
    config, _ = history
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    monkeypatch.delenv("ROOKERY_DATA", raising=False)
    days = {}
    for zone in ("UTC", "America/Los_Angeles"):
        toml = tmp_path / f"{zone.replace('/', '-')}.toml"
        toml.write_text(f'data = "{config.data}"\ntimezone = "{zone}"\n'
                        '[[source]]\nid = "faq"\nurl = "http://127.0.0.1:9/faq"\n')
        code, out, err = cli("history", "faq", "--format", "json", "--config", toml)
        assert code == 0, err
        days[zone] = [r["date"] for r in json.loads(out)]
        code, out, err = cli("diff", "faq@2021-05-12", "faq@2021-05-13", "--format", "json",
                             "--config", toml)
        assert code == 0, err
        days[zone, "changes"] = [(c["type"], (c["old"] or c["new"])["title"])
                                 for c in json.loads(out)["changes"]]
    assert "2021-05-12" in days["America/Los_Angeles"] and "2021-05-12" not in days["UTC"]
    assert "2021-05-13" in days["UTC"]
    assert len(days["UTC"]) == len(days["America/Los_Angeles"])
    # both days name the May release in California; at Greenwich the 12th is still January's
    assert days["America/Los_Angeles", "changes"] == []
    assert days["UTC", "changes"] == [("removed", "Limited Cards in Setup")]
