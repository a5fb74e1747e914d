"""The day a contract takes effect when it says it takes effect on signing: "本合同自双方签字
盖章之日起生效" with "签订日期：2025年3月1日" in the signature block, or "This Agreement takes
effect on the date it is signed" with "Signed on 1 March 2025". A term that runs "自本合同生效之日
起" starts that day.
"""

from __future__ import annotations

import re

from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import signature_line_dates
from pipeline.rules_engine.context import RuleContext

# signing alone makes it effective; a further condition (payment, approval) makes it another day
_ZH_ON_SIGNING = re.compile(
    r"自(?:双方|各方|甲乙双方)?(?:法定代表人|授权代表|委托代理人|或者|以及|[或及和、]){0,6}"
    r"(?:签字|签章|签名|盖章|签署|签订|加盖|公章|合同专用章|印章|[并且和及、或/]){1,10}之日起(?:成立并)?生效"
)
_EN_ON_SIGNING = re.compile(
    r"\b(?:takes|shall take|will take) effect (?:on|from) the date (?:it is|this Agreement is|of)"
    r" (?:signed|executed|signature|execution)\b"
    r"|\beffective (?:on|from|as of) the date (?:of (?:its )?(?:signature|execution)|it is signed)"
    # '"Effective Date" means the date on which this Agreement has been signed by …'
    r"|[\"“]Effective Date[\"”] means the date (?:on which |when )?(?:this Agreement|it) "
    r"(?:has been |is |was )?(?:signed|executed)\b",
    re.I,
)
# the term runs from the day the contract takes effect or is signed
RUNS_FROM_SIGNING = re.compile(
    r"自本?合同(?:生效|签订|签署|成立)(?:之)?日起"
    r"|\bfrom the date (?:of (?:signature|execution)"
    r"|(?:this Agreement|it) (?:is signed|takes effect))",
    re.I,
)
# "本合同于2025年3月1日在杭州签订": the preamble dates the signing
_ZH_SIGNED_ON = re.compile(r"^\s*(?:在[^，。；\n]{1,20})?(?:签订|签署)")
# "Signed on 1 March 2025", and a labelled line: "Date of signing: 12 March 2025"
_EN_SIGNED_ON = re.compile(
    r"(?:\b(?:signed|executed) on|(?:^|\n)[ \t]*(?:date of (?:signing|signature|execution)"
    r"|signing date)[ \t]*[:：])\s*$",
    re.I,
)


def _signed_on(ctx: RuleContext, d: Entity) -> bool:
    start = ctx.view_offset(d.span.start)
    end = ctx.view_offset(d.span.end)
    if ctx.language == "zh":
        return ctx.text[max(0, start - 1) : start] == "于" and bool(
            _ZH_SIGNED_ON.match(ctx.text[end : end + 24])
        )
    return bool(_EN_SIGNED_ON.search(ctx.text[max(0, start - 40) : start]))


def signing_day(ctx: RuleContext, dates: list[Entity]) -> Entity | None:
    """The date the contract was signed, when it takes effect on signing and every signing
    date it states is the same day; otherwise none."""
    on_signing = _ZH_ON_SIGNING if ctx.language == "zh" else _EN_ON_SIGNING
    if not on_signing.search(ctx.text):
        return None
    signed = [
        *signature_line_dates(ctx),
        *(d for d in dates if isinstance(d.value, str) and _signed_on(ctx, d)),
    ]
    return signed[0] if signed and len({d.value for d in signed}) == 1 else None


# the preamble's own date: "This Agreement is made on 18 March 2025", "dated as of …"
_EN_MADE_ON = re.compile(
    r"\b(?:is |was )?(?:made|entered into|dated|executed)(?: as of| on| this)?\s*$", re.I
)
_PREAMBLE_CHARS = 1500


def agreement_date(ctx: RuleContext) -> Entity | None:
    """The date the contract bears ("the date of this Agreement", "本协议签署之日"): the date its
    preamble says it was made or signed on, else its signature lines' one date. Computed once
    per contract: many checks count periods from it."""
    return ctx.memo("agreement_date", lambda: _agreement_date(ctx))


def _agreement_date(ctx: RuleContext) -> Entity | None:
    dates = [d for d in ctx.of_kind("date") if isinstance(d.value, str)]
    preamble = [
        d for d in dates
        if ctx.view_offset(d.span.start) < _PREAMBLE_CHARS
        and (_signed_on(ctx, d) or _made_on(ctx, d))
    ]  # fmt: skip
    if len({d.value for d in preamble}) > 1:
        # "this Agreement is made on March 12, 2025" beside "a lease … dated September 1, 2019"
        preamble = [d for d in preamble if _THIS_INSTRUMENT.search(text_before(ctx, d, 90))][:1]
    found = preamble or signature_line_dates(ctx)
    return found[0] if found and len({d.value for d in found}) == 1 else None


_THIS_INSTRUMENT = re.compile(
    r"\bth(?:is|e)\s+[\"“]?(?:Agreement|Contract|Lease|Deed)[\"”]?|本(?:合同|协议)|\bis made\b",
    re.I,
)


def text_before(ctx: RuleContext, d: Entity, width: int) -> str:
    """The ``width`` view characters before an entity."""
    start = ctx.view_offset(d.span.start)
    return ctx.text[max(0, start - width) : start]


def _made_on(ctx: RuleContext, d: Entity) -> bool:
    start = ctx.view_offset(d.span.start)
    return ctx.language == "en" and bool(_EN_MADE_ON.search(ctx.text[max(0, start - 40) : start]))
