"""How a clause names a schedule and the totals it states, shared by the checks that compare
a stated sum with what a schedule lists (``checks_prose_totals``, ``itemised_sums``)."""

from __future__ import annotations

import re

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell

# the amount is said to be a total: "合计为人民币", "in an aggregate face amount of", "totalling"
SAID_TOTAL = re.compile(
    # "作价人民币伍拾万元整": what the listed things are valued at, all together
    r"(?:合计|总计|共计|总额|合计金额|作价)(?:为|是|：|:)?\s*(?:人民币|RMB|CNY)?\s*$"
    r"|\b(?:(?:in|at|for) (?:the |an )?aggregate(?: [a-z]+){0,2} of|totall?ing|(?:a|the) total"
    r"(?: [a-z]+){0,2} of|aggregating)\s*(?:US\$|USD|RMB|CNY|£|€|\$)?\s*$",
    re.I,
)
# the sentence names a schedule: "附件一所列", "listed in Schedule 1"
NAMES_SCHEDULE = re.compile(r"附件|附表|清单|明细表|\b(?:Schedule|Annex|Appendix|Exhibit)\b")
# which one: "附件二", "Schedule 2", "Annex B"
SCHEDULE_ID = re.compile(
    r"(?:附件|附表)\s*(?P<zh>[一二三四五六七八九十\d]+)"
    r"|\b(?:Schedule|Annex|Appendix|Exhibit)\s+(?P<en>\d+|(?-i:[A-Z]\b|[IVX]+\b))",
    re.I,  # "SCHEDULE 2 - INITIAL ORDER"
)


def schedule_ids(text: str) -> set[str]:
    return {m.group("zh") or m.group("en") for m in SCHEDULE_ID.finditer(text)}


SCHEDULE_HEADING = re.compile(
    r"^\s*(?:(?:附件|附表)\s*[一二三四五六七八九十\d]+|(?:Schedule|Annex|Appendix|Exhibit)\s+\w+)",
    re.I,
)


BRACKETED = re.compile(r"[（(][^）)]*[）)]")


def column_noun(header: Cell) -> str:
    """ "票面金额（人民币元）" -> "票面金额": the header without its unit."""
    return BRACKETED.sub("", header.text).strip()


def clause_around(ctx: RuleContext, e: Entity) -> str:
    """The numbered clause the amount stands in, as view text (its sentence when none)."""
    clause = next((c for c in ctx.clauses if c.id == e.clause), None)
    return ctx.clause_text(clause) if clause is not None else ctx.entity_sentence(e)


SUBTOTAL = re.compile(r"^(?:小计|sub-?total)", re.I)
