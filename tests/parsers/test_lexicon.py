"""A document's language, told from its most common words, gives the list of words that
settles a break its own words leave open."""
import re
from collections import Counter

import pytest

from rookery.parsers.lexicon import lexicon_of

# our own sentences, in three languages, and a made-up one
TEXTS = {
    "en": "The active player chooses the order of effects that resolve at the same time. "
          "A card that leaves play loses every counter placed on it. Each player draws a "
          "card at the start of their turn, then may play as many cards as they can pay "
          "for. When two abilities trigger together, the player whose turn it is puts them "
          "in the order of their choice. Discarded cards are placed face up on their "
          "owner's discard pile. If an effect reveals a card, every player may look at it "
          "before it returns to its place. An exhausted character cannot attack or defend "
          "this turn unless a rule allows it.",
    "fr": "Le joueur actif choisit l'ordre des effets qui se résolvent en même temps. Une "
          "carte qui quitte le jeu perd tous les marqueurs posés sur elle. Chaque joueur "
          "pioche une carte au début de son tour, puis il peut jouer autant de cartes qu'il "
          "le souhaite tant qu'il paie leur coût. Lorsque deux capacités se déclenchent "
          "ensemble, le joueur dont c'est le tour les met dans l'ordre de son choix. Les "
          "cartes défaussées sont placées face visible dans la pile de défausse de leur "
          "propriétaire. Un personnage épuisé ne peut pas attaquer ni défendre pendant ce "
          "tour, sauf si une règle particulière le permet.",
    "de": "Der aktive Spieler bestimmt die Reihenfolge der Effekte, die gleichzeitig "
          "eintreten. Eine Karte, die das Spiel verlässt, verliert alle Marker, die auf ihr "
          "liegen. Jeder Spieler zieht zu Beginn seines Zuges eine Karte und darf dann so "
          "viele Karten spielen, wie er bezahlen kann. Wenn zwei Fähigkeiten zusammen "
          "ausgelöst werden, legt der Spieler, der am Zug ist, ihre Reihenfolge fest. "
          "Abgeworfene Karten werden offen auf den Ablagestapel ihres Besitzers gelegt. "
          "Ein erschöpfter Charakter kann in diesem Zug weder angreifen noch verteidigen.",
    None: "Vrask tolum besh arrakan ith vorel. Kethra umbol viss aran telgor mith. Osrah "
          "belvin trask oloman dravith keshal. Ulmar thessin vorak imbrel ostar quenith. "
          "Fal dorrim askeleth vunar prissel hoth. Ombrak telvis urran shemmith calad "
          "vorrith. Yessal mirran kolvath desh ulbrin tesk. Garrin olvoth skeldar ithran "
          "bessil morak.",
}


def words_of(text: str) -> Counter:
    return Counter(w.lower() for w in re.findall(r"[^\W\d_]+", text))


@pytest.mark.parametrize("language", list(TEXTS))
def test_a_documents_language_is_the_one_whose_list_knows_its_common_words(language):
    found = lexicon_of(words_of(TEXTS[language]))
    assert (found.language if found else None) == language


def test_a_document_of_few_words_gets_no_list():
    assert lexicon_of(words_of("Rule one. Rule two. See the glossary.")) is None


def test_a_list_knows_words_in_any_case():
    english = lexicon_of(words_of(TEXTS["en"]))
    assert english.knows("Somehow") and english.knows("player")
    assert not english.knows("twoplayer")


def test_a_list_in_use_is_not_loaded_again_for_the_next_document():
    french = words_of(TEXTS["fr"])
    first = lexicon_of(french)
    lexicon_of(words_of(TEXTS["en"]))  # a document in another language between them
    assert lexicon_of(french).words is first.words


def test_a_document_no_list_knows_loads_no_list_when_read_again(monkeypatch):
    import rookery.parsers.lexicon as lexicon

    made_up = words_of(TEXTS[None])
    assert lexicon_of(made_up) is None

    def no_loading(language):
        raise AssertionError(f"the {language} list was loaded again")

    monkeypatch.setattr(lexicon, "_words", no_loading)
    assert lexicon_of(made_up) is None
