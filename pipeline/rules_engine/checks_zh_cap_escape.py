"""A Chinese cap on all liability beside a duty to make good a loss "in full, not reduced or
limited by any other term" that the cap does not carve out: "乙方还应赔偿甲方由此遭受的全部损失
……不因本合同其他条款的约定而减少或者受到限制" (第十四条) against "任何一方在本合同项下承担的违约金、
损害赔偿及其他补偿责任累计不超过人民币壹佰玖拾柒万陆仟元整", whose exceptions name neither
第十四条 nor what it covers. Both cannot be applied as written (民法典 466: the terms are read
together; 510-511 when what was agreed stays unclear).

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
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check

# a ceiling on a party's whole liability, not on one head (违约金累计不超过 is a penalty cap)
ZH_CAP = re.compile(
    r"(?:赔偿责任|违约责任|补偿责任|损害赔偿|责任总额|赔偿总额|全部责任)[^。；]{0,30}?"
    r"(?:累计|合计|总计|最高|总额)?[^。；]{0,6}?(?:不超过|不得超过|不应超过|以[^。；]{1,30}?为限)"
    # "前述标准为供电人在本合同项下承担赔偿责任的最高限额"
    r"|(?:赔偿责任|违约责任|补偿责任|全部责任)的?(?:最高|总)限额"
)
# a bracketed aside between the liability and its ceiling ("赔偿责任之和（不含依照第10.3条退还的
# 价款及其利息），在任何情况下均不超过…") is no part of the cap's grammar
ASIDES = re.compile(r"（[^（）]{0,60}）|\([^()]{0,60}\)")


def zh_cap(text: str) -> re.Match[str] | None:
    """A ceiling on all liability in ``text``, read past bracketed asides."""
    return ZH_CAP.search(ASIDES.sub("", text))


# "全部损失…不因本合同其他条款的约定而减少或者受到限制", "不受本合同任何责任限额的限制"
ZH_ESCAPE = re.compile(
    r"不(?:因|受)(?:本合同|本协议)?(?:其他|任何)(?:条款|约定|规定)?[^。；]{0,12}?"
    r"(?:减少|限制|约束|影响)"
    r"|不受(?:本合同|本协议)?(?:任何)?(?:责任|赔偿)?(?:限额|上限)[^。；]{0,6}?(?:限制|约束)"
    # "该等赔偿按实际发生的金额足额承担，不受金额限制", "不设赔偿上限"
    r"|不受(?:任何)?(?:金额|数额)(?:上限)?的?(?:限制|约束)|不设(?:赔偿|责任)?(?:上限|限额)"
    # "赔偿数额以甲方实际损失为准，不受本合同价款数额的限制"
    r"|不受(?:本合同|本协议)?[^。；，]{0,8}?(?:价款|金额|数额)的?(?:限制|约束)"
    # "赔偿金额不受限制", "无赔偿上限", "不以合同总价为限" ("但不以此为限" only lists examples)
    r"|(?:金额|数额)不受(?:任何)?(?:限制|约束)|无(?:任何)?(?:金额|赔偿|责任)?上限"
    r"|不以[^。；，]{0,10}?(?:价款|总价|金额|总额|限额|服务费)为限"
)
_MAKES_GOOD = re.compile(r"赔偿|补偿|损失")
# a cap that names a clause to take it in, not to except it
_INCLUDES = re.compile(
    r"(?:包括|包含|含)[^。；）)]{0,6}?第\s*[\d一二三四五六七八九十百.]+\s*[条款]"
)
# the cap yields to the rest of the contract
CAP_YIELDS = re.compile(r"(?:除|但)本(?:合同|协议)(?:另有|其他条款另有)(?:约定|规定)")
CJK_RUN = re.compile(r"[\u4e00-\u9fff]{4,}")
_GENERIC = re.compile(r"^(?:的赔偿|赔偿责任|违约责任|损害赔偿)")


class ZhCapEscapeParams(Params):
    pass


def clause_at(ctx: RuleContext, sentence: Sentence) -> Clause | None:
    return innermost(ctx.clauses, ctx.view.origin[sentence.start]) if ctx.clauses else None


def cap_excepts_clause(cap_text: str, clause: Clause | None, escape: Sentence) -> bool:
    """The cap excepts the uncapped clause: names it by number (other than to take it in), or
    names the subject of its heading (陈述与保证)."""
    if clause is None:
        return False
    included = {n for m in _INCLUDES.finditer(cap_text) for n in clause_refs(m.group())}
    if clause.number and clause.number in included:
        return False  # "（包括第十二条项下的赔偿责任）累计总额不超过…": the cap takes it in
    if clause.number and clause.number in clause_refs(cap_text):
        return True
    # a heading segmented with its clause's text runs on: its title ends at the first stop
    title = re.split(r"[。；：:，,】]", clause.heading.lstrip("【 "), maxsplit=1)[0][:16]
    for run in CJK_RUN.findall(title):
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
    caps = [s for s in ctx.sentences if zh_cap(s.text)]
    if not caps:
        return
    for escape in ctx.sentences:
        m = ZH_ESCAPE.search(escape.text)
        if m is None or not _MAKES_GOOD.search(escape.text):
            continue
        if clause_refs(escape.text[m.start() :]):
            continue  # "不受第十八条限额的限制": it says which cap it is outside
        own = clause_at(ctx, escape)
        for cap in caps:
            cap_clause = clause_at(ctx, cap)
            if cap_clause is not None and own is not None and cap_clause.id == own.id:
                continue
            # the whole clause: its exceptions may stand in its sub-clauses
            cap_text = ctx.clause_text(cap_clause) if cap_clause is not None else cap.text
            if CAP_YIELDS.search(cap_text) or cap_excepts_clause(cap_text, own, escape):
                continue
            yield Hit(
                ctx.span(escape.start + m.start(), escape.start + m.end()),
                {"cap": cap.text.strip()[:80], "duty": escape.text.strip()[:80]},
                (ctx.span(cap.start, cap.end),),
            )
            return
