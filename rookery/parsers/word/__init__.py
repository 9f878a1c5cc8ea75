"""Word (.docx) release → blocks.

A .docx is a zip of XML parts; the text is in word/document.xml, what it looks like in
styles.xml and numbering.xml. They are read with lxml, as the HTML reader is: a reader
of rules needs what general converters leave out or flatten (outline levels, the numbers
Word prints before list paragraphs, run colours, tracked changes).

* A paragraph in a Title or Heading n style is a heading (Title above Heading 1); one
  whose style gives it an outline level is a heading when it reads as a name (a rule
  "100.1. These rules..." of an outline-numbered style is not);
* list numbering is printed before the paragraph as Word shows it ("1.2.", "a)"); a
  paragraph of a multi-level list is a paragraph (numbered rules), of a one-level list
  a list item, a bulleted one an item without its bullet;
* bold and italic come from the run, its character style, the paragraph style and the
  document defaults; red text is kept as the publisher's marks; hidden text is not text;
* tracked changes read as accepted: insertions kept, deletions dropped (a deleted
  paragraph mark joins the paragraph to the next);
* a table's row is a paragraph; a two-column row names a term by its first cell.

Legacy .doc files and encrypted .docx (both OLE2 compound files) and damaged zips are
refused with what to do. Sniffing (sniff.py) needs only the zip's directory; the reader itself
(package.py) loads on first use.
"""
from __future__ import annotations

from .sniff import DOCUMENT, explain, is_word

__all__ = ["DOCUMENT", "explain", "is_word", "read"]


def read(data: bytes, options):
    """The reader's entry point (see parsers.READERS)."""
    from .package import read_package

    return read_package(data)
