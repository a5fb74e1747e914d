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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import combinations
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
_ABBREVIATIONS = [
    "e.g",
    "i.e",
    "No",
    "cf",
    "ss",
    "s",
    "v",
    "vs",
    "Art",
    "Sec",
    "para",
    "cl",
    "Ch",
    "Cal",
    "Civ",
    "Com",
    "Proc",
    "Stat",
    "Ann",
    "Rev",
    "Supp",
    "App",
    "Cir",
    "Ct",
    "Co",
    "Inc",
    "Ltd",
    "Corp",
    "Bros",
    "Del",
    "Fla",
    "Tex",
    "Pa",
    "Wash",
    "Mass",
    "Ill",
    "Mr",
    "Ms",
    "Dr",
    "St",
    "Jr",
]
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
_PROPOSAL_LEAD = re.compile(
    r"建议|可考虑|不妨|\b(?:suggest|recommend|propose)|\bfix\b|\be\.g\.|\bfor example\b",
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
_VAT_WORDS = re.compile(r"增值税|含税|VAT|tax[- ]inclusive|inclusive of (?:VAT|tax)", re.I)
_VAT_RATES = (0.13, 0.09, 0.06, 0.03)
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
_LAW_RATES = (0.2, 0.3)  # 定金 20% (民法典586), penalty 30% above the loss (通则解释65)


@dataclass(frozen=True)
class Figure:
    kind: FigureKind
    value: float | str  # rate as a fraction; amount; period in months; date in ISO form
    text: str
    start: int
    end: int
    count: float = 0.0  # a period's own count (30 for 30 days), for products with amounts

    def describe(self) -> str:
        return f"{_KIND_WORDS[self.kind]} {self.text.strip()}"


def find_figures(text: str, language: str) -> list[Figure]:
    """Every rate, amount, period and valid date in ``text``, in order."""
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
    for m in dates.find_durations(text, found_dates):
        months = m.attrs.get("months")
        if isinstance(months, int | float) and isinstance(m.value, int | float):
            found.append(_figure("duration", float(months), text, m, float(m.value)))
    return sorted(found, key=lambda f: f.start)


def _figure(kind: FigureKind, value: float | str, text: str, m: Match, count: float = 0) -> Figure:
    return Figure(kind, value, text[m.start : m.end], m.start, m.end, count)


def same_value(a: Figure, b: Figure) -> bool:
    return a.kind == b.kind and _close(a.kind, a.value, b.value)


def _close(kind: FigureKind, x: float | str, y: float | str) -> bool:
    if isinstance(x, str) or isinstance(y, str):
        return x == y
    if kind == "duration":  # 30 days and one month, 24 months and two years
        return abs(x - y) <= 0.05 * max(abs(x), abs(y))
    if kind == "rate":
        return abs(x - y) <= 1e-9 + 1e-6 * abs(y)
    return abs(x - y) <= 0.005 * max(abs(x), abs(y)) + 0.01


def _iso(value: float | str) -> date | None:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None


def derivable(
    figure: Figure,
    local: Iterable[Figure],
    contract: Iterable[Figure],
    point: Iterable[Figure],
    point_text: str = "",
) -> bool:
    """``figure`` follows by one step of arithmetic from figures at hand: the quoted clauses'
    (``local``) and the point's own, with any contract amount as a ratio's base (the price is
    often stated elsewhere). Only local figures may enter, so a figure that happens to equal
    some unrelated ratio of the contract's amounts is not excused by it."""
    said = [f for f in point if f is not figure]
    near = [*local, *said]
    everywhere = list(contract)
    money = [float(f.value) for f in near if f.kind == "amount"]
    bases = money + [float(f.value) for f in everywhere if f.kind == "amount"]
    rate_values = [float(f.value) for f in near if f.kind == "rate"]
    contract_rates = [float(f.value) for f in everywhere if f.kind == "rate"]
    if _run_sum(figure, said):
        return True  # 五期比例合计为105%（30%+25%+30%+15%+5%）
    if figure.kind == "rate":
        x = float(figure.value)
        tolerance = max(0.02 * x, 0.00005)  # a share rounded as reviews round (29.7% -> 30%)
        if any(abs(a / b - x) <= tolerance for a in money for b in bases if b and a != b):
            return True
        if any(abs((a / b - 1) - x) <= tolerance for a in money for b in bases if b and a > b):
            return True  # "exceeds the loss by 40%"
        # "10 points above the cap": the point's other rates against each other and the law's
        others = [float(f.value) for f in said if f.kind == "rate"]
        base = [*others, *_LAW_RATES]
        if any(abs(abs(r - s) - x) <= 1e-6 for r in others for s in base if r != s):
            return True
        if any(abs(r * k - x) <= tolerance for r in others for k in (2, 3, 4) if r != x):
            return True  # "LPR about 3%, four times that about 12%"
        if any(abs((1 - r) - x) <= tolerance for r in rate_values if r < 1):
            return True  # "buys back at 70%": the other 30% is the loss
        return any(abs(r * k - x) <= tolerance for r in rate_values for k in (360, 365, 12))
    if figure.kind == "amount":
        x = float(figure.value)
        counts = [f.count for f in near if f.kind == "duration" and f.count]
        counts += [float(f.value) for f in near if f.kind == "duration"]  # months
        growth = [1 + r for r in rate_values] + [1 - r for r in rate_values if r < 1]
        factors = [*rate_values, *growth, *counts, 2.0, 3.0, 4.0]  # 324,000 x 1.05, 12 x rent
        factors += _quantities(point_text)  # 2,040件 x 160元
        if _VAT_WORDS.search(clause_text(point_text, figure.start, figure.end)):
            factors += [1 + r for r in _VAT_RATES]  # the VAT-inclusive amount
        if any(_worked_out(a * k, x) for a in bases for k in factors):
            return True
        if any(_worked_out(a * r, x) for a in money for r in contract_rates):
            return True  # 15,000 x the 30% the contract sets elsewhere
        if any(_worked_out(a + b, x) or _worked_out(abs(a - b), x)
               for a in money for b in bases if a != b):  # fmt: skip
            return True
        return _subset_sum(money, x)
    if figure.kind == "date":
        # a date plus a period at hand: the contract's dates, the quoted clause's periods
        target = _iso(figure.value)
        dated = [f for f in everywhere if f.kind == "date"]
        return target is not None and _date_from_period(target, [*near, *dated])
    if figure.kind == "duration":
        days = [_iso(f.value) for f in near if f.kind == "date"]  # the term the clause sets
        valid = [d for d in days if d is not None]
        months = float(figure.value)
        if figure.count and any(  # a cap of 10% at 0.05% a day is reached in 200 days
            abs(big / small - figure.count) < 0.5
            for big in rate_values
            for small in rate_values
            if 0 < small < big
        ):
            return True
        return any(
            abs(abs((a - b).days) / 30.4375 - months) <= max(0.5, 0.03 * months)
            for a, b in combinations(valid, 2)
        )
    return False


_QUANTITY = re.compile(
    r"(\d[\d,]*(?:\.\d+)?)\s*(?:件|个|台|套|吨|公斤|千克|平方米|㎡|辆|批|份"
    r"|units?\b|pieces?\b|pcs\b|items?\b|tons?\b|tonnes?\b|square (?:metres|meters|feet))",
    re.I,
)


def _quantities(text: str) -> list[float]:
    """Counts of things the point states (2,040件, 120 units): factors of a total it works out."""
    found = []
    for m in _QUANTITY.finditer(text):
        try:
            found.append(float(m.group(1).replace(",", "")))
        except ValueError:
            continue
    return found


def _worked_out(computed: float, said: float) -> bool:
    """``said`` is ``computed`` as a review writes it: exact to the figure's last stated digit
    (4,500 for 4,500.00; 1.39 for 1.389), not merely within half a percent (63,810 is no
    rounding of 63,882.50)."""
    text = f"{abs(said):.2f}".rstrip("0").rstrip(".")
    if "." in text:
        unit = 10.0 ** -len(text.split(".")[1])
    else:
        unit = 10.0 ** (len(text) - len(text.rstrip("0")))
    return abs(computed - said) <= max(min(unit / 2, 0.005 * abs(said)), 0.01)


def _run_sum(figure: Figure, said: list[Figure]) -> bool:
    """Some consecutive figures of the point, of the figure's kind, add up to it: a total the
    point works out from the parts it lists (repeats included, which a subset sum drops)."""
    values = [
        float(f.value) for f in said if f.kind == figure.kind and f.kind in ("rate", "amount")
    ]
    return any(
        _close(figure.kind, sum(values[i:j]), float(figure.value))
        for i in range(len(values))
        for j in range(i + 2, len(values) + 1)
    )


def _subset_sum(values: list[float], target: float, limit: int = 12) -> bool:
    """Some 2–4 of the amounts add up to ``target`` (instalments, a price and its tax)."""
    pool = sorted(set(values))[:limit] if len(set(values)) > limit else sorted(set(values))
    return any(
        _worked_out(sum(group), target) for size in (2, 3, 4) for group in combinations(pool, size)
    )


def _date_from_period(target: date, known: list[Figure]) -> bool:
    starts = [d for d in (_iso(f.value) for f in known if f.kind == "date") if d is not None]
    periods = [f for f in known if f.kind == "duration"]
    for start in starts:
        for period in periods:
            months = float(period.value)
            whole = round(months)
            if abs(months - whole) < 1e-6:
                shifted = _add_months(start, whole)
            else:
                shifted = start + timedelta(days=round(months * 30.4375))
            if shifted is not None and abs((shifted - target).days) <= 2:
                return True
    return False


def _add_months(start: date, months: int) -> date | None:
    year, month = divmod(start.month - 1 + months, 12)
    day = min(start.day, 28)
    try:
        return date(start.year + year, month + 1, day)
    except ValueError:
        return None


def _sentence_before(text: str, start: int) -> str:
    cuts = [m.end() for m in SENTENCE_END.finditer(text, 0, start)]
    return text[cuts[-1] if cuts else 0 : start]


def clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the comma-delimited clause of ``text`` around ``[start, end)`` begins and ends."""
    cuts = [m.end() for m in _CLAUSE_END.finditer(text, 0, start)]
    stop = _CLAUSE_END.search(text, end)
    return (cuts[-1] if cuts else 0), (stop.start() if stop else len(text))


def clause_text(text: str, start: int, end: int) -> str:
    """The comma-delimited clause of ``text`` around ``[start, end)``."""
    left, right = clause_bounds(text, start, end)
    return text[left:right]


def about_the_contract(
    text: str, figure: Figure, cites: Callable[[str], list[str]] | None = None
) -> bool:
    """The figure's clause states the contract's terms: no law, no proposal, and no norm
    stated without naming the contract (定金的数额不得超过…百分之二十 restates 民法典586)."""
    clause = clause_text(text, figure.start, figure.end)
    if _LAW_WORDS.search(clause) or _PROPOSAL_WORDS.search(clause):
        return False
    if _PROPOSAL_LEAD.search(_sentence_before(text, figure.start)):
        return False
    if _ESTIMATE_BEFORE.search(text[max(0, figure.start - 16) : figure.start]):
        return False
    law_speaks = _LAW_SPEECH.search(_sentence_before(text, figure.start))
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
