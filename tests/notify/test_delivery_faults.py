"""What a delivery does when the target misbehaves, on real receivers on loopback: a
slow webhook within and beyond the target's timeout, a 4xx that no retry can pass, a
message given up and sent again by `rookery notify retry`, and ids that stay the same
across tries (a webhook header, a mail's Message-ID)."""
from __future__ import annotations

import logging

import pytest

from rookery.config import load_config
from rookery.fetchers import HttpOptions
from rookery.notify.send import deliver
from rookery.store import Store, outbox
from rookery.watch import Watcher

V1, V2 = "skyforge_faq_v1.html", "skyforge_faq_v2.html"


@pytest.fixture
def owed(tmp_path, scripted, fixtures):
    """owed(notify_tables) → (config path, config, store): the Skyforge FAQ recorded at
    v1 and then v2, so each target is owed one message."""
    script, base = scripted
    stores = []

    def make(notify: str):
        path = tmp_path / "rookery.toml"
        path.write_text('data = "data"\nbase_url = "https://rules.example.org/rk/"\n'
                        f'[[source]]\nid = "sky"\ntitle = "Skyforge FAQ"\n'
                        f'url = "{base}/faq"\nformat = "html"\n{notify}')
        config = load_config(path)
        store = Store(config.data)
        stores.append(store)
        watcher = Watcher(store, config, http=HttpOptions(retries=0, timeout=5))
        for version in (V1, V2):
            script.on("/faq", (200, {}, (fixtures / version).read_bytes()))
            watcher.cycle()
        return path, config, store

    yield make
    for store in stores:
        store.close()


def target(url: str, **keys) -> str:
    return "[[notify]]\n" + f'url = "{url}"\n' + "".join(
        f"{k} = {v!r}\n".replace("'", '"') for k, v in keys.items())


def test_a_slow_webhook_within_its_timeout_gets_the_message_once(owed, receiver):
    _path, config, store = owed(target(receiver.url(), timeout=8, tries=3, backoff=0))
    receiver.delay = 4.5  # beyond the 4 s apprise waits unless told otherwise
    stats = deliver(store, config)
    assert (stats.sent, receiver.attempts) == (1, 1)


def test_a_webhook_answering_after_the_timeout_is_unconfirmed_not_lost(owed, receiver,
                                                                      caplog, cli):
    path, config, store = owed(target(receiver.url(), timeout=0.5, tries=3, backoff=0))
    receiver.delay = 1.5
    caplog.set_level(logging.INFO, logger="rookery")
    rounds = [deliver(store, config) for _ in range(3)]
    assert [r.unconfirmed for r in rounds] == [1, 0, 0]
    assert receiver.attempts == 1 and len(receiver.messages) == 1  # it did arrive, once
    said = [r.getMessage() for r in caplog.records if "no answer within" in r.getMessage()]
    assert len(said) == 1 and "may have arrived" in said[0] and "gave up" not in said[0]
    [d] = outbox.deliveries(store)
    assert d.state == outbox.DeliveryState.UNCONFIRMED
    code, out, _err = cli("--config", path, "notify", "status")
    assert code == 1 and "unconfirmed" in out


def test_a_4xx_is_given_up_at_once_and_notify_retry_sends_it_again(owed, receiver, cli):
    path, config, store = owed(target(receiver.url(), tries=5, backoff=0))
    receiver.answers = [400, 200]
    stats = deliver(store, config)
    assert (stats.given_up, receiver.attempts) == (1, 1)  # no retry can pass a 400
    assert deliver(store, config).sent == 0 and receiver.attempts == 1
    code, out, _err = cli("--config", path, "notify", "status")
    assert code == 1, out  # a monitoring script sees it
    code, _out, err = cli("--config", path, "notify", "retry")
    assert code == 0 and "1 message sent" in err, err
    assert len(receiver.messages) == 1
    first, again = receiver.seen
    assert first[1] == again[1] and first[1].startswith("<rookery.sky.2.")
    code, _out, _err = cli("--config", path, "notify", "status")
    assert code == 0


@pytest.mark.parametrize("status", [408, 429, 503])
def test_answers_that_may_pass_later_are_tried_again(owed, receiver, status):
    _path, config, store = owed(target(receiver.url(), tries=3, backoff=0))
    receiver.answers = [status, 200]
    assert deliver(store, config).retrying == 1
    assert deliver(store, config).sent == 1 and receiver.attempts == 2


def test_a_mail_keeps_its_message_id_across_tries(owed, mailbox):
    _path, config, store = owed(target(mailbox.url(), tries=3, backoff=0))
    mailbox.refuse = 1
    assert deliver(store, config).retrying == 1
    assert deliver(store, config).sent == 1
    [refused], [taken] = mailbox.refused, mailbox.messages
    assert refused["Message-ID"] == taken["Message-ID"]
    assert taken["Message-ID"] == "<rookery.sky.2.mailto-1@rules.example.org>"
    assert len(taken.get_all("Message-ID")) == 1
