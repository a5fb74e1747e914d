"""A part of the work scheduled to finish after the date the whole must be finished by: "计划竣工
日期：2026年7月31日" while 附件二 plans 室外道路工程 to 2026年8月20日; "all Products shall be
delivered no later than 30 September 2025" while Schedule 1 delivers Batch 3 on 20 October 2025.
Both dates cannot hold, so the time of performance is uncertain (民法典 511).

The whole's date is read from its own words (计划竣工日期, 全部…前交付, the Final Delivery Date,
all … shall be delivered no later than); the part's from a schedule table whose column names the
same event. Rows that by nature come after the whole is done (保修, 结算, acceptance, warranty,
retention, payment) are not parts of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

from pydantic import Field

from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months, signing_date
from pipeline.rules_engine.checks_named_dates import event_dates
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.defined_dates import date_after, dates_defined_by_period
from pipeline.rules_engine.event_days import start_event_day
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, Params, check
from pipeline.rules_engine.signing_date import signing_day

_FAMILY_WORDS = {
    # a stage's "起止时间" column ends each stage: its end belongs to the same family
    "completion": r"竣工|完工|完成|结束|截止|起止|complet|finish|\bend\b",
    "delivery": r"交付|交货|发货|到货|供货|提交|deliver|dispatch|\bship|submi",
    "repayment": r"还款|归还|偿还|还本|repay|instal|amorti[sz]",
}
# the loan's own term: "借款期限为壹年，自2025年3月20日起至2026年3月19日止", "the Loan Term … ending
# on"; the repayment schedule cannot run past its end
_LOAN_TERM = re.compile(
    r"(?:借款|贷款|融资|借贷)(?:期限|期间)|\b(?:loan|facility|credit) (?:term|period)\b"
    r"|\bterm of the (?:loan|facility)\b",
    re.I,
)
_LOAN_MATURITY = re.compile(
    r"(?:借款|贷款|融资)到期日\s*(?:为|是|：|:)?\s*$|\b(?:Final )?(?:Maturity|Final Repayment) Date"
    r"[\"”]?\s*(?:is|shall be|will be|means|:)?\s*$",
    re.I,
)
# the whole's date, named right before it
_ZH_NAMED = re.compile(
    r"(?:计划|约定|合同)?(?P<event>竣工|完工)(?:日期|日|时间)\s*(?:为|是|定为|：|:)?\s*$"
)
_EN_NAMED = re.compile(
    r"(?:Final Delivery|(?:Practical |Substantial )?Completion|Final Completion) Date"
    r"[\"”]?\s*(?:is|shall be|will be|means|:)\s*$",
    re.I,
)
_EN_NAMED_AFTER = re.compile(
    r"^\s*\((?:the\s+)?[\"“](?P<name>Final Delivery|(?:Practical |Substantial |Final )?Completion)"
    r" Date[\"”]\)"
    r"|^\s*\((?:the\s+)?[\"“](?P<time>Time for (?:Practical |Substantial )?Completion)[\"”]\)",
    re.I,
)
# "全部货物应于2025年9月30日前交付完毕", "all Products shall be delivered no later than …"
_ZH_ALL = re.compile(r"(?:全部|所有)[^，。；|]{0,24}$")
# "应于2025年9月9日前完成全部研究开发工作": the whole named after the verb
_ZH_ALL_AFTER = re.compile(
    r"^\s*(?:前|之前|以前)[^，。；|]{0,6}?(?:交付|交货|完成|竣工|完工)(?:本合同)?(?:全部|所有)"
)
_ZH_BY_THEN = re.compile(
    r"^\s*(?:前|之前|以前)[^，。；|]{0,12}?(?P<verb>交付|交货|发货|到货|完成|竣工|完工)"
)
_EN_ALL = re.compile(
    # "The Contractor shall achieve Completion no later than": the whole of the Works
    r"\b(?:shall|must|will)\s+(?:achieve|attain)\s+(?:Practical |Substantial )?Completion\s+"
    r"(?:of the Works\s+)?(?:no later than|not later than|by|on or before)\s*$(?P<verb3>)|"
    r"\ball (?:of )?(?:the )?[\w\- ]{1,40}?\s+(?:shall|must|will) be\s+(?:fully\s+)?"
    r"(?P<verb>delivered|shipped|completed|finished)\s+"
    r"(?:no later than|not later than|by|on or before)\s*$"
    # "shall … deliver all 12,000 jackets, in the batches set out in Annex 1, no later than"
    r"|\b(?:shall|must|will)\s+(?:[\w ]{0,30}\s+and\s+)?(?P<verb2>deliver|ship|complete)\s+all\b"
    r"[^.;]{0,80}?\b(?:no later than|not later than|by|on or before)\s*$",
    re.I,
)
# rows that come after the whole by their nature, or are not parts of it
_AFTER_THE_WHOLE = re.compile(
    r"保修|质保|缺陷责任|结算|决算|审计|备案|归档|档案移交|验收|试运行|付款|支付|尾款|保证金|合计|总计"
    r"|撤展|撤场|拆除|清场|退场"
    r"|warrant|defect|retention|final account|accept|inspect|test|commission|trial|payment|invoice"
    r"|support|mainten|training|hypercare|stabili[sz]|total",
    re.I,
)


def _iso(e: Entity) -> date | None:
    return date.fromisoformat(e.value) if isinstance(e.value, str) else None


def _family(verb: str) -> str:
    return next(f for f, words in _FAMILY_WORDS.items() if re.search(words, verb, re.I))


def _final_dates(ctx: RuleContext) -> dict[str, tuple[Entity, date]]:
    """The latest date each event family must be done by for the whole contract."""
    found: dict[str, tuple[Entity, date]] = {}
    for e in ctx.of_kind("date"):
        when = _iso(e)
        if when is None:
            continue
        # the end of a range ("自…起至2026年3月19日止"): only a loan's term counts as the whole
        loan_end = "range_start" in e.attrs and _LOAN_TERM.search(ctx.entity_sentence(e))
        if "range_start" in e.attrs and not loan_end:
            continue
        at, end = ctx.view_offset(e.span.start), ctx.view_offset(e.span.end)
        line_start = ctx.row_start(at)
        if "|" in ctx.text[line_start:at]:
            continue  # a table row is a part, not the whole
        before = ctx.sentence_before(e)
        after = ctx.text[end : end + 30]
        family: str | None = None
        if loan_end or _LOAN_MATURITY.search(before[-40:]):
            family = "repayment"
        elif ctx.language == "zh":
            by_then = _ZH_BY_THEN.match(after)
            if _ZH_NAMED.search(before):
                family = "completion"
            elif by_then and (_ZH_ALL.search(before) or _ZH_ALL_AFTER.match(after)):
                family = _family(by_then.group("verb"))
        else:
            named = _EN_NAMED.search(before[-60:]) or _EN_NAMED_AFTER.match(after)
            every = _EN_ALL.search(before[-120:])
            if named:
                family = "delivery" if "deliver" in named.group().lower() else "completion"
            elif every:
                verb = every.group("verb") or every.group("verb2")
                family = _family(verb) if verb else "completion"
        if family and (family not in found or when > found[family][1]):
            found[family] = (e, when)
    for family, duration, last in [
        *_from_signing(ctx),
        *_named_period_from_signing(ctx),
        *_by_term_end(ctx),
        *_maturity_by_period(ctx),
        *_loan_term_from_event(ctx),
    ]:
        if family not in found:  # a date the contract names for the whole comes first
            found[family] = (duration, last)
    return found


# "应在本合同第三条约定的服务期限届满之前完成全部三个阶段的工作、提交全部交付成果", "all
# Deliverables shall be delivered before the end of the Term": the whole is due when the term
# ends, and the term's own range ("自…起至2025年9月2日止") says when that is
_ZH_BY_TERM_END = re.compile(
    r"(?P<noun>(?:服务|合同|履行|项目|委托|开发|咨询)?期限)届满(?:之日)?(?:之前|以前|前)"
    r"[^。；]{0,16}?(?P<verb>完成|交付|提交)[^。；]{0,6}?(?:全部|所有)"
)
_EN_BY_TERM_END = re.compile(
    r"\b(?:all|every)\b[^.;]{0,60}?\b(?P<verb>deliver|complet|submit)\w*[^.;]{0,40}?"
    r"\b(?:before|by|no later than|prior to) (?:the )?(?:end|expiry|expiration) of the "
    r"(?P<noun>(?:[A-Z]\w+ )?Term)\b"
)


# "供货期自…起至2026年1月31日止…各批次…均应在供货期内交付完毕": every part within the period
_ZH_WITHIN_PERIOD = re.compile(
    r"(?:均|全部|所有|一律)[^。；]{0,6}?(?:应|须|必须)?(?:在|于)"
    r"(?P<noun>(?:供货|交货|服务|履行|合同|发布|租赁|施工)期(?:限|间)?)内"
    r"(?P<verb>交付|完成|交货|提交|供货)"
)


def _by_term_end(ctx: RuleContext) -> Iterator[tuple[str, Entity, date]]:
    """The whole due by the end of a term whose range the contract dates."""
    patterns = (_ZH_BY_TERM_END, _ZH_WITHIN_PERIOD) if ctx.language == "zh" else (_EN_BY_TERM_END,)
    for sentence in ctx.sentences:
        m = next((found for p in patterns if (found := p.search(sentence.text))), None)
        if m is None:
            continue
        ends = [
            (e, when) for e in ctx.of_kind("date")
            if "range_start" in e.attrs and (when := _iso(e)) is not None
            and m.group("noun") in ctx.entity_sentence(e)
        ]  # fmt: skip
        if len({when for _, when in ends}) != 1:
            continue
        verbs = re.findall(
            r"完成|交付|交货|供货|提交|deliver|complet|submit", sentence.text[m.start() :]
        )
        families = {_family(v) for v in verbs}
        for family in families:
            yield family, ends[0][0], ends[0][1]


# "应自本合同签订之日起六十日内完成…", "within ninety (90) days after the date of this Agreement
# … shall complete": the whole's date counted from signing
_ZH_FROM_SIGNING = re.compile(r"(?:自|于|从)(?:本合同)?(?:签订|签署|订立|生效)(?:之日|日)?起\s*$")
_ZH_WITHIN = re.compile(
    r"^\s*(?:内|以内|之内)[^，。；|]{0,6}?(?P<verb>交付|交货|发货|到货|完成|竣工|完工)"
)
_EN_WITHIN = re.compile(r"\bwithin\s*$", re.I)
_EN_FROM_SIGNING = re.compile(
    r"^\s*(?:after|of|from)\s+(?:the\s+)?(?:date of (?:this|the) (?:Agreement|Contract)"
    r"|signing|execution|Effective Date)\b[^.;]{0,40}?\b(?P<verb>deliver|complet|finish)\w*",
    re.I,
)


def _from_signing(ctx: RuleContext) -> Iterator[tuple[str, Entity, date]]:
    """Deadlines counted from signing: (event family, the duration, its last day)."""
    signed = signing_date(ctx)
    when = _iso(signed) if signed is not None else None
    # "自本合同生效之日起": the day it takes effect, where that is its signing
    effective = signing_day(ctx, ctx.of_kind("date")) if ctx.language == "zh" else None
    for d in ctx.of_kind("duration"):
        if not isinstance(d.value, int | float) or d.attrs.get("unit") not in ("day", "month"):
            continue
        at, end = ctx.view_offset(d.span.start), ctx.view_offset(d.span.end)
        before, after = ctx.text[max(0, at - 20) : at], ctx.text[end : end + 80]
        start = when
        if ctx.language == "zh":
            anchor = _ZH_FROM_SIGNING.search(before)
            verb = _ZH_WITHIN.match(after) if anchor else None
            if anchor and "生效" in anchor.group():
                start = _iso(effective) if effective is not None else None
        else:
            verb = _EN_FROM_SIGNING.match(after) if _EN_WITHIN.search(before) else None
        if verb is None or start is None:
            continue
        days = int(d.value) if d.attrs.get("unit") == "day" else None
        last = start + timedelta(days=days) if days is not None else add_months(start, int(d.value))
        # "内完成本工程全部设计文件的编制并提交甲方": each verb of the deadline's own clause
        clause = re.split(r"[，。；]", after, maxsplit=1)[0] if ctx.language == "zh" else ""
        verbs = {verb.group("verb"), *re.findall(r"交付|交货|提交|完成|竣工|完工", clause)}
        for family in {_family(v) for v in verbs}:
            yield family, d, last


# "开发期限为自本合同生效之日起120个日历日" with "乙方应于开发期限内完成全部功能开发…并提交
# 终验版本": the whole is due on the named period's last day
_ZH_PERIOD_FROM_SIGNING = re.compile(
    r"(?P<noun>[\u4e00-\u9fff]{2}期限?)(?:为|是)?(?:自|从)(?:本合同)?(?P<anchor>签订|签署|订立|生效)"
    r"(?:之日|日)?起\s*$"
)
_ZH_WHOLE_WORDS = re.compile(r"全部|所有|终验|最终|整体")


def _named_period_from_signing(ctx: RuleContext) -> Iterator[tuple[str, Entity, date]]:
    """A named period counted from signing (or from taking effect on signing), within which the
    whole must be done: (event family, the duration, its last day)."""
    if ctx.language != "zh":
        return
    for d in ctx.of_kind("duration"):
        if not isinstance(d.value, int | float) or d.attrs.get("unit") not in ("day", "month"):
            continue
        at = ctx.view_offset(d.span.start)
        m = _ZH_PERIOD_FROM_SIGNING.search(ctx.text[max(0, at - 24) : at])
        if m is None:
            continue
        on_effect = m.group("anchor") == "生效"
        anchor = signing_day(ctx, ctx.of_kind("date")) if on_effect else signing_date(ctx)
        when = _iso(anchor) if anchor is not None else None
        last = date_after(when, d) if when is not None else None
        if last is None:
            continue
        within = re.compile(
            rf"(?:于|在){re.escape(m.group('noun'))}(?:内|届满前|届满之前)"
            r"[^。；]{0,12}?(?P<verb>完成|交付|提交)[^。]{0,60}"
        )
        for found in within.finditer(ctx.text):
            if _ZH_WHOLE_WORDS.search(found.group()):
                verbs = re.findall(r"完成|交付|交货|提交", found.group())
                for family in {_family(v) for v in verbs}:
                    yield family, d, last
                return


# a loan's maturity defined as a period after a dated event ("Maturity Date" means the date
# falling twenty-four (24) months after the Closing Date; 到期日指放款日起满十二个月之日)
_MATURITY_NAME = re.compile(r"Maturity Date|Final Repayment Date|到期日", re.I)


def _maturity_by_period(ctx: RuleContext) -> Iterator[tuple[str, Entity, date]]:
    fixed = event_dates(ctx)
    for found in dates_defined_by_period(ctx, fixed):
        if _MATURITY_NAME.search(found.name):
            yield "repayment", found.period, found.due


# "借款期限为十二个月，自放款日起算" with "2025年6月10日（以下简称“放款日”）": the term runs
# from an event the contract dates elsewhere
def _loan_term_from_event(ctx: RuleContext) -> Iterator[tuple[str, Entity, date]]:
    if ctx.language != "zh":
        return
    for d in ctx.of_kind("duration"):
        months = d.attrs.get("months")
        sentence = ctx.entity_sentence(d)
        before = ctx.sentence_before(d)[-12:]
        if not isinstance(months, int | float) or not float(months).is_integer():
            continue
        if d.attrs.get("unit") not in ("month", "year") or not _LOAN_TERM.search(before):
            continue
        start = start_event_day(ctx, sentence)
        first = _iso(start) if start is not None else None
        if first is not None:
            yield "repayment", d, add_months(first, int(months)) - timedelta(days=1)
            return


def _named(final: Entity, last: date) -> str:
    """A date as written; a period from signing with the day it ends ("六十日 (2025-05-09)")."""
    return final.text if final.kind == "date" else f"{final.text} ({last.isoformat()})"


def cell_dates(ctx: RuleContext, cell: Cell) -> list[tuple[Entity, date]]:
    end = cell.start + len(cell.text)
    return [
        (e, when)
        for e in ctx.of_kind("date")
        if (when := _iso(e)) is not None and cell.start <= ctx.view_offset(e.span.start) < end
    ]


# the whole defined to include a step that usually follows it: '"Completion" means that all of
# the Works, including the commissioning and air-balance testing …, have been finished'
_WHOLE_INCLUDES = re.compile(
    r"[\"“](?:(?:Practical |Substantial |Final )?Completion|Delivery)[\"”]\s+means\b[^.]*?"
    r"\bincluding\b(?P<parts>[^.]*)"
    r"|(?:竣工|完工|交付)(?:是指|系指|指)[^。]*?(?:包括|含)(?P<zh>[^。]*)",
    re.I,
)


def _included_in_the_whole(ctx: RuleContext) -> str:
    return " ".join(
        (m.group("parts") or m.group("zh") or "") for m in _WHOLE_INCLUDES.finditer(ctx.text)
    ).lower()


def _after_the_whole(label: str, included: str) -> bool:
    """A row that by nature follows the whole, unless the contract defines the whole to
    include that very step."""
    return any(m.group().lower() not in included for m in _AFTER_THE_WHOLE.finditer(label))


_REPAYMENT_TABLE = re.compile(r"还款|还本|repay|instal|amorti", re.I)
_DATE_COLUMN = re.compile(r"日期|时间|\bdate\b", re.I)


def _repayment_date_column(ctx: RuleContext, table: list[list[Cell]], head: Cell) -> str | None:
    """ "Payment date" in a table whose first column or the line above it names the instalments
    (SCHEDULE A - PRINCIPAL REPAYMENT SCHEDULE): the repayment schedule's dates."""
    if not _DATE_COLUMN.search(head.text):
        return None
    header_line = ctx.text.rfind("\n", 0, table[0][0].start) + 1
    above = ctx.text[ctx.text.rfind("\n", 0, max(0, header_line - 1)) + 1 : header_line]
    named = _REPAYMENT_TABLE.search(table[0][0].text) or _REPAYMENT_TABLE.search(above)
    return "repayment" if named else None


