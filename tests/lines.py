"""Short documents written as (text, bold) lines, None for a paragraph space and PAGE
for a page break, set as plain text or drawn as a PDF with reportlab: the structure
tests' two forms."""
from reportlab.pdfgen import canvas


PAGE = "PAGE"


def as_text(lines) -> bytes:
    """The lines as a plain-text file, a blank line for each paragraph space or page."""
    return "\n".join("" if line in (None, PAGE) else line[0] for line in lines).encode() \
        + b"\n"


def as_pdf(lines, path) -> bytes:
    """The lines drawn one under another, bold ones in a bold face, a new page where
    one is full or the lines say PAGE."""
    c = canvas.Canvas(str(path), pagesize=(420, 700))
    y = 660
    for line in lines:
        if line == PAGE or y < 60:
            c.showPage()
            y = 660
        if line in (None, PAGE):
            y -= 6
            continue
        text, bold = line
        c.setFont("Helvetica-Bold" if bold else "Times-Roman", 12 if bold else 10)
        c.drawString(40, y, text)
        y -= 16
    c.save()
    return path.read_bytes()
