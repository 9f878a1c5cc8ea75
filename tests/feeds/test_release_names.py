"""A release that prints a date and no version is named by that date wherever rookery
publishes it: the revision's page, the source's page, the feeds and the notification."""
from __future__ import annotations

import feedparser
from lxml import html as lxml_html

from rookery.config import parse_config
from rookery.feeds.site import publish
from rookery.notify.message import compose
from rookery.notify.send import announcement
from rookery.store import Store
from rookery.watch import Watcher, describe_revision


def dated(day: str, lanterns: str) -> str:
    return (f"Lantern League Rules\n\nThese rules are effective as of {day}.\n\n"
            f"1. Play\n\n1.1 Each player lights {lanterns}.\n\n"
            "1.2 A lantern burns for one round.\n")


def test_a_dated_release_is_named_by_its_date_in_pages_feeds_and_messages(tmp_path):
    file = tmp_path / "lantern.txt"
    config = parse_config('base_url = "https://rules.example.org/"\n[[source]]\n'
                          'id = "lantern"\ntitle = "Lantern League"\n'
                          f'url = "{file.as_uri()}"\n', tmp_path)
    out = tmp_path / "site"
    with Store(config.data) as store:
        watcher = Watcher(store, config)
        for day, lanterns in (("January 24, 2020", "one lantern"),
                              ("3 March 2021", "two lanterns")):
            file.write_text(dated(day, lanterns))
            (rev,) = watcher.cycle().revisions
        publish(store, config, out)
        message = compose(announcement(store, config, rev.id))
    name = "effective 2021-03-03"
    assert rev.label == name
    assert describe_revision(rev).startswith(f"revision 2 ({name}) recorded")
    assert message.body.splitlines()[0] == f"Lantern League {name}"  # said once
    assert message.title == f"rookery: Lantern League {name}"
    page = lxml_html.fromstring((out / "lantern" / "revisions" / "2.html").read_bytes())
    assert page.findtext(".//h1") == f"Lantern League {name}"
    assert name not in page.find_class("meta")[0].text_content()
    listing = " ".join(lxml_html.fromstring((out / "lantern" / "index.html").read_bytes())
                       .text_content().split())
    assert listing.count("effective 2020-01-24") == listing.count(name) == 1
    feed = feedparser.parse((out / "lantern" / "feed.atom").read_bytes())
    assert [e.title.split(":")[0] for e in feed.entries][:1] == [f"Lantern League {name}"]
