"""Typed figures (rates, amounts, periods, dates) in a review point and in the contract, and
whether a point's figure contradicts what the contract says.

The same entity finders ParseEntities uses read both sides, so 百分之二十, 20% and twenty
percent are one value, 人民币贰拾万元 and ¥200,000 one amount, thirty (30) days and 一个月 one
period. A point's figure contradicts the contract when all of these hold:

- it is about the contract: its clause of the point's text cites no law and states no
  proposal (a law's 20% cap or a suggested fix is no statement of the contract's terms), its
  sentence does not open with its law (依据《…》第四十条，…) or a suggestion (建议…, e.g.),
  and it is no estimate (about, 约为);
- the contract states it nowhere, in any form;
- it cannot be derived from the contract's own figures (a ratio of two amounts, a sum of a
  clause's amounts or of the parts the point lists, an amount times a rate or a count, a rate
  annualised, a date plus a period, the time between two dates, the days a daily rate takes
  to reach its cap), exact to the digits the point writes: a review may compute;
- the contract states a figure of the same kind about that subject: in the clause the point
  names for it (第7.2款约定的…, "(Section 3.03)"), in the clause it quotes when the two share a
  subject word, or in the one contract sentence that shares most of the figure's clause words;
  and that figure could be the one the point restates: no other topic for an amount (a 补偿
  is not a 违约金), and a bound or an ordinal only for a bound or an ordinal ("at least 5
  years" is no misreading of "2 years").

Conservative on purpose: a false "figure mismatch" on a true point costs the reviewer's trust.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Literal

from kb.lexical import tokenize
from pipeline.entities import amounts, dates, rates
from pipeline.entities.model import Match
from pipeline.entities.number_words import EN_NUMBER_WORDS, parse_en_words

_NUMBER_WORD = "|".join(sorted(EN_NUMBER_WORDS, key=len, reverse=True))
_WORD_PERCENT = re.compile(
    rf"\b(?P<words>(?:{_NUMBER_WORD})(?:[\s-]+(?:{_NUMBER_WORD}|and))*)\s+per\s?cent\b", re.I
)

FigureKind = Literal["rate", "amount", "duration", "date"]
_KIND_WORDS = {"rate": "percentage", "amount": "amount", "duration": "period", "date": "date"}

# a full stop after an abbreviation (e.g., No., s., v., Cal. Civ. Code, Co., Inc.) ends no sentence
_ABBREVIATIONS = (  # noqa: SIM905 - one line to read, not forty
    "e.g i.e No cf ss s v vs Art Sec para cl Ch Cal Civ Com Proc Stat Ann Rev Supp App Cir Ct "
    "Co Inc Ltd Corp Bros Del Fla Tex Pa Wash Mass Ill Mr Ms Dr St Jr"
).split()
_NOT_A_STOP = "".join(rf"(?<!\b{re.escape(a)})" for a in _ABBREVIATIONS)
# where a sentence of a review or a contract ends (shared by the draft checks)
SENTENCE_END = re.compile(rf"[。；;！？!?\n]|{_NOT_A_STOP}\.(?=\s)")
_CLAUSE_END = re.compile(rf"[，。；：！？;:!?\n]|,(?=\s)|{_NOT_A_STOP}\.(?=\s|$)")
_LAW_WORDS = re.compile(
    # an article of a law (民法典第586条), not the contract's own 第三条
    r"规定|法定|法律|民法典|司法解释|条例|《|(?:法|典|解释|办法|规则|》)\s*第[0-9一二三四五六七八九十百零〇]+条"
    r"|\bstatut|\bby law\b|\bunder (?:the )?(?:PRC |English |New York )?law\b|\bCode\b|\bAct\b"
    r"|\bU\.?S\.?C\b|\bUCC\b|§|\bcourts?\b|\bInterpretation\b"
    # market benchmarks are not the contract's figures: 一年期LPR约3%
    r"|LPR|贷款市场报价利率|基准利率|\bbase rate\b|\bbenchmark\b",
    re.I,
)
# "《条例》第四十条规定，…最低保修期限为5年", "under Article 65 of …, damages exceeding the loss
# by more than 30% are …": the law speaks the rest of the sentence
_LAW_SPEECH = re.compile(
    r"(?:规定|明确|要求)[，,:：]|\bprovides? (?:that|:)|\bstates? that\b"
    r"|\b(?:under|per|pursuant to|according to) (?:Article|Section|§|the)[^,;.]{0,100},"
    # 依据《条例》第四十条，…最低保修期限为5年: the sentence opens by naming its law
    r"|(?:依据|根据|按照|依照)[^。；，,]{0,40}(?:第[0-9一二三四五六七八九十百零〇]+条[^。；，,]{0,8}|》)[，,]",
    re.I,
)
# a suggestion's figures are new terms, not the contract's: 建议…（如合同总价款的百分之十五）,
# "Suggested fix: … cap it (e.g. 15–20% of the Order Price)"
# a proposal, or an example the point makes up ("例如油价上涨12%"): not the contract's figure
_PROPOSAL_LEAD = re.compile(
    r"建议|可考虑|不妨|例如|比如|譬如|假设|假定|举例|\b(?:suggest|recommend|propose)|\bfix\b"
    r"|\be\.g\.|\bfor (?:example|instance)\b|\bsuppos(?:e|ing)\b|\bassuming\b|\bhypothetical",
    re.I,
)
# an estimate is the reviewer's arithmetic, not a restatement: "about $250,000", 约18.25%
_ESTIMATE_BEFORE = re.compile(
    r"(?:\b(?:about|approximately|approx\.|roughly|around|some|nearly|almost)|约|大约|大概|近)"
    r"(?:为|合|计|是)?\s*$",
    re.I,
)
# 第五日, 第3至5年: a day or year counted, not a period
ORDINAL_BEFORE = re.compile(r"第\s*(?:[0-9一二三四五六七八九十]+\s*[至到\-–]\s*)?$")
THRESHOLD_WORDS = re.compile(
    r"最低|最高|至少|不少于|不低于|不超过|不得超过|超过|以上|以下|以内|上限|下限"
    r"|\bminimum\b|\bmaximum\b|\bat least\b|\bmore than\b|\bless than\b|\bexceed|\bup to\b",
    re.I,
)
_PROPOSAL_WORDS = re.compile(
    r"建议|改为|调整为|降至|降低至|减至|修改为|不超过|以内|上限为法定|应当?(?:不高于|不超过|低于)|应按|应以"
    r"|\bshould\b|\brecommend|\breduce|\binstead\b|\bat most\b|\bno more than\b"
    r"|\bcap (?:it|them)\b",
    re.I,
)
_NORM_WORDS = re.compile(
    r"不得|不应|应当|\b(?:shall|may|must|cannot|can)(?: not|not)\b",
    re.I,
)
_CONTRACT_WORDS = re.compile(
    r"合同约定|本合同|本协议|该条|此条|约定的?|第[0-9一二三四五六七八九十]+条(?:约定|规定)?的?(?:违约金|定金)?"
    r"|\b(?:this|the) (?:Agreement|Contract|clause)\b|\b(?:Clause|Section|Article) \d+\.\d",
    re.I,
)


@dataclass(frozen=True)
class Figure:
    kind: FigureKind
    value: float | str  # rate as a fraction; amount; period in months; date in ISO form
    text: str
    start: int
    end: int
    count: float = 0.0  # a period's own count (30 for 30 days), for products with amounts
    inferred: bool = False  # a date whose year the point leaves out ("距9月1日"): an operand only

    def describe(self) -> str:
        return f"{_KIND_WORDS[self.kind]} {self.text.strip()}"


def find_figures(text: str, language: str, yearless: bool = False) -> list[Figure]:
    """Every rate, amount, period and valid date in ``text``, in order; with ``yearless``, also
    the Chinese dates written without a year after one written with it (``inferred``)."""
    found: list[Figure] = []
    for m in amounts.find_amounts(text, language):
        if isinstance(m.value, int | float):
            found.append(_figure("amount", float(m.value), text, m))
    for m in rates.find_rates(text):
        if isinstance(m.value, int | float):
            found.append(_figure("rate", float(m.value), text, m))
    taken = [(f.start, f.end) for f in found if f.kind == "rate"]
    for word in _WORD_PERCENT.finditer(text):  # "sixty percent" without figures
        if any(a < word.end() and word.start() < b for a, b in taken):
            continue
        if re.match(r"\s*[(（]\s*\d", text[word.end() :]):
            continue  # "fifteen per cent (15%)": the figures that follow are read already
        try:
            value = parse_en_words(word.group("words")) / 100
        except ValueError:
            continue
        found.append(Figure("rate", value, word.group(0), word.start(), word.end()))
    found_dates = dates.find_dates(text)
    for m in found_dates:
        if isinstance(m.value, str):
            found.append(_figure("date", m.value, text, m))
    if yearless:
        found += _yearless_dates(text, found_dates)
    for m in dates.find_durations(text, found_dates):
        months = m.attrs.get("months")
        if isinstance(months, int | float) and isinstance(m.value, int | float):
            found.append(_figure("duration", float(months), text, m, float(m.value)))
    return sorted(found, key=lambda f: f.start)


# "9月1日" with no year and no 每/次 before it (每月10日, 次年3月31日 are other things)
_YEARLESS = re.compile(r"(?<![\d年月/.\-每次当本上下])(\d{1,2})\s?月\s?(\d{1,2})\s?[日号]")


def _yearless_dates(text: str, found: list[Match]) -> list[Figure]:
    """A point's "距9月1日服务开始日仅有七天" after "2025年8月25日": the year of the nearest date
    before it that states one. Such a date grounds the point's arithmetic (the seven days come
    from the point's own 25 August); it is never compared with the contract itself."""
    full = [m for m in found if isinstance(m.value, str) and "年" in text[m.start : m.end]]
    out: list[Figure] = []
    for m in _YEARLESS.finditer(text):
        if any(d.start <= m.start() < d.end for d in found):
            continue
        before = [d for d in full if d.end <= m.start()]
        if not before:
            continue
        year = int(str(before[-1].value)[:4])
        try:
            value = date(year, int(m.group(1)), int(m.group(2))).isoformat()
        except ValueError:
            continue
        out.append(Figure("date", value, m.group(), m.start(), m.end(), inferred=True))
    return out