# a milestone table's date column: "Milestone | Description | Target date"
_MILESTONE_TABLE = re.compile(r"milestone|stage|phase|里程碑|节点|阶段", re.I)
_PLANNED_DATE = re.compile(
    r"(?:target|planned|scheduled|milestone)\s+date|计划(?:完成)?日期|节点日期", re.I
)
_ROW_ID = re.compile(r"\d{1,2}|[A-Z]\d{0,2}|M\d{1,2}|第[一二三四五六七八九十\d]{1,3}[阶段期批]?")


def _milestone_date_column(table: list[list[Cell]], head: Cell) -> str | None:
    if _PLANNED_DATE.search(head.text) and _MILESTONE_TABLE.search(table[0][0].text):
        return "completion"
    return None


class ScheduleParams(Params):
    families: list[str] = Field(
        default=["completion", "delivery"],
        description="which events: completion, delivery (of the work) or repayment (of a loan)",
    )


# the contract's own term stated as a range: "发布期限为六个月，自2025年4月1日起至2025年9月30日止"
_TERM_NOUN = re.compile(
    r"(?:合同|发布|服务|租赁|承包|委托|许可|使用|履行)?期限"
    # an exhibition's run (展期 alone is also a loan's extension)
    r"|(?:展会|展览会?|博览会|交易会|会展)展期"
    r"|\b(?:term|period) of this\b|\bthe Term\b"
)


