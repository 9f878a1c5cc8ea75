"""Work done in a forked process beside this one (rookery/diffs/beside.py) gives what it
gives here, and is done here where forking is unsafe or the process gives nothing; a
diff whose summaries are read apart is the diff read in one process."""
import os
import threading

import pytest

import accounted
from rookery.diffs import beside, compare
from rookery.diffs.beside import Beside
from rookery.diffs.report import to_json
from rookery.parsers import parse


@pytest.fixture
def alone(monkeypatch):
    """This process taken for one of a single thread, whatever threads earlier tests in
    it left waiting: the work below is forked as it would be in `rookery diff`."""
    monkeypatch.setattr(beside, "forkable", lambda: True)


def test_the_work_is_done_in_another_process_and_its_value_comes_back(alone):
    with Beside(os.getpid) as apart:
        assert apart.result() != os.getpid()
    with Beside(os.getpid, apart=False) as here:
        assert here.result() == os.getpid()


def test_beside_the_scheduler_s_threads_nothing_is_forked():
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert not beside.forkable()
        with Beside(os.getpid) as here:
            assert here.result() == os.getpid()
    finally:
        stop.set()
        thread.join()


def test_work_that_fails_apart_fails_here_as_it_would_alone(alone):
    def fails():
        raise ValueError("no such section")

    with Beside(fails) as beside:
        with pytest.raises(ValueError, match="no such section"):
            beside.result()


def test_a_process_whose_result_is_not_asked_for_is_stopped(alone):
    with Beside(lambda: threading.Event().wait()) as waiting:  # (it never ends)
        pid = waiting._pid
    assert pid is not None and waiting._pid is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped already


@pytest.mark.parametrize("fmt", ["text", "pdf"])
@pytest.mark.parametrize("form", accounted.FORMS)
def test_a_diff_with_its_summaries_read_apart_is_the_diff_read_here(fmt, form, alone,
                                                                    monkeypatch):
    old, new = (parse(accounted.printed("en", revised, form, fmt), source=f"r{revised}.{fmt}")
                for revised in (False, True))
    monkeypatch.setattr(compare, "APART_SECTIONS", 10 ** 9)
    here = to_json(compare.diff_documents(old, new))
    monkeypatch.setattr(compare, "APART_SECTIONS", 0)
    apart = to_json(compare.diff_documents(old, new))
    assert apart == here and here["publisher"]["listed"]
