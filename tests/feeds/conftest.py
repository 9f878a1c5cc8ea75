"""A store holding the replayed history of the three ThronesDB pages (no PDFs: fast)."""
import logging

import pytest

from replay import Replay
from rookery.config import parse_config
from rookery.fetchers import HttpOptions
from rookery.store import Store
from rookery.watch import Watcher

SOURCES = """
base_url = "https://rules.example.org/rookery/"
[[source]]
id = "faq"
title = "AGoT FAQ (ThronesDB page)"
url = "{url}/faq"
format = "html"
[[source]]
id = "rules"
title = "AGoT Rules Reference"
url = "{url}/rulesreference"
format = "html"
[[source]]
id = "tournament"
title = "AGoT Tournament Regulations"
url = "{url}/tournamentregulations"
format = "html"
"""


@pytest.fixture(scope="module")
def history(corpus, tmp_path_factory):
    """(config, store) after watching every snapshot of the corpus pages."""
    logging.getLogger("rookery").setLevel(logging.ERROR)
    replay = Replay(corpus)
    config = parse_config(SOURCES.format(url=replay.url), tmp_path_factory.mktemp("history"))
    store = Store(config.data)
    watcher = Watcher(store, config, http=HttpOptions(retries=0))
    while replay.advance():
        watcher.cycle()
    replay.close()
    yield config, store
    store.close()
