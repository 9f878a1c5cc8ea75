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


class TooLarge(ParseError):
    """The bytes pass one of a reader's declared limits (parsers/limits.py), or the
    memory or time a parse may take: refused whole, never read in part."""


class UsageError(RookeryError):
    """The command line or configuration asks for something impossible."""

    exit_code = 2


def one_line(error: BaseException) -> str:
    """An error as one line for a log: its own words (a database driver's first line,
    without SQLAlchemy's background links), else its type's name."""
    orig = getattr(error, "orig", None)  # SQLAlchemy wraps the driver's error
    if isinstance(orig, BaseException):
        error = orig
    text = str(error).split("\n")[0].strip()
    words = " ".join(text.split())[:300]
    return words if isinstance(error, RookeryError) else \
        f"{type(error).__name__}: {words}" if words else type(error).__name__
