"""Parse a Document into clauses and typed entities (regex + spaCy, no LLM).

Every entity carries its exact span, the clause it lies in, the sentence it lies in
(``sentence_start``/``sentence_end``, original offsets) and what it refers to (``topic`` for
amounts and rates, ``role`` for dates, ``topic`` for durations).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from pipeline.entities import amounts, dates, forums, parties, rates, topics
from pipeline.entities.clauses import segment
from pipeline.entities.model import AttrValue, Clause, Language, Match
from pipeline.entities.nlp import CN_SENTENCE_PUNCT, chinese, english
from pipeline.entities.textview import TextView, build_view
from pipeline.model import Document, Entity

_CJK = re.compile(r"[\u4e00-\u9fff]")
_EN_SENTENCE = re.compile(r"(?<=[.;!?])\s+(?=[A-Z(\"“])|\n")
_RANGE_JOIN = re.compile(
    r"^\s*(?:起)?\s*(?:至|到|—|–|-|~|to|until|through|and ending on)\s*$", re.I
)
# "between May 24, 2027 and May 28, 2027": a window, not two dates for one event
_BETWEEN = re.compile(r"\bbetween\s+$", re.I)
_AND = re.compile(r"^\s*(?:and|&)\s*$", re.I)
# The base a percentage is "of": the price or any total (租金总额, 服务费总额, 合同总价款 ...).
_OF_TOTAL = re.compile(
    r"(?:[\u4e00-\u9fff]{0,4}总(?:额|价款?|金额|费用|租金|报酬|计)|合同(?:价款?|金额|价格)|工程价款"
    r"|价款|总价|(?:contract |purchase |total )?price|fees?|contract (?:value|sum))"
    r"(?:剩余|余下|其余)?(?:的|之)?\s*$",
    re.I,
)
# "按审定工程量对应价款的75%支付进度款": a share of one period's work, not of the contract price
_PROGRESS_BASE = re.compile(
    r"(?:工程量|产值|已完|当月|本月|每月|月度|当期|本期|完成部分|完成量)[^，。；]{0,12}$"
)
# A restriction after employment ends, without the word 竞业 (离职后…不得…任职/经营同类…).
_AFTER_LEAVING = re.compile(
    r"(?:离职|劳动合同(?:解除|终止))后[^。]{0,40}(?:不得|禁止)[^。]{0,40}(?:任职|经营|从事|同类|竞争)"
    r"|after (?:the )?(?:termination|end) of (?:his|her|the) employment[^.]{0,80}not[^.]{0,40}"
    r"(?:compet|engage|employ)",
    re.I,
)
# English puts the base after the percentage: "30% of the Contract Price".
_OF_TOTAL_AFTER = re.compile(
    r"[)）]?\s*of (?:the )?(?:total |aggregate |whole )?(?:contract |purchase )?"
    r"(?:price|fees?|contract sum|contract value|consideration)\b",
    re.I,
)
# "支付合同总价款的50%，即人民币640,000元" / "30% of the Price, i.e. $30,000": the amount is
# that share of the total, a typed fact of its own, never a second statement of the total.
_SHARE_LINK = re.compile(
    r"^(?:\s*of (?:the )?[\w ]{0,30}?(?:price|fees?|sum|amount|value|consideration))?"
    # "合同总价的10%作为工程预付款，即…": the share's purpose may stand before the link
    r"(?:作为[\u4e00-\u9fff]{1,8}?(?:款|金|费))?"
    r"[\s）)]*(?:[，,]?\s*(?:即|计|为|合计|共计|金额为|折合|i\.e\.,?|namely|being|equal to"
    r"|amounting to|which is|that is)|[，,|]|\s[-–—=]|\s?[:：])"
    r"\s*[（(]?\s*(?:人民币|RMB|大写|小写)?\s*[:：]?\s*$",
    re.I,
)
NER_WINDOW = 6000
# spaCy refuses texts over nlp.max_length (1,000,000); one PDF "line" can be a whole contract
SPACY_PIECE = 100_000
MAX_NER_WINDOWS = 80  # parties are introduced at the top; NER over whole contracts costs seconds


def detect_language(text: str) -> Language:
    sample = text[:20000]
    cjk = len(_CJK.findall(sample))
    letters = sum(1 for c in sample if c.isalpha())
    return "zh" if letters and cjk / letters > 0.2 else "en"


def _line_pieces(text: str, limit: int = SPACY_PIECE) -> Iterator[tuple[int, str]]:
    """Each line with its offset; a line longer than ``limit`` is cut after its last sentence
    end within the limit (or at the limit), so no piece reaches spaCy's max_length."""
    offset = 0
    for line in text.split("\n"):
        start = 0
        while len(line) - start > limit:
            window = line[start : start + limit]
            cut = max(window.rfind(p) for p in CN_SENTENCE_PUNCT) + 1 or limit
            yield offset + start, window[:cut]
            start += cut
        yield offset + start, line[start:]
        offset += len(line) + 1


