"""Typed errors. Each message names the input and says what to do; the CLI prints it
on one line and exits non-zero."""


class RookeryError(Exception):
    """Base for every error a user can cause or fix."""

    exit_code = 1


class FetchError(RookeryError):
    """The bytes could not be obtained (missing file, unreachable URL, HTTP error)."""


class ParseError(RookeryError):
    """The bytes were obtained but are not a document rookery can read."""


class UnsupportedFormat(ParseError):
    """Neither HTML nor PDF, or not the format the caller insisted on."""


class NoSections(ParseError):
    """The document parsed but has nothing that looks like a section."""


class UsageError(RookeryError):
    """The command line or configuration asks for something impossible."""

    exit_code = 2
