"""Is it a .docx, and if it looks like an Office file but is not one, what to say: read
from the zip's directory alone, so that sniffing a format costs almost nothing."""
from __future__ import annotations

import zipfile

from ...errors import TooLarge
from .archive import open_zip

OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP = b"PK\x03\x04"
DOCUMENT = "word/document.xml"


def is_word(data: bytes) -> bool:
    """A zip holding word/document.xml (the bytes of a .docx)."""
    if not data.startswith(ZIP):
        return False
    try:
        return DOCUMENT in open_zip(data).namelist()
    except (zipfile.BadZipFile, OSError, ValueError, TooLarge):
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
        names = open_zip(data).namelist()
    except TooLarge as e:
        return f"a zip archive: {e}"
    except (zipfile.BadZipFile, OSError, ValueError):
        return ("a damaged or truncated zip archive (a .docx cut short?); download or save "
                "the file again")
    if DOCUMENT not in names:
        return ("a zip archive without word/document.xml, so not a Word .docx; give the "
                "release itself (.docx, PDF, web page or text)")
    return None
