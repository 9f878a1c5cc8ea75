"""The one compiled part: the PDF reader's per-glyph loops (rookery/parsers/pdf/csrc,
see speedups.py there). It is optional: where no C compiler is found the install goes
on, and the reader runs the same loops in Python, only slower."""
from setuptools import Extension, setup

SOURCES = ["module.c", "chars.c", "fragments.c", "letters.c", "lines.c", "tally.c"]

setup(ext_modules=[Extension("rookery.parsers.pdf._speedups",
                             [f"rookery/parsers/pdf/csrc/{name}" for name in SOURCES],
                             depends=["rookery/parsers/pdf/csrc/speedups.h"],
                             optional=True)])
