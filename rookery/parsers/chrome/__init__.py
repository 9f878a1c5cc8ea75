"""What a site prints around a web page's content (its chrome), found by evidence on the
page itself, not by a list of sites: elements that are never content (elements.py), the
frame around the content and the page's own title block (frame.py), and the lines a
build prints under it (colophon.py). What is left out is told to the word account as
(reason, text): "site chrome", "hidden text", "contents", "title block"."""
from __future__ import annotations

from dataclasses import dataclass

from .elements import (drop, drop_chrome, drop_permalinks, drop_tables_of_contents,
                       visible_text)
from .frame import content_root, drop_frame, masthead

__all__ = ["Frame", "drop", "strip", "visible_text"]


@dataclass
class Frame:
    """The content left to read, the page's title block when a header holds it (its
    lines), and the text outside the content."""

    content: object
    title_lines: list[str] | None = None
    chrome: str = ""


def strip(root, title: str | None, furniture: list, lines) -> Frame:
    """Leave the page's chrome out of `root` (telling `furniture`), and say where its
    content is. `title` is the page's <title>, which its masthead repeats; `lines(el)`
    reads an element's lines, as the page's blocks are read."""
    drop_tables_of_contents(root, furniture)
    drop_chrome(root, furniture)
    drop_permalinks(root, furniture)
    found = masthead(root, title, lines)
    if found is not None:
        drop(found[0])  # read apart, as the title block
    body = root.find("body")
    page = root if body is None else body
    content = content_root(root)
    drop_frame(content, furniture)
    return Frame(content=content, title_lines=found[1] if found else None,
                 chrome=visible_text(page, outside=content) if content is not page else "")
