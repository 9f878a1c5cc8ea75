"""Hostile and odd files, made here from a few lines each: pages nested deeper than a
parser's default, Word files of millions of empty paragraphs or with a zip entry whose
header lies about its size, PDFs whose forms draw each other, whose content stream
unpacks to a gigabyte, whose page holds a million glyphs or whose page tree lies about
its count, text with a broken UTF-16 tail. Each is small on disk; what it costs a reader
is the point."""
from __future__ import annotations

import io
import struct
import zipfile
import zlib

from wordfile import docx as word_docx
from wordfile import para


def faq_entry(k: int) -> str:
    """One FAQ entry of our own words, numbered k."""
    return (f"<h3>({k // 10 + 1}.{k % 10 + 1}) Lantern Rule {k}</h3>"
            f"<p>A lantern numbered {k} is lit once per round by its keeper.</p>")


def page(body: str, title: str = "Lanternfall FAQ") -> str:
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title></head>"
            f"<body><h1>{title}</h1><h2>Version 1.0</h2>{body}</body></html>")


def unclosed_divs(entries: int) -> bytes:
    """A FAQ whose every entry opens a <div> it never closes: a browser shows it fine,
    and it is nested one level deeper per entry."""
    return page("".join(f"<div class='entry'>{faq_entry(k)}" for k in range(entries))).encode()


def long_run(megabytes: int, entries: int = 20) -> bytes:
    """Half the entries, then a paragraph of `megabytes` MB of text in one run, then the
    other half."""
    half = entries // 2
    words = ("the keeper lights the lantern " * (megabytes * 1024 * 1024 // 30 + 1))
    body = "".join(faq_entry(k) for k in range(half)) + f"<p>{words}</p>" + \
        "".join(faq_entry(k) for k in range(half, entries))
    return page(body).encode()


def nested_lists(items: int) -> bytes:
    """Lists nested `items` deep: each item holds the next list."""
    return page("<ul><li>keep the lantern lit " * items + "</li></ul>" * items).encode()


def many_sections(count: int) -> bytes:
    """A page of `count` numbered rules."""
    return page("".join(f"<h3>({k // 1000 + 1}.{k % 1000 + 1}) Rule {k}</h3><p>Light lantern "
                        f"{k}.</p>" for k in range(count))).encode()


def empty_paragraphs(count: int) -> bytes:
    """A .docx whose body is a few rules, then `count` empty paragraphs: a few kilobytes
    packed, tens of megabytes of XML."""
    rules = [para(f"{k}. Light the lantern numbered {k} once per round.") for k in range(1, 4)]
    return word_docx(rules + ["<w:p/>" * count])


def deflated(parts: list[tuple[bytes, int]], wrapped: bool = False) -> bytes:
    """A deflate stream of each (chunk, times) in turn, made in the time of one chunk
    each: after a full flush the compressor starts afresh, so a chunk repeated packs to
    the same bytes repeated. `wrapped`: with zlib's header and checksum (a PDF's
    FlateDecode), else raw (a zip's)."""
    out, check = [], 1
    for chunk, times in parts:
        squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
        out.append((squeeze.compress(chunk) + squeeze.flush(zlib.Z_FULL_FLUSH)) * times)
        for _ in range(times if wrapped else 0):
            check = zlib.adler32(chunk, check)
    out.append(zlib.compressobj(9, zlib.DEFLATED, -15).flush())
    body = b"".join(out)
    return b"\x78\xda" + body + struct.pack(">I", check) if wrapped else body


def lying_zip(unpacked: int = 2 << 30, declared: int = 1024) -> bytes:
    """A .docx whose word/document.xml unpacks to `unpacked` bytes while its headers say
    it holds `declared` (and its CRC cannot match)."""
    good = zipfile.ZipFile(io.BytesIO(word_docx([para("1. Light the lantern.")])))
    members = [(i.filename, good.read(i.filename)) for i in good.infolist()
               if i.filename != "word/document.xml"]
    chunk = b"<w:p/>" * (1 << 20)
    members.append(("word/document.xml", None))
    out, central = io.BytesIO(), io.BytesIO()
    for name, data in members:
        raw = name.encode()
        if data is None:
            body, size, crc = deflated([(chunk, unpacked // len(chunk))]), declared, 0
        else:
            body = zlib.compress(data, 9)[2:-4]
            size, crc = len(data), zlib.crc32(data)
        offset = out.tell()
        out.write(struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(body),
                              size, len(raw), 0) + raw + body)
        central.write(struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, 0, 8, 0, 0,
                                  crc, len(body), size, len(raw), 0, 0, 0, 0, 0, offset) + raw)
    start = out.tell()
    out.write(central.getvalue())
    out.write(struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(members), len(members),
                          len(central.getvalue()), start, 0))
    return out.getvalue()


def pdf(objects: list[bytes], root: int = 1) -> bytes:
    """A PDF of these objects (numbered from 1), with a true cross-reference table."""
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    out.write(b"".join(b"%010d 00000 n \n" % at for at in offsets))
    out.write(b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
              % (len(objects) + 1, root, xref))
    return out.getvalue()


def stream(data: bytes, extra: bytes = b"", packed: bool = True) -> bytes:
    if packed:
        data = zlib.compress(data, 9)
        extra += b" /Filter /FlateDecode"
    return b"<< /Length %d%s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def text_pdf(content: bytes, resources: bytes = b"/Font << /F1 5 0 R >>",
             more: list[bytes] = (), count: int = 1, packed: bool = True) -> bytes:
    """A one-page PDF drawing `content` (objects 6 on are `more`); its page tree says it
    has `count` pages."""
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count %d >>" % count,
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                b"/Resources << %s >> >>" % resources,
                stream(content, packed=packed), FONT, *more])


