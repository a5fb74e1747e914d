"""A Chinese "line" longer than spaCy's max_length (1,000,000): a PDF without line breaks can
be one. It goes to spaCy in pieces cut at sentence ends, and the sentences come out whole."""

from __future__ import annotations

import pytest

from pipeline.entities.nlp import chinese
from pipeline.entities.parse import SPACY_PIECE, _line_pieces, sentence_bounds

SENTENCE = "甲方应于2026年3月1日前支付货款人民币壹万元整，逾期按日万分之五计付违约金。"


@pytest.mark.slow
def test_a_line_over_spacys_limit_is_split_into_whole_sentences() -> None:
    count = chinese().max_length // len(SENTENCE) + 10  # just over the limit, on one line
    text = SENTENCE * count
    assert len(text) > chinese().max_length
    bounds = sentence_bounds(text, "zh")
    assert len(bounds) == count
    assert all(text[start:end] == SENTENCE for start, end in bounds)


def test_pieces_are_cut_after_a_sentence_end_and_cover_the_text() -> None:
    text = "第一句。第二句较长一些。" * 5 + "\n" + "无标点" * 10
    pieces = list(_line_pieces(text, limit=14))
    assert "".join(p for _, p in pieces) == text.replace("\n", "")
    assert all(len(p) <= 14 for _, p in pieces)
    assert all(text[at : at + len(p)] == p for at, p in pieces)
    first_line = [p for at, p in pieces if at < text.index("\n")]
    assert all(p.endswith("。") for p in first_line)
    assert chinese().max_length > SPACY_PIECE
