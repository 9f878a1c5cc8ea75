"""Word-level diff operations between two normalized texts (diff-match-patch).

diff-match-patch compares characters; we hand it one character per word, space run or
punctuation mark (the trick its line mode uses for lines) and run its semantic cleanup
on those, so small coincidental equalities merge away and no edit ever splits a word.
"""
from __future__ import annotations

import re

from diff_match_patch import diff_match_patch

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
_DMP = diff_match_patch()
_DMP.Diff_Timeout = 0  # exact results; our texts are short


def word_ops(old: str, new: str) -> list[tuple[int, str]]:
    """[(op, text)] with op -1 delete, 0 equal, 1 insert; joins back into both texts."""
    # a line break stays a line break, so diff-match-patch's line mode can first pair
    # up paragraphs and only then compare words inside the ones that differ
    vocabulary: dict[str, str] = {"\n": "\n"}
    words: list[str] = []

    def encode(text: str) -> str:
        out = []
        for token in _TOKEN.findall(text):
            code = vocabulary.get(token)
            if code is None:
                code = vocabulary[token] = _char(len(words))
                words.append(token)
            out.append(code)
        return "".join(out)

    def decode(chunk: str) -> str:
        return "".join("\n" if c == "\n" else words[_index(c)] for c in chunk)

    a, b = encode(old), encode(new)
    diffs = _DMP.diff_main(a, b, True)
    _DMP.diff_cleanupSemantic(diffs)  # on tokens, so no edit ever splits a word
    return [(op, text) for op, chunk in diffs if (text := decode(chunk))]


def _char(i: int) -> str:
    # skip the line feed and the surrogate block, so every code is a real character
    # and only a real line break reads as one
    n = i + 11
    return chr(n if n < 0xD800 else n + 0x800)


def _index(c: str) -> int:
    n = ord(c)
    return (n if n < 0xD800 else n - 0x800) - 11
