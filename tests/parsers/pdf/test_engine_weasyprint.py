"""The test digest typeset by WeasyPrint (tests/engines.py): each layout gives the sections
of its web page (known failures and their causes: tests/engine_cases.py)."""
from engine_cases import engine_pdf, engine_tests  # noqa: F401  (the fixture the tests use)

(test_a_layout_gives_the_sections_of_its_web_page, test_a_layout_shows_its_traits,
 test_a_layout_rewritten_by_another_program_gives_the_same_sections,
 test_a_layout_with_its_pages_turned_gives_the_same_sections,
 test_a_layout_drawn_in_another_order_gives_the_same_sections) = engine_tests("weasyprint")
