"""A Chinese cap on all liability beside a duty to make good a loss "in full, not reduced or
limited by any other term" that the cap does not carve out: "乙方还应赔偿甲方由此遭受的全部损失
……不因本合同其他条款的约定而减少或者受到限制" (第十四条) against "任何一方在本合同项下承担的违约金、
损害赔偿及其他补偿责任累计不超过人民币壹佰玖拾柒万陆仟元整", whose exceptions name neither
第十四条 nor what it covers. Both cannot be applied as written (民法典 466: the terms are read
together; 510-511 when what was agreed stays unclear).

The same cap beside a duty to bear a loss at its full amount ("均由乙方据实全额承担",
"应足额赔偿…全部实际损失", or "赔偿…全部损失，包括…第三方索赔金额及行政罚款") is the same unclear
bargain when the duty falls on a party the cap protects and the cap's exceptions do not reach it.

Lawful and left alone: a cap that yields to the contract's other terms ("除本合同另有约定外"), a
cap that names the uncapped clause or its subject among its exceptions, and a duty that says
which cap it is outside ("不受第十八条限额的限制"): the two terms then agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.entities.clause_refs import clause_refs
from pipeline.entities.clauses import innermost
from pipeline.entities.model import Clause
from pipeline.entities.parties import CN_ROLES
from pipeline.rules_engine.cap_facts import overlap
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check

# a ceiling on a party's whole liability, not on one head (违约金累计不超过 is a penalty cap)
_ZH_CAP = re.compile(
    r"(?:赔偿责任|违约责任|补偿责任|损害赔偿|责任总额|赔偿总额|全部责任)[^。；]{0,30}?"
    r"(?:累计|合计|总计|最高|总额)?[^。；]{0,6}?(?:不超过|不得超过|不应超过|以[^。；]{1,30}?为限)"
    # "前述标准为供电人在本合同项下承担赔偿责任的最高限额"
    r"|(?:赔偿责任|违约责任|补偿责任|全部责任)的?(?:最高|总)限额"
)
# "全部损失…不因本合同其他条款的约定而减少或者受到限制", "不受本合同任何责任限额的限制"
_ZH_ESCAPE = re.compile(
    r"不(?:因|受)(?:本合同|本协议)?(?:其他|任何)(?:条款|约定|规定)?[^。；]{0,12}?"
    r"(?:减少|限制|约束|影响)"
    r"|不受(?:本合同|本协议)?(?:任何)?(?:责任|赔偿)?(?:限额|上限)[^。；]{0,6}?(?:限制|约束)"
    # "该等赔偿按实际发生的金额足额承担，不受金额限制", "不设赔偿上限"
    r"|不受(?:任何)?(?:金额|数额)(?:上限)?的?(?:限制|约束)|不设(?:赔偿|责任)?(?:上限|限额)"
)
_MAKES_GOOD = re.compile(r"赔偿|补偿|损失")
# the cap yields to the rest of the contract
_CAP_YIELDS = re.compile(r"(?:除|但)本(?:合同|协议)(?:另有|其他条款另有)(?:约定|规定)")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{4,}")
_GENERIC = re.compile(r"^(?:的赔偿|赔偿责任|违约责任|损害赔偿)")


class ZhCapEscapeParams(Params):
    pass


def _clause(ctx: RuleContext, sentence: Sentence) -> Clause | None:
    return innermost(ctx.clauses, ctx.view.origin[sentence.start]) if ctx.clauses else None


def _names(cap_text: str, clause: Clause | None, escape: Sentence) -> bool:
    """The cap names the uncapped clause by number, or the subject of its heading (陈述与保证)."""
    if clause is None:
        return False
    if clause.number and clause.number in clause_refs(cap_text):
        return True
    # a heading segmented with its clause's text runs on: its title ends at the first stop
    title = re.split(r"[。；：:，,】]", clause.heading.lstrip("【 "), maxsplit=1)[0][:16]
    for run in _CJK_RUN.findall(title):
        pieces = {run[i : i + 4] for i in range(len(run) - 3)}
        if any(p in cap_text and not _GENERIC.match(p) for p in pieces):
            return True
    return False


@check("zh_cap_vs_uncapped_duty", ZhCapEscapeParams, fields=("cap", "duty"))
def zh_cap_vs_uncapped_duty(ctx: RuleContext, params: ZhCapEscapeParams) -> Iterator[Hit]:
    """A cap on all liability and, in another clause, a duty to pay a loss that no other term
    may reduce or limit, which the cap does not except."""
    if ctx.language != "zh":
        return
    caps = [s for s in ctx.sentences if _ZH_CAP.search(s.text)]
    if not caps:
        return
    for escape in ctx.sentences:
        m = _ZH_ESCAPE.search(escape.text)
        if m is None or not _MAKES_GOOD.search(escape.text):
            continue
        if clause_refs(escape.text[m.start() :]):
            continue  # "不受第十八条限额的限制": it says which cap it is outside
        own = _clause(ctx, escape)
        for cap in caps:
            cap_clause = _clause(ctx, cap)
            if cap_clause is not None and own is not None and cap_clause.id == own.id:
                continue
            # the whole clause: its exceptions may stand in its sub-clauses
            cap_text = ctx.clause_text(cap_clause) if cap_clause is not None else cap.text
            if _CAP_YIELDS.search(cap_text) or _names(cap_text, own, escape):
                continue
            yield Hit(
                ctx.span(escape.start + m.start(), escape.start + m.end()),
                {"cap": cap.text.strip()[:80], "duty": escape.text.strip()[:80]},
                (ctx.span(cap.start, cap.end),),
            )
            return


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


def _capped_roles(cap: str) -> set[str] | None:
    """The party whose liability the cap limits (the first role before its ceiling: "乙方在本合同
    项下对甲方承担的…"); None for both sides or when no role is named."""
    head = _ZH_CAP.search(cap)
    before = cap[: head.start()] if head else cap
    if _ANY_PARTY.search(before):
        return None
    first = _ROLE.search(before)
    return {first.group()} if first else None


def _obligor(duty: str, m: re.Match[str]) -> str | None:
    """The party that bears the duty: the last role named before it in its phrase ("由甲方据实
    承担", "乙方应负责处理并赔偿"); None when the phrase names none."""
    phrase = re.split(r"[，,；;。]", duty[: m.start()])[-1]
    roles = _ROLE.findall(phrase)
    return roles[-1] if roles else None


# where a cap's exceptions begin: "除…外", "但…不受前述限额的约束", "下列责任不适用…"
_EXCEPTIONS = re.compile(r"除|但|下列|不适用|不受")
# pieces every clause about liability shares; they name no subject
_GENERIC_PIECE = re.compile(
    r"损失|赔偿|责任|[甲乙丙]方|一方|对方|本合同|本协议|因此|造成|承担|包括|违反|违约|[第条款项]"
)


def _excepts_subject(cap_text: str, duty: str) -> bool:
    """The cap's exceptions name what the duty is about ("侵犯第三方知识产权")."""
    start = _EXCEPTIONS.search(cap_text)
    if start is None:
        return False
    exceptions = cap_text[start.start() :]
    for run in _CJK_RUN.findall(duty):
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
    for clause in ctx.clauses:
        if clause.id == own.id:
            continue
        text = ctx.clause_text(clause)
        speaks_of_a_limit = bool(_NAMES_A_LIMIT.search(text)) or "限制" in text
        if speaks_of_a_limit and any(overlap(own.number, n) for n in clause_refs(text)):
            return True
    return False


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
    caps = [s for s in ctx.sentences if _ZH_CAP.search(s.text) and not _PART_CAP.search(s.text)]
    if not caps:
        return
    for duty in ctx.sentences:
        m = _full_amount_duty(duty.text)
        if m is None or _ZH_ESCAPE.search(duty.text):
            continue  # an express escape is zh_cap_vs_uncapped_duty's matter
        own = _clause(ctx, duty)
        own_text = ctx.clause_text(own) if own is not None else duty.text
        if _NAMES_A_LIMIT.search(own_text) or _ZH_ESCAPE.search(own_text):
            continue  # the duty's own clause says how it stands to a limit
        if _linked_elsewhere(ctx, own):
            continue
        for cap in caps:
            cap_clause = _clause(ctx, cap)
            if cap_clause is not None and own is not None and cap_clause.id == own.id:
                continue
            obligor = _obligor(duty.text, m)
            roles = _capped_roles(cap.text)
            if roles is not None and obligor is not None and obligor not in roles:
                continue  # the cap protects the other side
            cap_text = ctx.clause_text(cap_clause) if cap_clause is not None else cap.text
            if _CAP_YIELDS.search(cap_text) or _names(cap_text, own, duty):
                continue
            if _excepts_subject(cap_text, own_text):
                continue
            yield Hit(
                ctx.span(duty.start + m.start(), duty.start + m.end()),
                {"cap": cap.text.strip()[:80], "duty": duty.text.strip()[:80]},
                (ctx.span(cap.start, cap.end),),
            )
            return
