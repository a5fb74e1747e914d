"""A delivery, payment or start date the contract fixes before the day it was signed: a duty
that cannot be performed as written. Past events, another instrument's dates, a recital's
history and a law's commencement are no such duty."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.rules_engine.checks_consistency import iso_date, line_before, signing_date
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check


class BeforeSigningParams(Params):
    roles: list[str] = Field(default_factory=lambda: ["delivery", "payment", "start"])


@check("performance_before_signing", BeforeSigningParams, fields=("date", "signed"))
def performance_before_signing(ctx: RuleContext, params: BeforeSigningParams) -> Iterator[Hit]:
    """A delivery, payment or start date earlier than the signing date."""
    signed = signing_date(ctx)
    if signed is None:
        return
    signed_on = iso_date(signed)
    for d in ctx.of_kind("date"):
        when = iso_date(d)
        if d.attrs.get("role") in params.roles and when and signed_on and when < signed_on:
            sentence = ctx.entity_sentence(d)
            if _OTHER_INSTRUMENT.search(sentence) or not _OBLIGATION.search(sentence):
                continue  # a past event or a table row of dates, not a duty fixed for a day
            if _PAST_REFERENCE.search(line_before(ctx, d)[-16:]):
                continue  # "arising since 30 September 2025": a reference point, not a duty
            yield Hit(d.span, {"date": d.text, "signed": signed.text}, (signed.span,))


_PAST_REFERENCE = re.compile(r"(?:\bsince|\bas at|\bas of|\bended on|截至|截止到?)\s*$", re.I)


# a duty to perform on that day ("甲方应于2025年3月1日交付车辆"); 已/has been mark a past event
_OBLIGATION = re.compile(
    r"(?<!已)(?:应当?|须|必须|负责)(?!已)|\b(?:shall|must|will|agrees? to|undertakes? to)\b", re.I
)


# A date that belongs to another instrument (the landlord's authorisation, a licence, a prior
# lease, a company's registration) may well precede this contract.
_OTHER_INSTRUMENT = re.compile(
    r"授权(?:期限|书|委托)|营业执照|许可证|证书|成立于|设立于|注册|原(?:租赁)?合同|前次|上一期"
    r"|authori[sz]ation|licen[cs]e (?:no|number)|incorporated|registered on"
    r"|(?:prior|original|previous) (?:lease|agreement)"
    # a recital's history, another memorandum, or a law's commencement ("as defined in the FCA
    # Rules with effect from 22 July 2013")
    r"|\bWHEREAS\b|memorandum of understanding|\bMOU\b"
    r"|\b(?:Rules|Act|Regulations?|Directive)\b[^.;]{0,40}\bwith effect from",
    re.I,
)
