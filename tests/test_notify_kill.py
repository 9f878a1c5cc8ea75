"""kill -9 of `rookery run` while it sends: no message lost, and every repeat carries
the id of a message the target already has, so a receiver can drop it (a few trials;
benchmarks/bench_notify_kill.py runs many and prints the figures)."""
from __future__ import annotations

import random

from killtrials import HOOKS, Tally, trial

TRIALS = 2


def test_kill_9_while_sending_loses_nothing_and_every_repeat_has_a_known_id(tmp_path):
    tally = Tally()
    picks = random.Random(25)
    for n in range(TRIALS):
        # killed as a webhook is taking a message: the worst moment, a repeat is certain
        tally.add(trial(tmp_path / f"trial-{n}", kill_after=picks.randint(1, HOOKS)))
    print(tally)
    assert tally.trials == TRIALS and tally.lost == 0
    assert tally.duplicated >= 1  # the kill did land between taking and recording
    assert tally.droppable == tally.duplicated
