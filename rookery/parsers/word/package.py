"""The parts of a .docx package read as XML: the document, its styles and numbering,
and the title in its properties."""
from __future__ import annotations

import zipfile
import zlib

from lxml import etree

from ...errors import ParseError, UnsupportedFormat
from .. import limits
from ..blocks import RawDocument
from .archive import open_zip, read_part
from .body import read_body
from .sniff import DOCUMENT
from .styles import W, Numbering, Styles

STRICT = "{http://purl.oclc.org/ooxml/wordprocessingml/main}"


def read_package(data: bytes) -> RawDocument:
    """Blocks from the bytes of a .docx."""
    try:
        archive = open_zip(data)
        document = _part(archive, DOCUMENT)
        styles, numbering = _part(archive, "word/styles.xml"), _part(archive, "word/numbering.xml")
        title = _core_title(archive)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, KeyError, zlib.error,
            NotImplementedError, RuntimeError) as e:
        raise UnsupportedFormat(f"cannot read this .docx ({e}); save it again from Word "
                                "and retry") from None
    if document is None:
        raise UnsupportedFormat("a zip archive without word/document.xml: not a Word .docx")
    if document.tag == STRICT + "document":
        raise UnsupportedFormat("a Word file in Strict Open XML, which rookery does not read; "
                                "save it from Word as a Word Document (.docx)")
    body = document.find(W + "body")
    if body is None:
        raise ParseError("this .docx has no body (word/document.xml holds no w:body); "
                         "open it in Word and save it again as a Word Document (.docx)")
    known = Styles(styles)
    raw = read_body(body, known, Numbering(numbering, known))
    raw.fallback_title = title
    return raw


def _part(archive: zipfile.ZipFile, name: str):
    """A part of the package as an XML tree, or None when the package lacks it."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        return None
    limits.ZIP_PART.check(info.file_size, f" ({name})")  # as its header says: then as it is
    xml = read_part(archive, info)
    limits.XML_TAGS.check(xml.count(b"<"), f" ({name})")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    try:
        return etree.fromstring(xml, parser)
    except etree.XMLSyntaxError as e:
        raise ParseError(f"{name} in this .docx is not well-formed XML ({e}); save the "
                         "file again from Word") from None


def _core_title(archive: zipfile.ZipFile) -> str | None:
    """The title in the document's properties, which plays the part of a page's <title>."""
    root = _part(archive, "docProps/core.xml")
    if root is None:
        return None
    title = root.findtext("{http://purl.org/dc/elements/1.1/}title")
    return " ".join(title.split()) or None if title else None
