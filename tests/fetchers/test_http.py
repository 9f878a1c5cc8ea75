import pytest

from rookery.errors import FetchError
from rookery.fetchers import HttpOptions, fetch
from rookery.fetchers.base import USER_AGENT


def options(waits: list, **kw) -> HttpOptions:
    return HttpOptions(retries=kw.pop("retries", 2), backoff=1.0, sleep=waits.append, **kw)


def test_a_plain_get_identifies_itself(scripted):
    script, base = scripted
    script.on("/faq", (200, {"Content-Type": "text/html", "ETag": '"v1"'}, b"<html>hi</html>"))
    got = fetch(f"{base}/faq", options=options([]))
    assert (got.status, got.data, got.content_type) == (200, b"<html>hi</html>", "text/html")
    assert script.seen[0][1]["User-Agent"] == USER_AGENT
    assert "If-None-Match" not in script.seen[0][1]


def test_conditional_get_sends_validators_and_reads_304(scripted):
    script, base = scripted
    script.on("/faq", (304, {"ETag": '"v1"'}, b""))
    got = fetch(f"{base}/faq", options=options([]), etag='"v1"',
                last_modified="Mon, 03 Jun 2019 10:00:00 GMT")
    assert (got.status, got.data) == (304, b"")
    sent = script.seen[0][1]
    assert (sent["If-None-Match"], sent["If-Modified-Since"]) == \
        ('"v1"', "Mon, 03 Jun 2019 10:00:00 GMT")


def test_server_errors_are_retried_with_growing_waits_then_succeed(scripted):
    script, base = scripted
    script.on("/faq", (500, {}, b"oops"), (502, {}, b"oops"), (200, {}, b"<html>ok</html>"))
    waits = []
    got = fetch(f"{base}/faq", options=options(waits))
    assert got.data == b"<html>ok</html>" and len(script.seen) == 3
    assert 0.5 <= waits[0] <= 1.5 and 1.0 <= waits[1] <= 3.0  # backoff with jitter


def test_retry_after_is_honoured(scripted):
    script, base = scripted
    script.on("/faq", (503, {"Retry-After": "7"}, b"busy"), (429, {"Retry-After": "3"}, b""),
              (200, {}, b"<html>ok</html>"))
    waits = []
    fetch(f"{base}/faq", options=options(waits))
    assert waits == [7.0, 3.0]


def test_errors_that_persist_raise_one_clear_line(scripted):
    script, base = scripted
    script.on("/faq", (503, {}, b"busy"))
    with pytest.raises(FetchError, match=r"/faq: the server answered HTTP 503 \(after 3 attempts\)"):
        fetch(f"{base}/faq", options=options([]))


def test_client_errors_are_not_retried(scripted):
    script, base = scripted
    script.on("/faq", (404, {}, b"gone"))
    with pytest.raises(FetchError, match="HTTP 404"):
        fetch(f"{base}/faq", options=options([]))
    assert len(script.seen) == 1


def test_a_reset_connection_is_retried(scripted):
    script, base = scripted
    script.on("/faq", "reset", (200, {}, b"<html>ok</html>"))
    assert fetch(f"{base}/faq", options=options([])).data == b"<html>ok</html>"


def test_a_truncated_body_is_an_error_not_a_document(scripted):
    script, base = scripted
    script.on("/faq", (200, {"Content-Length": "1000"}, b"<html>only part"))
    with pytest.raises(FetchError, match="cut short"):
        fetch(f"{base}/faq", options=options([], retries=1))


def test_bodies_over_the_limit_are_refused(scripted):
    script, base = scripted
    script.on("/big", (200, {}, b"x" * 5000))
    with pytest.raises(FetchError, match="5000 bytes is over the size limit"):
        fetch(f"{base}/big", options=options([], max_size=1000))


def test_a_body_of_undeclared_length_is_cut_off_at_the_limit(scripted):
    script, base = scripted
    script.on("/stream", (200, {"Content-Length": None}, b"x" * 300_000))
    with pytest.raises(FetchError, match="the body is over the size limit"):
        fetch(f"{base}/stream", options=options([], max_size=100_000))
    assert fetch(f"{base}/stream", options=options([], max_size=400_000)).data == \
        b"x" * 300_000


def test_a_host_name_that_does_not_resolve_fails_at_once():
    # .invalid never resolves (RFC 2606): no retry can help, so none is made
    slept: list[float] = []
    with pytest.raises(FetchError, match=r"cannot resolve the host name 'rules\.invalid'"):
        fetch("http://rules.invalid/faq", options=options(slept, retries=4))
    assert slept == []


def test_a_refused_connection_is_still_retried():
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    slept: list[float] = []
    told: list = []
    with pytest.raises(FetchError, match="connection refused.*after 3 attempts"):
        fetch(f"http://127.0.0.1:{port}/faq", options=options(slept, retries=2,
                                                               on_retry=told.append))
    assert len(slept) == 2
    # each wait is told first: the address, why, how long, and which attempt comes next
    assert [str(retry) for retry in told] == [
        f"http://127.0.0.1:{port}/faq: cannot connect (connection refused); trying again in "
        f"{wait:.1f} s (attempt {k} of 3)" for k, wait in enumerate(slept, 2)]
    assert [(r.wait, r.attempt, r.attempts) for r in told] == [
        (wait, k, 3) for k, wait in enumerate(slept, 2)]