def sentence_bounds(text: str, language: Language) -> list[tuple[int, int]]:
    """Sentence ranges on the view text: spaCy's sentencizer for Chinese, a regex for English."""
    bounds: list[tuple[int, int]] = []
    if language == "zh":
        nlp = chinese()
        pieces = list(_line_pieces(text))
        for (start, _), doc in zip(pieces, nlp.pipe(p for _, p in pieces), strict=True):
            bounds.extend((start + s.start_char, start + s.end_char) for s in doc.sents)
        return [b for b in bounds if b[1] > b[0]]
    start = 0
    for m in _EN_SENTENCE.finditer(text):
        if m.start() > start:
            bounds.append((start, m.start()))
        start = m.end()
    if start < len(text):
        bounds.append((start, len(text)))
    return bounds


@dataclass(frozen=True)
class ParsedContract:
    language: Language
    view: TextView
    clauses: tuple[Clause, ...]
    entities: tuple[Entity, ...]


def _enrich(text: str, matches: list[Match], sentences: list[tuple[int, int]]) -> list[Match]:
    starts = [s for s, _ in sentences]
    out: list[Match] = []
    for m in matches:
        i = bisect_right(starts, m.start) - 1
        s_start, s_end = sentences[i] if i >= 0 else (0, len(text))
        if m.start >= s_end:
            s_start, s_end = m.start, m.end
        attrs: dict[str, AttrValue] = dict(m.attrs)
        attrs["sentence_start"], attrs["sentence_end"] = s_start, max(s_end, m.end)
        before = text[s_start : m.start]
        if m.kind in ("amount", "rate"):
            attrs["topic"], attrs["topic_gap"] = topics.nearest_topic(before)
            attrs["sentence_topics"] = topics.sentence_topics(text[s_start:s_end])
            if m.kind == "rate":
                after = text[m.end : m.end + 40]
                attrs["of_total"] = bool(
                    _OF_TOTAL.search(before[-12:]) or _OF_TOTAL_AFTER.match(after)
                ) and not _PROGRESS_BASE.search(before[-24:])
        elif m.kind == "date":
            # in a table row a date takes its role from its own cell or the row's label (its
            # first cell), not from a neighbour's description ("delivered and approved")
            own = before[before.rfind("|") + 1 :]
            after = text[m.end : m.end + 40].split("|", 1)[0]
            role = topics.nearest_role(own, after)
            if role is None and "|" in before:
                role = topics.nearest_role(before[: before.find("|")], "")
            attrs["role"] = role
        elif m.kind == "duration":
            attrs["topic"] = topics.duration_topic(before)
            if attrs["topic"] is None and _AFTER_LEAVING.search(text[s_start:s_end]):
                attrs["topic"] = "non_compete"  # 离职后三年内不得到…同类企业任职 is a non-compete
        out.append(Match(m.kind, m.start, m.end, m.value, attrs))
    return _mark_ranges(text, _mark_restated_shares(text, _mark_shares(text, out)))


