"""Acceptance against criteria "set out in Annex 2" when Annex 2, attached, sets out none of them:
"if it meets the detection performance indicators set out in Annex 2" while Annex 2 lists the
line speed, the defect types and the camera layout, and no detection rate. The quality standard
the work is accepted (and paid) against is then missing (民法典 510, 511(一); for English law an
uncertain standard of acceptance).

The annex must be in the text (a missing annex is another check's) and none of the words that
name the criteria may appear in it; an annex headed "Acceptance Criteria" for "the acceptance
criteria set out in Annex 2" is what it says.

In Chinese the annex's heading may promise what its body lacks (附件二：技术规格及验收标准, whose
rows are packaging and shipping marks): there the body below the heading must state a criterion
of some kind (a test, a sample, a tolerance, a limit, a national standard) or the check fires.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.checks_annexes import ANNEX_HEAD
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_REFERENCE = re.compile(
    r"\b(?:meets?|meeting|satisf\w+|compl\w+ with|conform\w* (?:to|with)|achieves?|in accordance"
    r" with)\s+(?:all\s+)?(?:of\s+)?the\s+(?P<what>(?:[\w-]+\s){1,4}?(?:indicators|criteria|"
    r"specifications?|requirements|standards|KPIs|metrics|targets))\s+(?:set out|specified|"
    r"listed|stated|described|contained|defined)\s+in\s+(?P<annex>(?:Annex|Schedule|Appendix|"
    r"Exhibit)\s+[\dA-Z]{1,3})\b",
    re.I,
)
_GENERIC = frozenset(
    {
        "the", "all", "of", "and", "or", "technical", "acceptance", "test", "testing",
        "quality", "agreed", "applicable", "relevant", "such", "said", "contract",
        "agreement", "key", "main",
    }
)  # fmt: skip
_HEADING = re.compile(r"(?m)^\s*(?:Annex|Schedule|Appendix|Exhibit)\s+[\dA-Z]{1,3}\b", re.I)
_SIGNATURES = re.compile(
    r"(?m)^\s*(?:IN WITNESS|Signed\b|Authori[sz]ed (?:representative|signat))", re.I
)


def _annex_text(text: str, name: str) -> str | None:
    """The annex's own text: from its heading line to the next annex heading or signatures."""
    heads = [m for m in _HEADING.finditer(text) if m.group().strip().lower() == name.lower()]
    if not heads:
        return None
    start = heads[-1].start()
    ends = [m.start() for m in _HEADING.finditer(text, heads[-1].end())]
    ends += [m.start() for m in _SIGNATURES.finditer(text, heads[-1].end())]
    return text[start : min(ends, default=len(text))]


class AnnexCriteriaParams(Params):
    pass


_REFERENCE_ZH = re.compile(
    r"(?:依|按|依照|按照|根据|符合|达到|满足)(?:本合同)?(?P<annex>附件[一二三四五六七八九十\d]{1,3})"
    r"(?:中)?(?:规定|所列|载明|约定|列明|确定|所述)的?"
    r"(?P<what>[^。；，]{0,16}?(?:质量|技术|验收|检验|检测|性能|判定|工艺)[^。；，]{0,12}?"
    r"(?:标准|指标|要求|项目|方法|规则|方案))"
)
# what a criterion is made of: a test, a sample, a tolerance, a limit, a standard's number
_CRITERION_ZH = re.compile(
    r"检验|检测|测试|试验|抽样|抽检|判定|合格|指标|公差|精度|误差|偏差|强度|硬度|性能|参数|"
    r"GB|ISO|JB|国家标准|行业标准|企业标准|≤|≥|±|不低于|不高于|不超过|不小于|不大于|以上|以下|%|％|"
    r"尺寸|mm|毫米|厘米|重量|材质|厚度|样品|封样"
)
# the clause itself sets the standard by a sample both sides signed, or lists it
_OWN_STANDARD_ZH = re.compile(r"封样|样品|样板|主要要求|具体要求[为是：:]")
_SIGNED_ZH = re.compile(r"(?m)^\s*[甲乙丙]方[（(]?(?:盖章|签章|签字)|^\s*(?:签订|签署)日期")


def _zh_annex_body(text: str, annex: str) -> str | None:
    """The annex's body (below its heading line) up to the next annex or the signatures."""
    heads = [m for m in ANNEX_HEAD["zh"].finditer(text) if f"附件{m.group('id')}" == annex]
    if not heads:
        return None
    line_end = text.find("\n", heads[-1].end())
    if line_end < 0:
        return ""
    ends = [m.start() for m in ANNEX_HEAD["zh"].finditer(text, line_end)]
    ends += [m.start() for m in _SIGNED_ZH.finditer(text, line_end)]
    return text[line_end : min(ends, default=len(text))]


def _chinese(ctx: RuleContext) -> Iterator[Hit]:
    for sentence in ctx.sentences:
        m = _REFERENCE_ZH.search(sentence.text)
        if m is None:
            continue
        if _OWN_STANDARD_ZH.search(ctx.clause_of(sentence)):
            continue
        body = _zh_annex_body(ctx.text, m.group("annex"))
        if body is None or not body.strip() or _CRITERION_ZH.search(body):
            continue
        yield Hit(ctx.match_span(sentence, m), {"what": m.group("what"), "annex": m.group("annex")})
        return


@check("criteria_absent_from_annex", AnnexCriteriaParams, fields=("what", "annex"))
def criteria_absent_from_annex(ctx: RuleContext, params: AnnexCriteriaParams) -> Iterator[Hit]:
    """Work accepted against criteria in an annex that, attached, states none of them."""
    if ctx.language == "zh":
        yield from _chinese(ctx)
        return
    for sentence in ctx.sentences:
        m = _REFERENCE.search(sentence.text)
        if m is None:
            continue
        annex = _annex_text(ctx.text, re.sub(r"\s+", " ", m.group("annex")))
        if annex is None:
            continue
        words = [
            w for w in re.findall(r"[a-z]+", m.group("what").lower())[:-1] if w not in _GENERIC
        ]
        if not words or any(w[:5] in annex.lower() for w in words):
            continue
        yield Hit(
            ctx.match_span(sentence, m),
            {"what": m.group("what"), "annex": m.group("annex")},
        )
        return