def _figure(kind: FigureKind, value: float | str, text: str, m: Match, count: float = 0) -> Figure:
    return Figure(kind, value, text[m.start : m.end], m.start, m.end, count)


def same_value(a: Figure, b: Figure) -> bool:
    return a.kind == b.kind and close_values(a.kind, a.value, b.value)


def close_values(kind: FigureKind, x: float | str, y: float | str) -> bool:
    if isinstance(x, str) or isinstance(y, str):
        return x == y
    if kind == "duration":  # 30 days and one month, 24 months and two years
        return abs(x - y) <= 0.05 * max(abs(x), abs(y))
    if kind == "rate":
        return abs(x - y) <= 1e-9 + 1e-6 * abs(y)
    return abs(x - y) <= 0.005 * max(abs(x), abs(y)) + 0.01


def sentence_before(text: str, start: int) -> str:
    cuts = [m.end() for m in SENTENCE_END.finditer(text, 0, start)]
    return text[cuts[-1] if cuts else 0 : start]


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence of ``text`` around ``[start, end)`` begins and ends."""
    cuts = [m.end() for m in SENTENCE_END.finditer(text, 0, start)]
    stop = SENTENCE_END.search(text, end)
    return (cuts[-1] if cuts else 0), (stop.start() if stop else len(text))


def clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the comma-delimited clause of ``text`` around ``[start, end)`` begins and ends."""
    cuts = [m.end() for m in _CLAUSE_END.finditer(text, 0, start)]
    stop = _CLAUSE_END.search(text, end)
    return (cuts[-1] if cuts else 0), (stop.start() if stop else len(text))