# "预付款人民币叁拾陆万元（¥360,000.00），即合同总价款的30%", "US$360,000 (being 30% of the
# Contract Price)": the share named after the amount restates it
_RESTATED_SHARE = re.compile(
    r"^[\s）)]*[，,]?\s*[（(]?\s*(?:即|占|约占|相当于|being|representing|equal to|which is"
    r"|i\.e\.,?)\s*(?P<base>(?:the\s+)?[^，。；;,.()（）|]{0,24}?)[（(]?$",
    re.I,
)
# the share must be of the contract's own total: 占购买价款的20% in a finance lease is a share
# of the asset's price, not of the rent the contract totals
_TOTAL_BASE_ZH = re.compile(r"^(?:本|该)?(?:合同)?(?:总价款|总价|价款|总金额|总额|金额)的?\s*$")
_TOTAL_BASE_EN = re.compile(
    r"^\s*\)?\s*of\s+(?:the\s+)?(?:total\s+)?"
    r"(?:Contract Price|Contract Sum|Price|Total Fee|Fees?)\b",
)


def _mark_restated_shares(text: str, matches: list[Match]) -> list[Match]:
    """The amount (and its twin) before a share of the total that restates it gets
    ``share_of_total``; its topic stays (a deposit restated as a share is still a deposit)."""
    out = list(matches)
    for i, m in enumerate(out):
        if m.kind != "rate" or not m.attrs.get("of_total") or not isinstance(m.value, float):
            continue
        j = next((k for k in range(i - 1, -1, -1) if out[k].kind in ("amount", "rate")), None)
        if j is None or out[j].kind != "amount" or "share_of_total" in out[j].attrs:
            continue
        link = _RESTATED_SHARE.match(text[out[j].end : m.start])
        if link is None:
            continue
        base = link.group("base").strip()
        # "thirty percent (30%) of the Contract Price": the words of the rate stand before it
        words_only = not base or base.lower().endswith(("percent", "per cent"))
        of_total = words_only and _TOTAL_BASE_EN.match(text[m.end : m.end + 40])
        if not (_TOTAL_BASE_ZH.match(base) or of_total):
            continue
        twin = out[j].attrs.get("twin_start")
        for k in range(len(out)):
            if k == j or (out[k].kind == "amount" and out[k].start == twin):
                a = out[k]
                out[k] = Match(a.kind, a.start, a.end, a.value,
                               {**a.attrs, "share_of_total": m.value})  # fmt: skip
    return out


def _mark_shares(text: str, matches: list[Match]) -> list[Match]:
    """An amount stated as a share of the total right after its percentage ("总价款的30%，即
    ¥300,000") gets ``share_of_total`` and the topic ``instalment``; its 大写/figure twin too."""
    out = list(matches)
    rate: Match | None = None
    marked: dict[int, float] = {}
    for i, m in enumerate(out):
        if m.kind == "rate":
            rate = m if m.attrs.get("of_total") and isinstance(m.value, float) else None
            continue
        if m.kind != "amount":
            continue
        twin = m.attrs.get("twin_start")
        share: float | None = None
        # the link must join them directly (an English "i.e." may end a "sentence" for the splitter)
        if rate is not None and _SHARE_LINK.match(text[rate.end : m.start]):
            share = rate.value if isinstance(rate.value, float) else None
        if share is None and isinstance(twin, int) and twin in marked:
            share = marked[twin]
        if share is None:
            continue
        marked[m.start] = share
        out[i] = Match(m.kind, m.start, m.end, m.value,
                       {**m.attrs, "share_of_total": share, "topic": "instalment"})  # fmt: skip
    return out


