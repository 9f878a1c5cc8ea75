"""What every `--format json` prints: indented JSON that reads back as the data, with
text as it reads, whichever encoder wrote it."""
import json

import pytest

from rookery.commands.common import json_text


@pytest.mark.parametrize("data", [
    {"changes": [], "flags": {}},
    {"ops": [[0, "Lanterns "], [-1, "glow"], [1, "shine"]], "similarity": 0.9873},
    {"text": "Dand\u00e2n \u2014 \u201cquoted\u201d \U0001f56f\ufe0f"},  # printed as it reads
    {"control": "a\tb\nc\x00d\x1f", "quote": 'say "no" \\ here'},
    [1, -2, 3.5, True, False, None, [], {}, [[{}]]],
])
def test_json_reads_back_as_the_data_and_is_indented(data):
    text = json_text(data)
    assert json.loads(text) == data
    assert text == json.dumps(data, indent=2, ensure_ascii=False)


@pytest.mark.parametrize("data", [
    {"big": 2 ** 70},  # past 64 bits
    {"text": "half a pair \ud83d"},  # a lone surrogate
])
def test_what_the_fast_encoder_refuses_is_written_the_standard_way(data):
    assert json_text(data) == json.dumps(data, indent=2, ensure_ascii=False)
