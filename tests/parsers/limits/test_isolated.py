"""A parse in a process of its own stops at its memory ceiling or its deadline with one
line naming the setting, whatever the reader was doing (Python out of memory, a PDF
library aborting the process), and the jobs beside it come back whole."""
import time

import pytest

import hostile_files as hostile
from rookery.errors import NoSections, TooLarge
from rookery.parsers import ReadOptions, parse
from rookery.parsers.limits.isolated import Job, parse_apart

MB = 1024 * 1024
GOOD = hostile.unclosed_divs(12)


def job(data: bytes, name: str, **ceilings) -> Job:
    return Job(data, name, "auto", ReadOptions(workers=1, **ceilings))


# Python's MemoryError, or a library that aborts the process: both name the ceiling
CEILING = (r"(reading it needs more memory than|the reader stopped on it \(killed by SIG\w+\), "
           r"most likely for want of memory:) the {} MB one parse may take "
           r"\(\[parse\] memory\)$")


@pytest.mark.parametrize("case,data,memory", [
    ("Python runs out", b"a b\n" * 1_900_000, 64),  # two million lines, each an object
    ("PDFium aborts", hostile.forms_of_long_runs(), 256),
])
def test_a_parse_past_its_memory_ceiling_is_one_line_and_the_others_come_back(
        case, data, memory):
    name = "forms.pdf" if data.startswith(b"%PDF") else "long.txt"
    jobs = [job(GOOD, "good.html", memory=memory * MB), job(data, name, memory=memory * MB)]
    with pytest.raises(TooLarge, match=rf"^{name}: " + CEILING.format(memory)):
        parse_apart(jobs, at_once=2)
    assert len(parse_apart(jobs[:1])[0][0].sections) == 12  # (the same ceiling)


def test_a_parse_past_its_deadline_is_stopped_then_with_one_line():
    slow = hostile.many_sections(30_000)  # seconds to read
    started = time.monotonic()
    with pytest.raises(TooLarge, match=r"^slow\.html: reading it took longer than the 0\.5 s "
                                       r"one parse may take \(\[parse\] deadline\)$"):
        parse_apart([job(slow, "slow.html", deadline=0.5)])
    assert time.monotonic() - started < 5


def test_what_a_reader_refuses_comes_back_as_it_said_it():
    with pytest.raises(NoSections, match=r"^blank\.html: no headings or entries found"):
        parse_apart([job(b"<html><body></body></html>", "blank.html", memory=256 * MB,
                         deadline=60)])


def test_within_its_ceilings_a_parse_gives_what_a_parse_here_gives():
    (doc, entry), = parse_apart([Job(GOOD, "good.html", "auto",
                                     ReadOptions(memory=256 * MB, deadline=60), key="k")])
    assert doc == parse(GOOD, "good.html") and entry is not None


@pytest.mark.parametrize("jobs", [0, 1, 2])
def test_the_callers_work_is_done_once_whatever_the_parses(jobs):
    done = []
    found = parse_apart([job(GOOD, f"good{k}.html") for k in range(jobs)], at_once=2,
                        meanwhile=lambda: done.append(True))
    assert done == [True] and len(found) == jobs


def test_the_callers_work_is_done_while_a_slower_parse_still_runs():
    import multiprocessing

    running = []
    slow = hostile.many_sections(30_000)  # seconds to read
    parse_apart([job(GOOD, "good.html"), job(slow, "slow.html")], at_once=2,
                meanwhile=lambda: running.append(len(multiprocessing.active_children())))
    assert running == [1]


def test_the_callers_work_is_done_when_a_parse_fails_too():
    done = []
    with pytest.raises(NoSections):
        parse_apart([job(b"<html><body></body></html>", "blank.html")],
                    meanwhile=lambda: done.append(True))
    assert done == [True]
