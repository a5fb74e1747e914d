"""A cap on a party's liability beside that party's duty to bear a loss at its full amount:
"甲方因此支付的赔偿款、罚款……均由乙方据实全额承担" (第十五条) against "乙方在本合同项下对
甲方承担的全部赔偿责任……每一合同年度累计不超过人民币伍拾万元整" (第十六条), whose exceptions
name neither 第十五条 nor what it covers; or a cap on one head of cost ("乙方就每次事故承担的
车辆维修费用以人民币1,500元为限") beside a duty to bear that same cost in full ("乙方均应……
全额承担维修费用"). The two terms overlap and cannot both apply as written (民法典 466; 510-511
when what was agreed stays unclear).

Lawful and left alone: a duty its own clause relates to a limit, a duty another clause names
among a limit's exceptions, a cap that yields to the rest of the contract or names the duty's
clause or subject among its exceptions, and a cap that protects the other party.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.entities.clause_refs import clause_refs
from pipeline.entities.model import Clause
from pipeline.entities.parties import CN_ROLES
from pipeline.rules_engine.cap_facts import overlap
from pipeline.rules_engine.checks_zh_cap_escape import (
    CAP_YIELDS,
    CJK_RUN,
    ZH_CAP,
    ZH_ESCAPE,
    ZhCapEscapeParams,
    cap_excepts_clause,
    clause_at,
    zh_cap,
)
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, check

# a duty to bear a loss at its full amount; "足额支付" of a fee is a payment, not a loss
_FULL_AMOUNT = re.compile(r"(?:全额|足额|据实)[^。；，]{0,4}?(?:承担|赔偿|补偿|偿付)")
# "赔偿…全部损失": full amount only where the loss is a third party's claim or a fine (an
# indemnity); a bare "赔偿全部损失" for breach is what a general cap is there to limit
_ALL_LOSS = re.compile(
    r"(?:赔偿|承担|补偿)[^。；]{0,30}?(?:全部|一切)(?:实际)?损失"
    # "由此给甲方造成的一切损失由乙方承担" ("承担全部责任" for a subcontractor's acts is no sum)
    r"|(?:全部|一切)(?:经济|赔偿)?(?:费用|损失)[^。；]{0,6}?由[^。；]{0,6}?承担"
)
_INDEMNITY_LOSS = re.compile(r"第三[方人]|索赔|罚款|处罚")
_NAMES_A_LIMIT = re.compile(r"限额|上限|为限|不超过|不得超过|最高")
# a cap on part of the liability: one clause's, ordinary negligence's, one item's
_PART_CAP = re.compile(
    r"[依按根据]\s*(?:本(?:合同|协议))?第[^。；]{1,12}?[条款][^。；]{0,12}?承担|一般过失|每一?[项件批]"
)
_ANY_PARTY = re.compile(r"任何一方|任一方|双方|各方|一方")
_ROLE = re.compile("|".join(sorted(CN_ROLES, key=len, reverse=True)))
_ACTS = re.compile(
    rf"(?:由|(?=(?:{_ROLE.pattern})[均还亦也另]?(?:应|须|需|负责)))(?P<role>{_ROLE.pattern})"
)


def _capped_roles(cap: str) -> set[str] | None:
    """The party whose liability the cap limits (the first role before its ceiling: "乙方在本合同
    项下对甲方承担的…"); None for both sides or when no role is named."""
    head = ZH_CAP.search(cap)
    before = cap[: head.start()] if head else cap
    if _ANY_PARTY.search(before):
        return None
    first = _ROLE.search(before)
    return {first.group()} if first else None


def _obligor(duty: str, m: re.Match[str]) -> str | None:
    """The party that bears the duty: the last role named before it in its phrase ("由甲方据实
    承担", "乙方应负责处理并赔偿"); None when the phrase names none."""
    phrase = re.split(r"[，,；;。]", duty[: m.start()])[-1]
    # the role that acts ("乙方均应按甲方指定维修厂出具的结算单全额承担": 乙方, not 甲方)
    acting = [a.group("role") for a in _ACTS.finditer(phrase)]
    roles = acting or _ROLE.findall(phrase)
    return roles[-1] if roles else None


# where a cap's exceptions begin: "除…外", "但…不受前述限额的约束", "下列责任不适用…"
_EXCEPTIONS = re.compile(r"除|但|下列|不适用|不受")
# pieces every clause about liability shares; they name no subject
_GENERIC_PIECE = re.compile(
    r"损失|赔偿|责任|[甲乙丙]方|一方|对方|本合同|本协议|因此|造成|承担|包括|违反|违约|[第条款项限]|约束"
)


def _excepts_subject(cap_text: str, duty: str) -> bool:
    """The cap's exceptions name what the duty is about ("侵犯第三方知识产权")."""
    start = _EXCEPTIONS.search(cap_text)
    if start is None:
        return False
    exceptions = cap_text[start.start() :]
    for run in CJK_RUN.findall(duty):
        for i in range(len(run) - 3):
            piece = run[i : i + 4]
            if piece in exceptions and not _GENERIC_PIECE.search(piece):
                return True
    return False


def _linked_elsewhere(ctx: RuleContext, own: Clause | None) -> bool:
    """Another clause speaks to the duty's clause and a limit ("下列责任不受第8.4款的限制：…
    乙方依照第5.4款承担的…"): the contract says how the two meet."""
    if own is None or not own.number:
        return False
    bodies = {c.id: ctx.clause_body(c) for c in ctx.clauses}
    for clause in ctx.clauses:
        if clause.id == own.id:
            continue
        # a clause's own words, not its sub-clauses': 第十条 holds a refund that names 第七条 in
        # 10.3 and a cap in 10.5, and neither speaks to the other
        text = bodies[clause.id]
        head = bodies.get(clause.parent or "", "").rstrip()
        listed = head.endswith(("：", ":")) and _speaks_of_a_limit(head)
        if (listed or _speaks_of_a_limit(text)) and any(
            overlap(own.number, n) for n in clause_refs(text)
        ):
            return True
    return False


def _speaks_of_a_limit(text: str) -> bool:
    return bool(_NAMES_A_LIMIT.search(text)) or "限制" in text


# a ceiling on one head of cost a party bears: "乙方就每次事故承担的车辆维修费用以人民币1,500元为限"
_HEAD_CAP = re.compile(
    r"承担的(?P<head>[^。；，的]{0,8}?(?:费用|损失))[^。；]{0,6}?"
    r"(?:以[^。；]{1,30}?为限|(?:累计|合计|最高)?不(?:得)?超过)"
)


def _head(cap: Sentence) -> str | None:
    """The head of cost a head cap limits ("维修费用"), or None for a cap on all liability."""
    m = _HEAD_CAP.search(cap.text)
    return m.group("head")[-4:] if m and not zh_cap(cap.text) else None


def _full_amount_duty(sentence: str) -> re.Match[str] | None:
    if _NAMES_A_LIMIT.search(sentence):
        return None
    m = _FULL_AMOUNT.search(sentence)
    if m is not None:
        return m
    m = _ALL_LOSS.search(sentence)
    return m if m is not None and _INDEMNITY_LOSS.search(sentence) else None


@check("zh_cap_vs_full_amount_duty", ZhCapEscapeParams, fields=("cap", "duty"))
def zh_cap_vs_full_amount_duty(ctx: RuleContext, params: ZhCapEscapeParams) -> Iterator[Hit]:
    """A cap on all of a party's liability and, in another clause, that party's duty to bear a
    third party's claim or a loss at its full amount, which the cap does not except."""
    if ctx.language != "zh":
        return
    caps = [
        s
        for s in ctx.sentences
        if (zh_cap(s.text) and not _PART_CAP.search(s.text)) or _HEAD_CAP.search(s.text)
    ]
    if not caps:
        return
    for duty in ctx.sentences:
        m = _full_amount_duty(duty.text)
        if m is None or ZH_ESCAPE.search(duty.text):
            continue  # an express escape is zh_cap_vs_uncapped_duty's matter
        own = clause_at(ctx, duty)
        own_text = ctx.clause_text(own) if own is not None else duty.text
        if _NAMES_A_LIMIT.search(own_text) or ZH_ESCAPE.search(own_text):
            continue  # the duty's own clause says how it stands to a limit
        if _linked_elsewhere(ctx, own):
            continue
        for cap in caps:
            cap_clause = clause_at(ctx, cap)
            if cap_clause is not None and own is not None and cap_clause.id == own.id:
                continue
            head = _head(cap)
            if head is not None and (head not in duty.text or not _FULL_AMOUNT.match(m.group())):
                continue  # a cap on one cost meets only a duty to bear that cost in full
            obligor = _obligor(duty.text, m)
            roles = _capped_roles(cap.text)
            if roles is not None and obligor is not None and obligor not in roles:
                continue  # the cap protects the other side
            cap_text = ctx.clause_text(cap_clause) if cap_clause is not None else cap.text
            if CAP_YIELDS.search(cap_text) or cap_excepts_clause(cap_text, own, duty):
                continue
            if _excepts_subject(cap_text, own_text):
                continue
            yield Hit(
                ctx.span(duty.start + m.start(), duty.start + m.end()),
                {"cap": cap.text.strip()[:80], "duty": duty.text.strip()[:80]},
                (ctx.span(cap.start, cap.end),),
            )
            return