def _term_ranges(ctx: RuleContext) -> list[tuple[date, Entity]]:
    """(start, end) of each range a sentence gives as the contract's term, outside tables."""
    dates = {e.span.start: e for e in ctx.of_kind("date")}
    found = []
    for e in dates.values():
        start = dates.get(e.attrs.get("range_start", -1))  # type: ignore[arg-type]
        at = ctx.view_offset(e.span.start)
        line = ctx.text[ctx.row_start(at) : at]
        if start is None or "|" in line or not _TERM_NOUN.search(ctx.entity_sentence(e)):
            continue
        begin = _iso(start)
        if begin is not None and _iso(e) is not None:
            found.append((begin, e))
    return found


def _row_periods_past_the_term(ctx: RuleContext) -> Iterator[Hit]:
    """A schedule row's period that starts within the term and ends after it ("LED大屏 | … |
    2025年4月1日至2025年10月31日" against a term 自2025年4月1日起至2025年9月30日止; "公众开放日 |
    2025年10月24日至10月25日" against an exhibition run 2025年10月22日至2025年10月24日)."""
    terms = _term_ranges(ctx)
    if len({(b, _iso(e)) for b, e in terms}) != 1:
        return  # no term range, or two different ones: nothing one row can contradict
    begin, term_end = terms[0]
    last = _iso(term_end)
    assert last is not None
    dates = {e.span.start: e for e in ctx.of_kind("date")}
    for e in dates.values():
        start = dates.get(e.attrs.get("range_start", -1))  # type: ignore[arg-type]
        end = _iso(e)
        first = _iso(start) if start is not None else None
        if first is None or end is None or not begin <= first <= last or end <= last:
            continue
        at = ctx.view_offset(e.span.start)
        line_start = ctx.row_start(at)
        row = ctx.text[line_start:at]
        if "|" not in row or _AFTER_THE_WHOLE.search(row.split("|", 1)[0]):
            continue
        label = row.split("|", 1)[0].strip()
        yield Hit(
            ctx.span(line_start, ctx.view_offset(e.span.end)),
            {"part": label, "part_date": e.text, "final": term_end.text},
            (term_end.span,),
        )
        return


