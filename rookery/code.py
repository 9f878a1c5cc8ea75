"""A digest of rookery's own code, for work kept between runs that the code shapes (a
published site, the card facts beside it): other code, the work is done again."""
from __future__ import annotations

import hashlib
from pathlib import Path

PACKAGE = Path(__file__).parent


def digest(paths, *seed) -> str:
    """A hash of the files (by name and bytes, in the order given) and of `seed`."""
    code = hashlib.sha256("\0".join(map(str, seed)).encode())
    for path in paths:
        code.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return code.hexdigest()