def clause_text(text: str, start: int, end: int) -> str:
    """The comma-delimited clause of ``text`` around ``[start, end)``."""
    left, right = clause_bounds(text, start, end)
    return text[left:right]


def estimated(text: str, figure: Figure) -> bool:
    """The reviewer's own rounded arithmetic ("about $49,448"), not a restatement."""
    return bool(_ESTIMATE_BEFORE.search(text[max(0, figure.start - 16) : figure.start]))


def about_the_contract(
    text: str, figure: Figure, cites: Callable[[str], list[str]] | None = None
) -> bool:
    """The figure's clause states the contract's terms: no law, no proposal, and no norm
    stated without naming the contract (定金的数额不得超过…百分之二十 restates 民法典586)."""
    clause = clause_text(text, figure.start, figure.end)
    if _LAW_WORDS.search(clause) or _PROPOSAL_WORDS.search(clause):
        return False
    if _PROPOSAL_LEAD.search(sentence_before(text, figure.start)):
        return False
    if estimated(text, figure):
        return False
    law_speaks = _LAW_SPEECH.search(sentence_before(text, figure.start))
    if law_speaks and THRESHOLD_WORDS.search(clause) and not _CONTRACT_WORDS.search(clause):
        return False
    if _NORM_WORDS.search(clause) and not _CONTRACT_WORDS.search(clause):
        return False
    return not (cites and cites(clause))


_FIGURE_TEXT = """
day days month months year years week weeks percent per cent usd rmb cny eur gbp hkd
dollars dollar yuan calendar business working 日 天 月 年 个月 元 万元 人民币 百分之
"""
_FIGURE_WORDS = frozenset(_FIGURE_TEXT.split())


def subject_words(text: str) -> set[str]:
    """Content words of ``text`` without the figures' own words (thirty, days, 元): what the
    figure is about, not how it is written."""
    return {
        t
        for t in tokenize(text)
        if not any(ch.isdigit() for ch in t)
        and t.lower() not in _FIGURE_WORDS
        and t.lower() not in EN_NUMBER_WORDS
    }
