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
refused with what to do. Sniffing needs only the zip's directory; the reader itself
(package.py) loads on first use.
"""
from __future__ import annotations

import io
import zipfile

OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP = b"PK\x03\x04"
DOCUMENT = "word/document.xml"


def is_word(data: bytes) -> bool:
    """A zip holding word/document.xml (the bytes of a .docx)."""
    if not data.startswith(ZIP):
        return False
    try:
        return DOCUMENT in zipfile.ZipFile(io.BytesIO(data)).namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False


def explain(data: bytes) -> str | None:
    """What to say about bytes that look like Office files but cannot be read as a
    .docx; None when they do not look like one."""
    if data.startswith(OLE2):
        if "EncryptedPackage".encode("utf-16-le") in data:
            return ("an encrypted (password-protected) Office file; open it in Word, remove "
                    "the password (File › Info › Protect Document) and save it again as .docx")
        return ("a legacy Word .doc (or another OLE2 Office file), which rookery does not "
                "read; open it in Word or LibreOffice and save it as .docx")
    if not data.startswith(ZIP):
        return None
    try:
        names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return ("a damaged or truncated zip archive (a .docx cut short?); download or save "
                "the file again")
    if DOCUMENT not in names:
        return ("a zip archive without word/document.xml, so not a Word .docx; give the "
                "release itself (.docx, PDF, web page or text)")
    return None


def read(data: bytes, options):
    """The reader's entry point (see parsers.READERS)."""
    from .package import read_package

    return read_package(data)