def lines(texts: list[str]) -> bytes:
    return b"BT /F1 11 Tf 72 720 Td 14 TL " + b" ".join(
        b"(%s) '" % t.encode("latin-1") for t in texts) + b" ET"


RULES = [f"{k}. Light the lantern numbered {k} once per round." for k in range(1, 6)]


def forms_drawing_each_other(levels: int) -> bytes:
    """A page that draws form 1, which draws form 2 twice, ... down `levels` forms: each
    level doubles what PDFium builds, a few kilobytes on disk."""
    forms = []
    first = 6
    for k in range(levels):
        number = first + k
        if k + 1 < levels:
            body = b"q /X%d Do Q q 1 0 0 1 1 0 cm /X%d Do Q" % (k + 1, k + 1)
            res = b"/Resources << /XObject << /X%d %d 0 R >> >>" % (k + 1, number + 1)
        else:
            body = lines(["a lantern"])
            res = b"/Resources << /Font << /F1 5 0 R >> >>"
        forms.append(stream(body, b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] "
                                  + res, packed=False))
    return text_pdf(lines(RULES) + b" /X0 Do", b"/Font << /F1 5 0 R >> /XObject << /X0 6 0 R >>",
                    forms)


def forms_of_long_runs(levels: int = 13, runs: int = 6, length: int = 2000) -> bytes:
    """Forms drawing each other twice, `levels` deep, the last showing a few long runs of
    text: within every limit the file's structure shows (8,191 forms, 49,146 runs), and
    tens of millions of glyphs once a PDF library has drawn them all."""
    forms = []
    for k in range(levels):
        if k + 1 < levels:
            body = b"q /X%d Do Q q 1 0 0 1 1 0 cm /X%d Do Q" % (k + 1, k + 1)
            res = b"/Resources << /XObject << /X%d %d 0 R >> >>" % (k + 1, 7 + k)
        else:
            body = b"BT /F1 1 Tf " + b"(" + b"a" * length + b") Tj " * runs + b"ET"
            res = b"/Resources << /Font << /F1 5 0 R >> >>"
        forms.append(stream(body, b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] "
                                  + res, packed=False))
    return text_pdf(lines(RULES) + b" /X0 Do", b"/Font << /F1 5 0 R >> /XObject << /X0 6 0 R >>",
                    forms)


def huge_content(unpacked: int = 1 << 30) -> bytes:
    """A one-page PDF whose content stream unpacks to `unpacked` bytes (a few rules, then
    spaces) from about a thousandth of that."""
    spaces = b" " * (1 << 20)
    data = deflated([(lines(RULES) + b"\n", 1), (spaces, unpacked // len(spaces))],
                    wrapped=True)
    body = b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + \
        b"\nendstream"
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                b"/Resources << /Font << /F1 5 0 R >> >> >>", body, FONT])


def million_glyphs(glyphs: int = 1_000_000) -> bytes:
    """A page of `glyphs` tiny glyphs (packed: a few kilobytes), under a few rules."""
    row = b"(" + b"a" * 1000 + b") '"
    grid = b"BT /F1 0.5 Tf 0 790 Td 0.5 TL " + row * (glyphs // 1000) + b" ET"
    return text_pdf(lines(RULES) + b" " + grid)


def lying_page_count(claimed: int = 1000) -> bytes:
    """A PDF with one page whose page tree says it has `claimed`."""
    return text_pdf(lines(RULES), count=claimed)


def utf16_page(tail: bytes) -> bytes:
    """A UTF-16 web page of a few rules, with `tail` after its last character."""
    text = page("".join(faq_entry(k) for k in range(6)))
    return text.encode("utf-16") + tail


ODD_BYTE = b"\x41"  # half a UTF-16 code unit
LONE_SURROGATE = "\ud800".encode("utf-16-le", "surrogatepass")  # a high half with no low
