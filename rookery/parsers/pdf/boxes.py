"""The part of a PDF page a reader sees, from the page's boxes (each left, bottom, right,
top in the PDF's own space): what a viewer shows (the crop box, within the media box),
and of that the page as it is cut (the trim box, where a print file has one: crop marks,
the colour bar's labels and a slug with the job's name and export time lie outside it).
Both readers leave out the glyphs wholly outside it.
"""
from __future__ import annotations

from .settings import SETTINGS as S

Box = tuple[float, float, float, float]


def visible(media: Box, crop: Box, trim: Box) -> Box:
    """The visible box. A crop box that leaves nothing of the media box is no guide (a
    viewer shows the media box), nor a trim box that leaves less than `trimmed` of what is
    shown: a producer's slip, which would cut the page's own text."""
    shown = _overlap(crop, media) or media
    cut = _overlap(trim, shown)
    return cut if cut is not None and _area(cut) >= S.trimmed * _area(shown) else shown


def _overlap(a: Box, b: Box) -> Box | None:
    left, bottom, right, top = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (left, bottom, right, top) if left < right and bottom < top else None


def _area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])
