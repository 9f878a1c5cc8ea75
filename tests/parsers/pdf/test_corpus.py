"""The FAQ and Rules Reference PDFs in ../shared/corpus/pdf (two columns, one engine)
against the pages they were typeset from: see tests/pdf_corpus_cases.py."""
from pdf_corpus_cases import corpus_cases

globals().update(corpus_cases("pdf"))
