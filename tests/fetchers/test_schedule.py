"""When a scheduled job runs next: the next interval counted from the epoch, or the next
minute a crontab line names; and the words a log gives it."""
import datetime as dt

import pytest

from rookery.fetchers.schedule import next_run, next_try

UTC = dt.timezone.utc
AT = dt.datetime(2024, 5, 1, 12, 0, 30, tzinfo=UTC)


@pytest.mark.parametrize("every, cron, expected", [
    (3600, None, dt.datetime(2024, 5, 1, 13, 0, tzinfo=UTC)),
    (6 * 3600, None, dt.datetime(2024, 5, 1, 18, 0, tzinfo=UTC)),
    (86400, None, dt.datetime(2024, 5, 2, 0, 0, tzinfo=UTC)),
    (None, None, dt.datetime(2024, 5, 1, 18, 0, tzinfo=UTC)),  # the default: every 6h
    (90, None, dt.datetime(2024, 5, 1, 12, 1, 30, tzinfo=UTC)),
])
def test_an_interval_runs_next_at_its_next_due_time(every, cron, expected):
    assert next_run(every, cron, AT) == expected


def test_a_crontab_line_runs_next_at_its_next_minute():
    when = next_run(None, "*/15 * * * *", AT)
    assert when > AT and when - AT <= dt.timedelta(minutes=15) and when.minute % 15 == 0


@pytest.mark.parametrize("every, span", [(3600, "(in 1h)"), (86400, "(in 12h)"),
                                         (5400, "(in 1h 30m)"), (3 * 86400 + 60, "(in 2d 2h 14m)"),
                                         (30, "(in under a minute)")])
def test_a_next_try_is_said_with_how_long_until_then(every, span):
    at = AT.replace(second=0)
    said = next_try(every, None, at)
    local = next_run(every, None, at).astimezone()
    assert said == f"next try at {local:%Y-%m-%d %H:%M} {span}"
