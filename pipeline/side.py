"""Whose lawyer the review is for: ``--side`` resolved to 甲方/乙方 of one contract.

``party_a``/``party_b`` (甲方/乙方) are fixed. A role word (buyer, licensee, employee, ...) is
resolved per contract through the parties ParseEntities found: ``甲方（买方）：…`` makes the
buyer party A. In an English contract party A is the first party the contract defines
("Provider") and party B the second.

A rule's ``side_effects`` names whom the finding hurts: a fixed role (buyer, employee, ...),
or a role taken from the finding's own sentence: ``payer``/``indemnitor``/``obligor`` are the
party that pays, indemnifies or is bound there (the subject of the verb), ``payee`` and
``indemnitee`` the other party. A finding whose hurt party cannot be found is left unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pipeline.errors import SideResolutionError
from pipeline.model import Document, Entity, Finding, Span

Letter = Literal["party_a", "party_b"]
SIDE_CHOICES: tuple[str, ...] = (
    "neutral", "party_a", "party_b", "甲方", "乙方",
    "buyer", "seller", "licensor", "licensee", "employer", "employee",
)  # fmt: skip
_LETTERS: dict[str, Letter] = {"party_a": "party_a", "甲方": "party_a", "party_b": "party_b",
                               "乙方": "party_b"}  # fmt: skip


def llm_side(side: str) -> str:
    """The LLM's side for a ``--side`` value: 甲方/乙方 become party_a/party_b; a role word
    (buyer ...) reaches the LLM as it is."""
    return _LETTERS.get(side, side)


# Words a contract uses for each role (Chinese aliases and English defined terms).
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "buyer": ("买方", "买受人", "买受方", "需方", "Buyer", "Purchaser", "Customer", "Client"),
    "seller": ("卖方", "出卖人", "出卖方", "供方", "Seller", "Vendor", "Supplier", "Provider"),
    "licensor": ("许可方", "许可人", "Licensor"),
    "licensee": ("被许可方", "被许可人", "Licensee"),
    "employer": ("用人单位", "Employer", "Company"),
    "employee": ("劳动者", "Employee", "Executive"),
    "lender": ("出借人", "出借方", "贷款人", "贷款方", "Lender"),
    "borrower": ("借款人", "借款方", "Borrower"),
    "lessor": ("出租人", "出租方", "Landlord", "Lessor"),
    "lessee": ("承租人", "承租方", "Tenant", "Lessee"),
}
# Functional roles: the subject of one of these verbs in the finding's sentence.
SUBJECT_VERBS: dict[str, str] = {
    "payer": r"支付|交付|缴纳|给付|付清|pay|remit",
    "indemnitor": r"赔偿|补偿|indemnif|hold\s+harmless|defend",
    "obligor": r"应|须|必须|承担|shall|must|will|agrees?",
}
_COUNTERPARTS = {"payee": "payer", "indemnitee": "indemnitor"}
HURT_ROLES: tuple[str, ...] = (
    "party_a", "party_b", *ROLE_WORDS, *SUBJECT_VERBS, *_COUNTERPARTS,
)  # fmt: skip
# A party named after these is the recipient or object, not the subject.
_OBJECT_MARKERS = re.compile(r"(?:向|给|对|与|\bto|\bfrom|\bfor|\bagainst|\bwith)\s*$", re.I)
_SENTENCE_END = re.compile(r"[。；;!?！？]|\.(?=\s)|\n\s*\n")


@dataclass(frozen=True)
class Party:
    letter: Letter
    label: str  # how a report names it: 乙方（买方） / Customer
    roles: frozenset[str]
    words: tuple[str, ...]  # how the contract text refers to it


def _role_of(word: str) -> str | None:
    return next((role for role, words in ROLE_WORDS.items() if word in words), None)


def contract_parties(entities: tuple[Entity, ...]) -> dict[Letter, Party]:
    """Party A and B of a contract from its ``party`` entities (first mention wins)."""
    words: dict[Letter, list[str]] = {}
    labels: dict[Letter, str] = {}
    for e in sorted((e for e in entities if e.kind == "party"), key=lambda e: e.span.start):
        role, alias = e.attrs.get("role"), e.attrs.get("alias")
        if isinstance(role, str):  # Chinese: 甲方（买方）：name, or 出卖人：name
            tag = role if role in _LETTERS else alias if alias in _LETTERS else None
            if tag is not None:
                letter: Letter | None = _LETTERS[tag]
            else:
                known = [w for w in words.values() if role in w]
                letter = None if known else ("party_a" if not words else "party_b")
            new = [role, *([alias] if isinstance(alias, str) else [])]
        else:  # English: Name ("Customer"); the order of definition decides A and B
            term = str(e.value)
            known_letters = [k for k, w in words.items() if term in w]
            letter = known_letters[0] if known_letters else None
            if letter is None and len(words) < 2:
                letter = "party_a" if not words else "party_b"
            name = e.attrs.get("name")
            new = [term, *([name] if isinstance(name, str) else [])]
        if letter is None:
            continue
        if letter not in words:
            words[letter] = []
            extra = [w for w in new if w not in _LETTERS]
            labels[letter] = new[0] + (f"/{extra[0]}" if extra and new[0] in _LETTERS else "")
        words[letter].extend(w for w in new if w not in words[letter])
    parties: dict[Letter, Party] = {}
    for letter, ws in words.items():
        roles = {r for r in map(_role_of, ws) if r is not None}
        all_words = (*ws, *([k for k, v in _LETTERS.items() if v == letter and k != letter]))
        parties[letter] = Party(letter, labels[letter], frozenset(roles), all_words)
    return parties


def resolve_side(side: str, parties: dict[Letter, Party], source: str) -> Letter | None:
    """The letter of the reviewing side, or None for neutral; an error if the role is absent."""
    if side == "neutral":
        return None
    if side in _LETTERS:
        return _LETTERS[side]
    if side not in ROLE_WORDS:
        raise SideResolutionError(source, side, f"it is not one of {', '.join(SIDE_CHOICES)}")
    matches = [p.letter for p in parties.values() if side in p.roles]
    if len(matches) == 1:
        return matches[0]
    found = ", ".join(p.label for p in parties.values()) or "none"
    problem = "two parties claim that role" if matches else "no party has that role"
    raise SideResolutionError(source, side, f"{problem} (parties found: {found})")


def _sentence(text: str, span: Span) -> tuple[int, int]:
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, span.start)]
    start = starts[-1] if starts else 0
    after = _SENTENCE_END.search(text, span.end)
    return start, after.end() if after else len(text)


def _subject(text: str, span: Span, parties: dict[Letter, Party], verbs: str) -> Letter | None:
    """The party nearest before the verb closest to the finding, skipping 向X / to X."""
    start, end = _sentence(text, span)
    sentence = text[start:end].replace("\n", " ")
    refs: list[tuple[int, Letter]] = []
    for letter, party in parties.items():
        alternation = "|".join(re.escape(w) for w in sorted(party.words, key=len, reverse=True))
        for m in re.finditer(rf"(?<!被)(?:{alternation})", sentence):
            if not _OBJECT_MARKERS.search(sentence[: m.start()]):
                refs.append((m.start(), letter))
    if not refs:
        return None
    refs.sort()
    anchor = span.start - start
    verb_hits = [m.start() for m in re.finditer(verbs, sentence, re.I)]
    if verb_hits:
        verb = min(verb_hits, key=lambda v: abs(v - anchor))
        before = [letter for pos, letter in refs if pos < verb]
        if before:
            return before[-1]
    return refs[0][1]


def _other(letter: Letter) -> Letter:
    return "party_b" if letter == "party_a" else "party_a"


def hurt_party(
    role: str, finding: Finding, document: Document, parties: dict[Letter, Party]
) -> Letter | None:
    if role in _LETTERS:
        return _LETTERS[role]
    if role in ROLE_WORDS:
        matches = [p.letter for p in parties.values() if role in p.roles]
        return matches[0] if len(matches) == 1 else None
    counterpart = _COUNTERPARTS.get(role)
    subject = _subject(document.text, finding.span, parties, SUBJECT_VERBS[counterpart or role])
    if subject is None:
        return None
    return _other(subject) if counterpart else subject
