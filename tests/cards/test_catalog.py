"""An operator's card list, as card databases export it, and the errors for bad ones."""
import json

import pytest

from rookery.cards.catalog import load
from rookery.errors import UsageError


@pytest.mark.parametrize("name,body", [
    ("cards.csv", "code,name,pack\n01001,Kiln Warden,Core Set\n01002,Ember Queen,Core Set\n"),
    ("cards.csv", "\ufeffTitle;Pack\nKiln Warden;Core Set\nEmber Queen;Core Set\n"),
    ("cards.tsv", "Card Name\tCost\nKiln Warden\t2\nEmber Queen\t5\n"),
    ("cards.json", json.dumps([{"code": "01001", "name": "Kiln Warden"},
                               {"code": "01002", "name": "Ember Queen"}])),
    ("cards.json", json.dumps([{"title": "Kiln Warden"}, {"title": "Ember Queen"}])),
    ("cards.json", json.dumps(["Kiln Warden", "Ember Queen", "Kiln Warden"])),
    ("cards.json", json.dumps({"data": [{"name": "Kiln Warden"}, {"name": "Ember Queen"}]})),
])
def test_a_card_database_export_gives_its_names(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    assert load(path) == ["Kiln Warden", "Ember Queen"]


@pytest.mark.parametrize("body,says", [
    ("code,pack\n01001,Core Set\n", "no 'name' or 'title' column"),
    ("[1, 2]", "item 1 is neither a name nor an object"),
    ('{"cards": 3}', "expected a JSON array"),
    ("[{\"name\": ", "not valid JSON"),
    ("name\n", "no card names in it"),
    ("", "no 'name' or 'title' column"),  # an empty file is no JSON that went wrong
    ("  \n", "no 'name' or 'title' column"),
])
def test_a_bad_card_list_is_one_line_naming_the_file_and_the_fix(tmp_path, body, says):
    path = tmp_path / "cards.txt"
    path.write_text(body)
    with pytest.raises(UsageError, match=says) as caught:
        load(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


def test_a_missing_card_list_says_so(tmp_path):
    with pytest.raises(UsageError, match="cannot read it"):
        load(tmp_path / "nowhere.csv")
