"""Messages about new revisions delivered through apprise to real receivers on loopback:
a webhook (json://) and an SMTP server (mailto://); once each, retried, given up."""
import logging

import pytest

from rookery.config import parse_config
from rookery.fetchers import HttpOptions
from rookery.notify.send import deliver
from rookery.store import Store, outbox
from rookery.watch import Watcher

V1, V2 = "skyforge_faq_v1.html", "skyforge_faq_v2.html"


@pytest.fixture
def sky(tmp_path, scripted, fixtures):
    """watch(notify_tables) → (config, store, cycle): the Skyforge FAQ at v1, recorded;
    `cycle()` serves v2 and runs one fetch cycle."""
    script, base = scripted
    stores = []

    def watch(notify: str):
        config = parse_config('base_url = "https://rules.example.org/rk/"\n'
                              f'[[source]]\nid = "sky"\ntitle = "Skyforge FAQ"\n'
                              f'url = "{base}/faq"\nformat = "html"\n{notify}', tmp_path)
        store = Store(config.data)
        stores.append(store)
        watcher = Watcher(store, config, http=HttpOptions(retries=0, timeout=5))
        script.on("/faq", (200, {}, (fixtures / V1).read_bytes()))
        watcher.cycle()

        def cycle():
            script.on("/faq", (200, {}, (fixtures / V2).read_bytes()))
            return watcher.cycle()

        return config, store, cycle

    yield watch
    for store in stores:
        store.close()


def target(url: str, **keys) -> str:
    extra = "".join(f"{k} = {v!r}\n".replace("'", '"') for k, v in keys.items())
    return f'[[notify]]\nurl = "{url}"\n{extra}'


def test_a_new_revision_reaches_the_webhook_once_with_its_sections_and_link(sky, receiver):
    config, store, cycle = sky(target(receiver.url(), name="guild"))
    assert deliver(store, config).sent == 0  # the first import announces nothing
    cycle()
    assert deliver(store, config).sent == 1
    assert deliver(store, config).sent == 0  # exactly once
    [message] = receiver.messages
    assert message["title"] == "rookery: Skyforge FAQ v2.0"
    body = message["message"]
    assert body.splitlines()[0] == "Skyforge FAQ v2.0 (effective 2021-09-01)"
    assert "(1.2) Mulligans: new ruling" in body
    assert "(2.1) Ordering Simultaneous Effects" in body
    assert body.rstrip().endswith("https://rules.example.org/rk/sky/revisions/2.html")
    assert len(body) < 2000  # fits a chat message


def test_mail_reaches_the_inbox_with_the_revision_in_its_subject(sky, mailbox):
    config, store, cycle = sky(target(mailbox.url(), title="Skyforge watch"))
    cycle()
    assert deliver(store, config).sent == 1
    [mail] = mailbox.messages
    assert mail["Subject"] == "Skyforge watch: Skyforge FAQ v2.0"
    assert mail["To"] == "player@example.org"
    text = mail.get_body(("plain", "html")).get_content()
    assert "Mulligans" in text and "sky/revisions/2.html" in text


def test_a_receiver_down_for_two_rounds_gets_the_message_on_the_third_once(sky, receiver):
    config, store, cycle = sky(target(receiver.url(), backoff=0, tries=5))
    receiver.answers = [503, 503, 200]
    cycle()
    rounds = [deliver(store, config) for _ in range(4)]
    assert [(r.sent, r.retrying) for r in rounds] == [(0, 1), (0, 1), (1, 0), (0, 0)]
    assert len(receiver.messages) == 1 and receiver.attempts == 3
    [sent] = outbox.deliveries(store)
    assert (sent.state, sent.tries) == (outbox.DeliveryState.SENT, 3)


def test_a_target_that_never_takes_it_is_given_up_and_blocks_no_other(sky, receiver, caplog):
    from receivers import Receiver

    other = Receiver()
    try:
        config, store, cycle = sky(target(receiver.url("gone"), name="gone", backoff=0, tries=3)
                                   + target(other.url(), name="ok"))
        receiver.answers = [503]
        cycle()
        caplog.set_level(logging.INFO, logger="rookery")
        rounds = [deliver(store, config) for _ in range(4)]
    finally:
        other.close()
    assert len(other.messages) == 1  # delivered in the first round all the same
    assert [r.given_up for r in rounds] == [0, 0, 1, 0] and receiver.attempts == 3
    gave_up = [r.getMessage() for r in caplog.records if "gave up" in r.getMessage()]
    assert len(gave_up) == 1 and "\n" not in gave_up[0] and "after 3 tries" in gave_up[0]
    states = {d.target: d.state for d in outbox.deliveries(store)}
    assert states == {"gone": "failed", "ok": "sent"}


def test_a_later_try_waits_for_its_backoff(sky, receiver):
    config, store, cycle = sky(target(receiver.url(), backoff=3600))
    receiver.answers = [500, 200]
    cycle()
    assert deliver(store, config).retrying == 1
    assert deliver(store, config).sent == 0 and receiver.attempts == 1  # not yet due
    assert outbox.due(store, at="9999-01-01T00:00:00+00:00")  # but still owed


@pytest.mark.parametrize("keys, told", [
    ({}, True),
    ({"sources": ["sky"]}, True),
    ({"only": "alerts"}, False),  # nothing in this revision contradicts anything
    ({"sections": ["1.2"]}, True),  # (1.2) Mulligans is new
    ({"sections": ["mulligan"]}, True),
    ({"sections": ["9.9", "lanes of fog"]}, False),
])
def test_targets_hear_only_of_what_they_follow(sky, receiver, keys, told):
    config, store, cycle = sky(target(receiver.url(), **keys))
    cycle()
    deliver(store, config)
    assert len(receiver.messages) == (1 if told else 0)


def test_what_a_target_answers_is_told_without_secrets_or_control_characters():
    from rookery.notify.send import _scrub

    url = "discord://4455667788/TokenPartAbc"
    said = "Failed to send to https://discord.com/api/webhooks/4455667788/TokenPartAbc:\n" \
           "\x1b[2J\u202eHTTP 401\x07 Unauthorized"
    told = _scrub(said, url)
    assert "4455667788" not in told and "TokenPartAbc" not in told
    assert not any(c in told for c in "\x1b\x07\u202e\n")
    assert "HTTP 401 Unauthorized" in told
