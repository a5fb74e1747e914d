"""Property tests: numerals round-trip; no parser crashes on any input."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.numerals import MAX_CN_INTEGER, cn_amount, cn_integer, parse_cn_amount, parse_cn_integer
from pipeline.entities.amounts import find_amounts
from pipeline.entities.dates import find_dates, find_durations
from pipeline.entities.number_words import en_words, parse_en_words
from pipeline.entities.rates import find_rates

CONTRACTISH = st.text(
    alphabet=st.sampled_from(
        list(
            "0123456789,.%$¥元万亿角分整年月日个天零一二三四五六七八九十百千壹贰叁肆伍陆柒捌玖拾佰仟"
        )
        + list("（）() -/:：USDRMBper annumdayofMayJune dollars twenty thousand")
    ),
    max_size=80,
)


@given(st.integers(min_value=0, max_value=MAX_CN_INTEGER), st.booleans())
def test_chinese_integer_round_trip(value: int, capital: bool) -> None:
    assert parse_cn_integer(cn_integer(value, capital=capital)) == value


@given(st.integers(min_value=0, max_value=10**11 * 100 - 1))
def test_chinese_capital_amount_round_trip(cents: int) -> None:
    value = Decimal(cents) / 100
    assert parse_cn_amount(cn_amount(value)) == value


@given(st.integers(min_value=0, max_value=10**12 - 1))
def test_english_words_round_trip(value: int) -> None:
    assert parse_en_words(en_words(value)) == value


@given(st.integers(min_value=1, max_value=10**11 - 1))
def test_capital_amount_is_found_and_paired_in_text(value: int) -> None:
    text = f"合同总价款为人民币{cn_amount(Decimal(value))}（¥{value:,}.00）。"
    found = find_amounts(text, "zh")
    capital = next(m for m in found if m.attrs["form"] == "capital")
    assert capital.value == value
    assert capital.attrs["twin_value"] == value


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=120), CONTRACTISH))
def test_parsers_never_crash(text: str) -> None:
    for match in find_amounts(text, "zh") + find_amounts(text, "en") + find_rates(text):
        assert 0 <= match.start <= match.end <= len(text)
    dates = find_dates(text)
    for match in dates + find_durations(text, dates):
        assert 0 <= match.start <= match.end <= len(text)
        if match.kind == "date" and match.value is None:
            assert match.attrs["invalid"] is True
