"""The FAQ PDFs in ../shared/corpus/pdf_b (another engine's A4 pages: justified and
hyphenated, small capitals, a one-column contents page) against the pages they were
typeset from: see tests/pdf_corpus_cases.py."""
from pdf_corpus_cases import corpus_cases

globals().update(corpus_cases("pdf_b"))
