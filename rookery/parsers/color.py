"""Is this colour the publisher's "new" red? Shared by the HTML (CSS) and PDF (fill) readers."""
from __future__ import annotations

import re

_NAMED = {
    "red": (255, 0, 0), "darkred": (139, 0, 0), "crimson": (220, 20, 60),
    "firebrick": (178, 34, 34), "maroon": (128, 0, 0), "orangered": (255, 69, 0),
}
_HEX = re.compile(r"#([0-9a-f]{3}|[0-9a-f]{6})\b")
_RGB = re.compile(r"rgba?\(\s*([\d.]+%?)\s*[, ]\s*([\d.]+%?)\s*[, ]\s*([\d.]+%?)")


def is_strong_red(rgb: tuple[float, float, float]) -> bool:
    """Red dominates clearly: red channel high, green and blue low (0..1 scale)."""
    r, g, b = rgb
    return r >= 0.45 and max(g, b) <= 0.35 and r - max(g, b) >= 0.35


def css_color(value: str) -> tuple[float, float, float] | None:
    """An sRGB triple (0..1) for a CSS colour value, or None when it is not one we read."""
    value = value.strip().lower().replace("!important", "").strip()
    if value in _NAMED:
        return tuple(c / 255 for c in _NAMED[value])  # type: ignore[return-value]
    m = _HEX.fullmatch(value) or _HEX.match(value)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]
    m = _RGB.match(value)
    if m:
        return tuple(float(x[:-1]) / 100 if x.endswith("%") else float(x) / 255
                     for x in m.groups())  # type: ignore[return-value]
    return None


def is_red_css(value: str) -> bool:
    rgb = css_color(value)
    return rgb is not None and is_strong_red(rgb)
