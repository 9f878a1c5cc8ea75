"""Word-level diff operations between two normalized texts (diff-match-patch).

diff-match-patch compares characters; we hand it one character per word, space run or
punctuation mark (the trick its line mode uses for lines) and run its semantic cleanup
on those, so small coincidental equalities merge away and no edit ever splits a word.

Its Myers search is where the time goes (most of a long diff's comparing); where the
C++ port of the same library is installed, that search runs there (see _Bisect).
"""
from __future__ import annotations

import re

from diff_match_patch import diff_match_patch

try:
    from fast_diff_match_patch import diff as _cpp_diff
except ImportError:  # installed where neither its wheel nor a C++ compiler was at hand
    _cpp_diff = None

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
_OP = {"=": 0, "-": -1, "+": 1}


class _Bisect(diff_match_patch):
    """diff-match-patch with its Myers search (diff_bisect) done by the C++ port.

    By the time diff_main calls diff_bisect it has taken off the common prefix and
    suffix and ruled out its shortcuts (an empty side, one side inside the other, one
    character), so the port's diff_main, with line mode off and no time limit, goes
    straight to the same search, splits at the same middle snake and returns the same
    operations. It merges them at the end, which the Python diff_main does anyway.
    Everything else (line mode, the semantic cleanup and its scoring of characters)
    stays in Python: the port classes characters as C does, not as Python does."""

    def diff_bisect(self, text1, text2, deadline):
        out, i, j = [], 0, 0
        for op, n in _cpp_diff(text1, text2, timelimit=0, checklines=False, cleanup="No",
                               counts_only=True):
            if op == "+":
                out.append((1, text2[j:j + n]))
                j += n
            else:
                out.append((_OP[op], text1[i:i + n]))
                i += n
                j += n if op == "=" else 0
        return out


_PYTHON = diff_match_patch()
_FAST = _Bisect() if _cpp_diff is not None else _PYTHON
for _dmp in (_PYTHON, _FAST):
    _dmp.Diff_Timeout = 0  # exact results; our texts are short


def word_ops(old: str, new: str, compiled: bool = True) -> list[tuple[int, str]]:
    """[(op, text)] with op -1 delete, 0 equal, 1 insert; joins back into both texts.
    `compiled=False` searches in pure Python, with the same result (tests hold them to
    it)."""
    # a line break stays a line break, so diff-match-patch's line mode can first pair
    # up paragraphs and only then compare words inside the ones that differ
    codes = _Codes()
    old_tokens, new_tokens = _TOKEN.findall(old), _TOKEN.findall(new)
    dmp = _FAST if compiled else _PYTHON
    diffs = dmp.diff_main(codes.encode(old_tokens), codes.encode(new_tokens), True)
    dmp.diff_cleanupSemantic(diffs)  # on tokens, so no edit ever splits a word
    # each code stands for one token, so a chunk's length counts tokens: an equality
    # or deletion takes the next ones from the old text, an insertion from the new
    out, i, j = [], 0, 0
    for op, chunk in diffs:
        n = len(chunk)
        if op == 1:
            text = "".join(new_tokens[j:j + n])
        else:
            text = "".join(old_tokens[i:i + n])
            i += n
        j += 0 if op == -1 else n
        if text:
            out.append((op, text))
    return out


class _Codes(dict):
    """token → its one-character code, numbered as first met (a line break is itself)."""

    def __init__(self):
        super().__init__({"\n": "\n"})

    def __missing__(self, token: str) -> str:
        code = self[token] = _char(len(self) - 1)
        return code

    def encode(self, tokens: list[str]) -> str:
        return "".join(map(self.__getitem__, tokens))


def _char(i: int) -> str:
    # skip the line feed and the surrogate block, so every code is a real character
    # and only a real line break reads as one
    n = i + 11
    return chr(n if n < 0xD800 else n + 0x800)


def as_shown(ops: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The ops as a reader is shown them: where only the kind of space between two words
    changed (a line break for a space, as a table cell's line may end in one format and
    not the other), the new space as unchanged text, not as a deletion and an insertion
    of nothing to read."""
    out: list[tuple[int, str]] = []
    k = 0
    while k < len(ops):
        run = k
        while run < len(ops) and ops[run][0] != 0:
            run += 1
        if run > k:
            gone = "".join(t for op, t in ops[k:run] if op < 0)
            came = "".join(t for op, t in ops[k:run] if op > 0)
            if gone and came and not gone.strip() and not came.strip():
                _equal(out, came)
            else:
                out += ops[k:run]
            k = run
        else:
            _equal(out, ops[k][1])
            k += 1
    return out


def _equal(out: list[tuple[int, str]], text: str) -> None:
    if out and out[-1][0] == 0:
        out[-1] = (0, out[-1][1] + text)
    else:
        out.append((0, text))