@check("part_after_final_date", ScheduleParams, fields=("part", "part_date", "final"))
def part_after_final_date(ctx: RuleContext, params: ScheduleParams) -> Iterator[Hit]:
    """A schedule row that finishes a part of the work (or repays a part of a loan) after the
    date the whole is due; or a row's period that runs past the contract's own term."""
    if "completion" in params.families:
        yield from _row_periods_past_the_term(ctx)
    finals = {f: d for f, d in _final_dates(ctx).items() if f in params.families}
    if not finals:
        return
    included = _included_in_the_whole(ctx)
    for table in pipe_tables(ctx.text):
        header = table[0]
        for j, head in enumerate(header):
            family = (
                next((f for f, w in _FAMILY_WORDS.items() if re.search(w, head.text, re.I)), None)
                or _repayment_date_column(ctx, table, head)
                or _milestone_date_column(table, head)
            )
            if (
                family == "completion"
                and "completion" not in finals
                and _milestone_date_column(table, head)
            ):
                # a milestone is a part of the whole however the whole ends: "deliver the
                # Final Release … no later than December 19, 2025 (the "Final Delivery Date")"
                family = "delivery"
            if family not in finals or j == 0:
                continue
            final, final_date = finals[family]
            for row in table[1:]:
                label = row[0].text
                if _ROW_ID.fullmatch(label.strip()) and len(row) > 1 and j > 1:
                    label = f"{label} {row[1].text}"  # "4 | Cleanroom HVAC installed; …"
                if j >= len(row) or _after_the_whole(label, included):
                    continue
                late = [(e, d) for e, d in cell_dates(ctx, row[j]) if d > final_date]
                if late:
                    # the row up to the late date is the quote: the part and when it ends
                    e = late[0][0]
                    row_span = ctx.span(row[0].start, ctx.view_offset(e.span.end))
                    yield Hit(
                        row_span,
                        {"part": label, "part_date": e.text, "final": _named(final, final_date)},
                        (final.span,),
                    )
                    return