def _mark_ranges(text: str, matches: list[Match]) -> list[Match]:
    """自2025年1月1日起至2025年12月31日止 / from X to Y: the first is a start, the second an end."""
    out = list(matches)
    found_dates = [i for i, m in enumerate(out) if m.kind == "date"]
    for a, b in pairwise(found_dates):
        first, second = out[a], out[b]
        joined = _RANGE_JOIN.match(text[first.end : second.start]) or (
            _BETWEEN.search(text[max(0, first.start - 12) : first.start])
            and _AND.match(text[first.end : second.start])
        )
        if joined:
            start_attrs = {**first.attrs, "role": "start", "range_end": second.start}
            out[a] = Match(first.kind, first.start, first.end, first.value, start_attrs)
            end_attrs = {**second.attrs, "role": "end", "range_start": first.start}
            out[b] = Match(second.kind, second.start, second.end, second.value, end_attrs)
    return out


_TITLE_PHRASE = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:of\s+|and\s+)?[A-Z][a-z]+)+\b")


def _named_entities(text: str) -> list[tuple[int, int, str]]:
    """spaCy NER over the opening (where parties are introduced), plus a short window around
    the first use of each capitalised phrase further on (San Francisco, King County), so the
    whole contract need not go through the model."""
    nlp = english()
    ents = [(e.start_char, e.end_char, e.label_) for e in nlp(text[:NER_WINDOW]).ents]
    seen: set[str] = set()
    windows: list[tuple[int, str]] = []
    for m in _TITLE_PHRASE.finditer(text, NER_WINDOW):
        if m.group() in seen or len(windows) >= MAX_NER_WINDOWS:
            continue
        seen.add(m.group())
        start = max(text.rfind("\n", 0, m.start()) + 1, m.start() - 60)
        end = text.find("\n", m.end())
        end = min(len(text) if end < 0 else end, m.end() + 30)
        windows.append((start, text[start:end]))
    for (start, _), doc in zip(windows, nlp.pipe(w for _, w in windows), strict=True):
        ents.extend((start + e.start_char, start + e.end_char, e.label_) for e in doc.ents)
    return ents


def parse_contract(document: Document) -> ParsedContract:
    view = build_view(document)
    text = view.text
    language = detect_language(text)
    clauses = segment(document, view)
    found = amounts.find_amounts(text, language) + rates.find_rates(text)
    found_dates = dates.find_dates(text)
    found += found_dates + dates.find_durations(text, found_dates)
    found += forums.find_forums(text, language)
    if language == "zh":
        found += parties.find_cn_parties(text)
    else:
        ner = _named_entities(text)
        found += parties.find_en_defined_terms(text, ner)
        found += parties.find_en_party_lines(text)
        found += [Match("named_entity", s, e, label, {}) for s, e, label in ner]
    found.sort(key=lambda m: (m.start, m.end))
    enriched = _enrich(text, found, sentence_bounds(text, language))
    body_starts = [c.body.start for c in clauses]
    entities: list[Entity] = []
    for m in enriched:
        span = view.span(document, m.start, m.end)
        attrs = dict(m.attrs)
        offsets = ("sentence_start", "sentence_end", "name_start", "twin_start")
        for key in (*offsets, "range_end", "range_start"):
            value = attrs.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                attrs[key] = (
                    view.to_original(value, value + 1)[0]
                    if value < len(text)
                    else len(document.text)
                )
        if isinstance(attrs.get("sentence_end"), int):
            # sentence_end was mapped as a start; an end is one past the previous character
            end_view = int(m.attrs["sentence_end"])  # type: ignore[arg-type]
            attrs["sentence_end"] = view.to_original(0, end_view)[1] if end_view else 0
        i = bisect_right(body_starts, span.start) - 1
        clause = clauses[i].id if i >= 0 else None
        entities.append(
            Entity(
                kind=m.kind,
                span=span,
                text=document.text[span.start : span.end],
                value=m.value,
                attrs=attrs,
                clause=clause,
            )
        )
    return ParsedContract(language, view, clauses, tuple(entities))
