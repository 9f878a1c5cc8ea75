"""Typesetting for the PDF tests whose cases each name their engine: one browser for the
module's Chromium cases, a skip where a case's engine cannot run here."""
from __future__ import annotations

import contextlib

import pytest
from engines import missing


@pytest.fixture(scope="module")
def typeset(tmp_path_factory):
    """typeset(case, render) → the PDF `render(case, path, browser)` wrote, as bytes; the
    case names its `engine` and `name`."""
    folder = tmp_path_factory.mktemp("typeset")
    with contextlib.ExitStack() as stack:
        browser = []

        def make(case, render) -> bytes:
            reason = missing(case.engine) if case.engine != "reportlab" else None
            if reason:
                pytest.skip(reason)
            if case.engine == "chromium" and not browser:
                from engine_cases import _chromium

                browser.append(stack.enter_context(_chromium()))
            return render(case, folder / f"{case.name}.pdf", browser[0] if browser else None)

        yield make
