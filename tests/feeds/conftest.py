"""The real browser the site's tests look through: Debian's Chromium, driven by
Playwright, one session per test file; and axe-core, the accessibility checker they
run in it."""
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# what axe checks: WCAG 2.1 A and AA, and its best practices (heading order, landmarks...)
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def axe():
    """axe(page) → the rules the page breaks, as [(rule id, how many elements)]."""
    from axe_playwright_python.sync_playwright import Axe

    checker = Axe()

    def violations(page) -> list[tuple[str, int]]:
        results = checker.run(page, options={"runOnly": {"type": "tag", "values": AXE_TAGS}})
        return [(v["id"], len(v["nodes"])) for v in results.response["violations"]]

    return violations
