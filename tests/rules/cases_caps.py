"""Positive and negative texts for the cap and indemnity rules read by each clause's stance (a
cap that takes in, carves out or ignores the indemnity; an indemnity that escapes, accepts or
ignores the cap) and for liability left unlimited by a one-sided cap."""

from __future__ import annotations

from tests.rules.cases_new import en_prc, en_services

_INDEMNITY = (
    "8. INDEMNITY\n8.1 The Consultant shall indemnify the Client against all losses arising from "
    "third-party intellectual property claims.\n8.2 {stance}\n"
)
_CAP = (
    "9. LIABILITY\n9.1 {lead}each party's total liability under this Agreement shall not exceed "
    "the fees paid in the preceding twelve months."
)
CARVED = "Except for the Consultant's liability under Clause 8, "
INSIDE = "The Consultant's liability under this Clause 8 is subject to the limitation of liability in Clause 9."
UNLIMITED = "The Consultant's liability under this Clause 8 is unlimited."
ESCAPE = "This indemnity shall not be subject to any limitation of liability."
OUTSIDE_THIS = (
    " For the avoidance of doubt, the indemnity obligations under Clause 8 are not subject to,"
    " and do not count toward, this limit."
)


def caps(stance: str, lead: str = "") -> str:
    return _INDEMNITY.format(stance=stance) + _CAP.format(lead=lead)


def prc_caps(stance: str, lead: str = "") -> str:
    return (
        caps(stance, lead)
        .replace("8.", "5.")
        .replace("9.", "6.")
        .replace("Clause 8", "Clause 5")
        .replace("Clause 9", "Clause 6")
    )


_RELEASE = (
    "13. LIMITATION OF LIABILITY\n13.2 Each party's total liability arising out of or relating "
    "to this Agreement shall not exceed the fees paid in the twelve months preceding the claim.\n"
    "13.3 The limits in Section 13.2 do not apply to (a) a party's gross negligence, fraud or "
    "wilful misconduct; or (b) {item}."
)
WIDE = "Consultant's liability for any claim arising out of or relating to the Services"
NARROW = "Client's obligation to pay the fees"
_ONE_SIDE = (
    "13. LIMITATION OF LIABILITY\n13.2 The total liability of the Consultant arising out of this "
    "Agreement shall not exceed the fees paid in the twelve months preceding the claim.\n"
    "13.3 The limitations in this Section 13 apply {who}."
)

CAPS_CASES: list[tuple[str, str, str]] = [
    (
        "en.indemnity.inside_carved_cap",
        en_services(extra=caps(INSIDE, lead=CARVED)),
        en_services(extra=caps(UNLIMITED, lead=CARVED)),
    ),
    (
        "en.prc.indemnity.inside_carved_cap",
        en_prc(extra=prc_caps(INSIDE, lead=CARVED)),
        en_prc(extra=prc_caps(UNLIMITED, lead=CARVED)),
    ),
    (
        "en.prc.indemnity.uncapped_vs_cap",
        en_prc(extra=prc_caps(ESCAPE)),
        en_prc(extra=prc_caps(ESCAPE, lead=CARVED)),
    ),
    # the cap's own clause says the indemnity is outside "this limit": one consistent bargain
    (
        "en.indemnity.uncapped_vs_cap",
        en_services(extra=caps(ESCAPE)),
        en_services(extra=caps("The Consultant shall defend any such claim.") + OUTSIDE_THIS),
    ),
    (
        "en.prc.indemnity.cap_silent",
        en_prc(extra=prc_caps("The Client shall notify the Consultant of any claim promptly.")),
        en_prc(extra=prc_caps(INSIDE)),
    ),
    (
        "en.prc.liability.unlimited_express",
        en_prc(
            extra="5. LIABILITY OF BUYER\n5.1 Buyer's liability for any breach of this Contract is unlimited."
        ),
        en_prc(extra="5. LIABILITY OF BUYER\n5.1 Buyer's liability under Clause 3 is unlimited."),
    ),
    (
        "en.liability.cap_released_for_one_party",
        en_services(extra=_RELEASE.format(item=WIDE)),
        en_services(extra=_RELEASE.format(item=NARROW)),
    ),
    (
        "en.prc.liability.cap_released_for_one_party",
        en_prc(
            extra=_RELEASE.format(item=WIDE)
            .replace("Consultant", "Seller")
            .replace("Services", "Equipment")
        ),
        en_prc(extra=_RELEASE.format(item=NARROW).replace("Client", "Buyer")),
    ),
    (
        "en.liability.cap_for_one_party_only",
        en_services(extra=_ONE_SIDE.format(who="only to the Consultant")),
        en_services(extra=_ONE_SIDE.format(who="to both parties")),
    ),
    (
        "en.prc.liability.cap_for_one_party_only",
        en_prc(extra=_ONE_SIDE.format(who="only to the Seller").replace("Consultant", "Seller")),
        en_prc(extra=_ONE_SIDE.format(who="to both parties").replace("Consultant", "Seller")),
    ),
]
