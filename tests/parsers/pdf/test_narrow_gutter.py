"""Two columns parted by a narrow gutter, their lists' numbers hung into it: the PDF reads
column by column, as the web page it was printed from (tests/narrow.py), whatever engine
set it."""
from __future__ import annotations

import narrow
import pytest

from rookery.parsers import ReadOptions, parse


def _texts(doc) -> dict[str, str]:
    return {s.title: " ".join(s.text.split()) for s in doc.sections if s.title}


@pytest.mark.parametrize("case", narrow.CASES, ids=lambda c: c.name)
def test_columns_parted_by_a_narrow_gutter_read_one_after_the_other(case, typeset):
    pdf = parse(typeset(case, narrow.render), source=f"{case.name}.pdf",
                options=ReadOptions(workers=1))
    page = parse(narrow.page_html(case).encode(), source=f"{case.name}.html")
    got, want = _texts(pdf), _texts(page)
    assert got == want
    assert not pdf.reading.doubtful, pdf.reading.problems
