"""`rookery check FILE|URL|SOURCE@REV`: how sound a reading is, with no truth needed."""
from __future__ import annotations

import sys

from .common import add_format, config_of, print_json

LISTED = 10  # numbers or titles named per problem in text output


def add(p, name: str) -> None:
    p.set_defaults(handler=run)
    p.description = (
        "Read a release and say how sound the reading is: its sections and numbered "
        "sections; numbered rules with no text and nothing under them; numbers printed "
        "twice or going backwards; titles that are a bullet, an icon, a URL, a date, a page "
        "number or the document's title again; and every word of the text accounted for "
        "(in a section, in furniture it can name: running heads, page numbers, contents, "
        "the title block, site chrome; or lost, with where it stood). RELEASE is a path, an "
        "http(s) URL or SOURCE@REV (its stored body, read again). Exit status: 0 sound, 1 "
        "doubtful, 2 unreadable.")
    p.add_argument("release", metavar="RELEASE",
                   help="a web page, PDF, Word file or text file: a path, URL or SOURCE@REV")
    add_format(p, help="text (default): a verdict and what makes it; json: the reading's "
                       "counts (see the README)")
    p.add_argument("--remove", metavar="SELECTOR", action="append", default=[],
                   help="leave out HTML elements matching this CSS selector before parsing "
                        "(repeatable)")
    p.add_argument("--pdf-reader", choices=("pdfium", "pdfplumber"), default=None,
                   help="which library reads a PDF's characters (default: `pdf_reader` in "
                        "the configuration, else pdfium)")


def run(args) -> int:
    from ..errors import FetchError, ParseError, UnsupportedFormat
    from ..model import reading_to_dict

    config = config_of(args)
    options = config.parse.read_options(remove=tuple(args.remove),
                                        pdf_reader=args.pdf_reader or config.pdf_reader)
    try:
        doc = _read(args, options)
    except (ParseError, UnsupportedFormat, FetchError) as e:
        text = str(e)
        print(f"rookery: error: {text if args.release in text else f'{args.release}: {text}'}",
              file=sys.stderr)
        return 2
    reading = doc.reading
    if args.format == "json":
        print_json({"release": args.release, "format": doc.format, "title": doc.title,
                    "version": doc.version, "effective": doc.effective,
                    **reading_to_dict(reading)})
    else:
        sys.stdout.write(render(args.release, doc.format, reading))
    return 1 if reading.doubtful else 0


def _read(args, options):
    """The release parsed afresh (a stored revision from its kept body, as its source is
    read), judged as it is read."""
    from ..parsers.together import Release, parse_releases
    from .diff import load_documents, store_ref

    ref = store_ref(args.release)
    if ref is None:
        return load_documents([args.release], options, config_of(args).parse.open_cache(),
                              args)[0]
    import dataclasses

    from ..store import revisions as revs

    config = config_of(args)
    with config.open_store(readonly=True) as store:
        rev = revs.resolve(store, *ref, configured=[s.id for s in config.sources])
        data = store.body(rev.body_sha256)
    source = next((s for s in config.sources if s.id == rev.source_id), None)
    if source is not None and not args.remove:
        options = dataclasses.replace(options, remove=source.remove)
    return parse_releases([Release(data, args.release)], config.parse.open_cache(),
                          options)[0]


def render(release: str, format: str, reading) -> str:
    """The verdict and its grounds, for people."""
    from ..model import plural

    lines = [f"{release}: {'doubtful' if reading.doubtful else 'sound'}"
             + (f": {'; '.join(reading.problems)}" if reading.doubtful else "")]
    lines.append(f"  {plural(reading.sections, 'section')}, {reading.numbered} numbered")
    for label, numbers in (("numbered rules without text", reading.empty),
                           ("numbers printed twice", reading.repeated),
                           ("numbers out of order", reading.out_of_order),
                           ("numbers after a gap in the numbering", reading.skipped),
                           ("numbered rules left in another's text", reading.in_text),
                           ("numbers set under a rule they follow", reading.misplaced),
                           ("numbers set under another's rule", reading.astray)):
        if numbers:
            more = f" and {len(numbers) - LISTED} more" if len(numbers) > LISTED else ""
            lines.append(f"  {label}: {', '.join(numbers[:LISTED])}{more}")
    for label, titles in (("headings over nothing", reading.over_nothing),
                          ("headings the file lists read as text", reading.headings_in_text),
                          ("contents lines read as sections", reading.contents_in_text),
                          ("columns of figures read apart from their rows",
                           reading.figures_apart),
                          ("sections cut out of a sentence", reading.mid_sentence),
                          ("list items read as rules", reading.items_as_rules),
                          ("sections nested under the wrong heading", reading.nested_wrong),
                          ("headings left in the text", reading.headings_lost),
                          ("numbers left in titles", reading.numbers_in_titles),
                          ("labels read as sections", reading.label_titles),
                          ("a table's columns read apart (their headers)",
                           reading.columns_apart),
                          ("words stored backwards (right-to-left in visual order)",
                           reading.visual_order),
                          ("words read letter by letter", reading.letters_apart)):
        if titles:
            more = len(titles) - LISTED
            lines.append(f"  {label}: " + ", ".join(repr(t) for t in titles[:LISTED])
                         + (f" and {more} more" if more > 0 else ""))
    if reading.junk_titles:
        shown = ", ".join(f"{title!r} ({why})" for title, why in reading.junk_titles[:LISTED])
        lines.append(f"  titles that are not titles: {shown}")
    w = reading.words
    if w is not None:
        aside = ", ".join(f"{reason} {n}" for reason, n in w.furniture.items())
        lines.append(f"  words: {w.words} given, {w.in_sections} in sections"
                     + (f", {aside}" if aside else "") + f", {w.lost} lost")
        for where, text in w.lost_at:
            lines.append(f"    lost at {where}: {text}")
    return "\n".join(lines) + "\n"
