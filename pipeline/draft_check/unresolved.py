"""Authorities a point relies on that no parser here resolves: a statute cited by section
(Unfair Contract Terms Act 1977, s 11; UK GDPR Article 33; Cal. Lab. Code § 201) or a case
(Cavendish v Makdessi [2015] UKSC 67; Smith v. Jones, 219 A.3d 1144 (Del. 2019)). A point
that relies on one is not ``ok``: nothing here verified it, so its verdict is
``unverifiable`` and the reason names the authority."""

from __future__ import annotations

import re

# a title's words may be bracketed or comma-joined: "Late Payment of Commercial Debts (Interest)
# Act 1998", "Copyright, Designs and Patents Act 1988"; a cut title would be named wrongly
_WORD = r"\(?[A-Z][A-Za-z.&']*\)?"
_NAME = rf"[A-Z][A-Za-z.&']*(?:\s+(?:of|the|and|for|on|in)|,?\s+{_WORD})*"
_STATUTE = (
    rf"{_NAME}\s+(?:Act|Code|Regulations?|Rules|Ordinance|Directive)(?:\s+\d{{4}})?|UK GDPR|GDPR"
)
_SECTION = (
    r"(?:ss?\.?|[Ss]ections?|§§?|Art(?:icles?|s?\.)|[Rr]eg(?:ulation)?s?\.?|[Rr]ule)\s*\d+[A-Za-z]?"
)
_AUTHORITIES = re.compile(
    rf"(?:{_STATUTE})[\s,]+(?:{_SECTION})"  # UCTA 1977, s 11 / UK GDPR Article 33
    # s 8 of the Limitation Act
    rf"|(?:{_SECTION})(?:\(\w+\))*\s+(?:of\s+)?(?:the\s+)?(?:{_STATUTE})"
    r"|\b\d+\s+U\.?\s?S\.?\s?C\.?\s*§*\s*\d+"  # 26 U.S.C. § 1060
    # Cal. Lab. Code § 201, N.Y. Gen. Oblig. Law § 5-1401, Fla. Stat. § 542.335
    r"|[A-Z][A-Za-z.]+(?:\s+[A-Z&][A-Za-z.]*)*\s+(?:Code|Law|Stat\.?|Ann\.)\s+§+\s*\d+(?:[-.:]\d+)*"
    r"|\b\d+\s+ILCS\s+\d+(?:/\d+(?:-\d+)?)?"  # 765 ILCS 705/1
    r"|\b[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*\s+v\.?\s+[A-Z][A-Za-z]+[^.;\n]{0,40}?\[\d{4}\]"
    # a US reporter citation: 219 A.3d 1144 (Del. 2019), 556 U.S. 662 (2009)
    r"|\b\d{1,4}\s+(?:[A-Z][A-Za-z]*\.\s?)+(?:\d?[a-z]{1,2}\s)?\s*\d{1,5}(?:,\s*\d{1,5})?"
    r"\s*\([^()]{0,30}\d{4}\)",
)
# a capitalised sentence opening is no part of the title: "Under the Contracts (...) Act 1999"
_LEAD_IN = re.compile(r"^(?:Under|See|Per|By|In|As|Also|Cf\.?|Following)\s+(?:the\s+)?")


def unresolved_authorities(text: str, resolved: tuple[str, ...]) -> list[str]:
    """Authorities in ``text`` that none of the ``resolved`` citation strings covers."""
    found: list[str] = []
    for match in _AUTHORITIES.finditer(text):
        said = _LEAD_IN.sub("", " ".join(match.group().split()))
        if any(said in r or r in said for r in resolved) or said in found:
            continue
        found.append(said)
    return found
