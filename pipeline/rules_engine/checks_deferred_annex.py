"""An attached annex that is itself only a promise to agree later, where a main term lives.

"1.2 设备的技术参数、精度及制造标准以附件二《技术协议》为准" reads as settled, but 附件二 says only
"（技术协议由双方技术部门在本合同签订后另行商定并签署）". Whatever the annex is called, the term
the body sends there (quality, price, quantity, scope) is then open (民法典 470, 510). An annex
with rows, figures or more than a short note is read by the other annex checks instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.rules_engine.checks_annex_price import annex_texts
from pipeline.rules_engine.checks_annexes import ANNEX_HEAD, ANNEX_REF, annex_key
from pipeline.rules_engine.checks_deferred_terms import FIGURE_HERE
from pipeline.rules_engine.checks_patterns import regex
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

# where an annex's own text ends: the signature block that follows the last one
_SIGNATURES = re.compile(
    r"(?m)^.{0,20}(?:（(?:盖章|签字|签章)）|（公章）|\((?:seal|signature)\)|Signed\b|Signature\b"
    r"|IN WITNESS\b|授权代表|法定代表人)",
    re.I,
)
_NOTE_LINES = 3
_NOTE_CHARS = 240


class DeferredAnnexParams(Params):
    defer: str = Field(description="regex: the annex says it will be agreed or signed later")
    term: str = Field(description="regex: a main term, in the sentence that sends it to the annex")


def _body(annex_text: str) -> str:
    """The annex's text below its heading and above any signature block."""
    lines = annex_text.split("\n", 1)
    body = lines[1] if len(lines) > 1 else ""
    cut = _SIGNATURES.search(body)
    return (body[: cut.start()] if cut else body).strip()


def _only_a_promise(body: str, defer: re.Pattern[str]) -> bool:
    lines = [ln for ln in body.splitlines() if ln.strip()]
    return (
        0 < len(lines) <= _NOTE_LINES
        and len(body) <= _NOTE_CHARS
        and defer.search(body) is not None
        and "|" not in body
        and FIGURE_HERE.search(body) is None
    )


@check("annex_left_to_later", DeferredAnnexParams, fields=("annex", "sentence", "note"))
def annex_left_to_later(ctx: RuleContext, params: DeferredAnnexParams) -> Iterator[Hit]:
    """A main term sent to an annex whose text is only a note that it will be agreed later."""
    language = "zh" if ctx.language == "zh" else "en"
    defer, term = regex(params.defer), regex(params.term)
    heads = list(ANNEX_HEAD[language].finditer(ctx.text))
    if not heads:
        return
    first_annex = heads[0].start()
    promised = {
        key: body
        for key, text in annex_texts(ctx, language).items()
        if _only_a_promise(body := _body(text), defer)
    }
    for m in ANNEX_REF[language].finditer(ctx.text, 0, first_annex):
        key = annex_key(m)
        if key not in promised:
            continue
        held = ctx.sentence_at(m.start())
        if held is None or not term.search(held.text):
            continue
        yield Hit(
            ctx.span(m.start(), m.end()),
            {
                "annex": m.group(),
                "sentence": " ".join(held.text.split())[:160],
                "note": " ".join(promised.pop(key).split())[:120],
            },
        )
