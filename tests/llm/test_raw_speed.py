"""The bench's raw llama.cpp rates come from real inference on the bundled SmolLM2 (figures are
printed by `make bench`, never asserted as speeds here)."""

from __future__ import annotations

import pytest

from pipeline.bench import raw_llamacpp_speed

pytestmark = pytest.mark.integration


def test_raw_llamacpp_rates_are_measured() -> None:
    rates = raw_llamacpp_speed()
    assert set(rates) == {
        "decode_tokens_per_s",
        "prompt_eval_tokens_per_s",
        "decode_with_json_grammar_tokens_per_s",
    }
    assert all(value > 0 for value in rates.values())
