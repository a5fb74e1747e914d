"""Revise: apply guarded span edits onto the original text, as a Levenshtein diff.

requires: ``document``, ``verification`` (VerifierResult), ``claim_checks``, ``rule_findings``
produces: ``revision`` (Revision)

Every proposed edit passes the guard or is rejected with a logged reason:
- out of range, or a replacement overlapping a replacement accepted earlier;
- over the size cap (RARR: edit distance ≤ ``edit_max_chars`` or ≤ ``edit_max_ratio`` × span);
- introduces a party name, amount, date or article number found neither in the contract nor
  in the evidence;
- swaps roles (甲方/乙方, Party A/Party B, Buyer/Seller, ...);
- deletes the whole text a rule finding quotes (that hides the finding; it does not fix it).
A deletion a rule finding's evidence decides (its ``DecidedFix``, ``Edit.decided_by``) is the
fix, not a hiding: it may delete rule findings' text (its own; an unclear arbitration body in
the forum it drops) and is sized by the rule (a sentence), not by the cap; it must be exactly a
deletion some finding of that rule decided, or it is rejected.
Edits under the confidence floor are not applied; they are queued for human review.
Suggestions (additions marked 【建议补充】 / [Suggested addition], deletions 【建议删除】 /
[Suggested deletion]) are accepted but never written into the text. Replacements are applied
from python-Levenshtein opcodes between the span and its replacement, then checked to leave
everything outside the spans untouched.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

import Levenshtein

from pipeline.claims import ClaimCheck, RejectedEdit, Revision, VerifierResult
from pipeline.config import ReflectionSettings
from pipeline.model import Document, Edit, EditType, Finding
from pipeline.stages.reflect_support.signals import pres_lev

log = logging.getLogger(__name__)

SUGGESTION_MARKERS = ("【建议补充】", "[Suggested addition]")
# a suggestion to delete words is labelled as one (never as an addition)
DELETION_MARKERS = ("【建议删除】", "[Suggested deletion]")

ROLE_PAIRS = (
    ("甲方", "乙方"),
    ("出租人", "承租人"),
    ("买方", "卖方"),
    ("出卖人", "买受人"),
    ("委托方", "受托方"),
    ("Party A", "Party B"),
    ("Buyer", "Seller"),
    ("Licensor", "Licensee"),
    ("Lessor", "Lessee"),
    ("Landlord", "Tenant"),
    ("Client", "Provider"),
)

_CN_NUM = "零〇一二三四五六七八九十百千万两壹贰叁肆伍陆柒捌玖拾佰仟萬"
_FACT_PATTERNS = {
    "amount": re.compile(
        rf"(?:[¥￥$]|USD|RMB|CNY|人民币)\s*[\d,]+(?:\.\d+)?|[\d,]+(?:\.\d+)?\s*(?:万元|元|美元|dollars?)"
        rf"|[{_CN_NUM}]+(?:元|圆)(?:整)?"
    ),
    "date": re.compile(
        r"\d{4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?|\d{4}-\d{1,2}-\d{1,2}"
        r"|(?:January|February|March|April|May|June|July|August|September|October|November|"
        r"December)\s+\d{1,2},\s*\d{4}"
    ),
    "article": re.compile(
        rf"第[{_CN_NUM}\d]+条|(?:Article|Section|Art\.|Sec\.)\s*\d+[\w.\-]*|§+\s*\d[\w.:\-]*"
    ),
    "party": re.compile(
        r"[\u4e00-\u9fff]{2,20}(?:有限责任公司|股份有限公司|有限公司|集团|事务所|合伙企业)"
        r"|(?:[A-Z][\w&'.-]*\s+){1,5}(?:Inc\.?|LLC|L\.L\.C\.|Ltd\.?|Limited|Corporation|Corp\.?|"
        r"GmbH|LLP|PLC|Co\.)"
    ),
}


def _norm(text: str) -> str:
    return re.sub(r"[\s,，]", "", text)


def normalised(texts: Iterable[str]) -> tuple[str, ...]:
    """The known texts as new_facts compares them; normalise once per revision, not per edit
    (on a 1.2 M-character contract the per-edit pass took minutes)."""
    return tuple(_norm(t) for t in texts)


def new_facts(replacement: str, known: tuple[str, ...]) -> list[tuple[str, str]]:
    """(kind, text) of every amount/date/article/party in ``replacement`` found in no known
    text; ``known`` comes from :func:`normalised`."""
    missing: list[tuple[str, str]] = []
    for kind, pattern in _FACT_PATTERNS.items():
        for match in pattern.finditer(replacement):
            fact = _norm(match.group(0))
            if fact and not any(fact in k for k in known):
                missing.append((kind, match.group(0).strip()))
    return missing


def swaps_roles(original: str, replacement: str) -> str | None:
    for a, b in ROLE_PAIRS:
        before = (a in original, b in original)
        after = (a in replacement, b in replacement)
        if before in ((True, False), (False, True)) and after == (before[1], before[0]):
            return f"{a}/{b}"
    return None


def apply_span_edits(text: str, edits: list[Edit]) -> str:
    """Apply non-overlapping replace/delete edits via Levenshtein opcodes, left to right."""
    pieces: list[str] = []
    cursor = 0
    for edit in sorted(edits, key=lambda e: e.start):
        pieces.append(text[cursor : edit.start])
        source = text[edit.start : edit.end]
        target = edit.replace_with if edit.type is EditType.REPLACE else ""
        for op, s1, s2, d1, d2 in Levenshtein.opcodes(source, target):
            pieces.append(source[s1:s2] if op == "equal" else target[d1:d2])
        cursor = edit.end
    pieces.append(text[cursor:])
    return "".join(pieces)


def _untouched_outside(original: str, revised: str, edits: list[Edit]) -> bool:
    """Every character outside the accepted spans is still there, at its shifted offset."""
    shift = 0
    cursor = 0
    for edit in sorted(edits, key=lambda e: e.start):
        gap = original[cursor : edit.start]
        if revised[cursor + shift : edit.start + shift] != gap:
            return False
        target = edit.replace_with if edit.type is EditType.REPLACE else ""
        shift += len(target) - (edit.end - edit.start)
        cursor = edit.end
    return revised[cursor + shift :] == original[cursor:]


class Revise:
    name = "revise"
    requires: tuple[str, ...] = ("document", "verification", "claim_checks", "rule_findings")
    produces: dict[str, Any] = {"revision": Revision}
    deterministic = True

    def __init__(self, settings: ReflectionSettings | None = None) -> None:
        self.settings = settings or ReflectionSettings()

    def run(
        self,
        *,
        document: Document,
        verification: VerifierResult,
        claim_checks: tuple[ClaimCheck, ...],
        rule_findings: tuple[Finding, ...],
    ) -> dict[str, Any]:
        evidence = [c.evidence.quote for c in claim_checks if c.evidence is not None]
        protected = [(f.span.start, f.span.end) for f in rule_findings]
        decided = {
            (span.start, span.end, f.rule_id)
            for f in rule_findings
            if f.fix is not None and f.rule_id is not None
            for span in f.fix.delete
        }
        revision = self.revise(document, verification.edits, evidence, protected, decided)
        return {"revision": revision}

    def _reject_reason(
        self,
        edit: Edit,
        text: str,
        accepted: list[Edit],
        known: tuple[str, ...],
        protected: list[tuple[int, int]],
        decided: set[tuple[int, int, str | None]],
    ) -> str | None:
        if not 0 <= edit.start <= edit.end <= len(text):
            return f"span [{edit.start}, {edit.end}) is outside the text (length {len(text)})"
        if edit.decided_by is not None and (
            edit.type is not EditType.DELETE
            or (edit.start, edit.end, edit.decided_by) not in decided
        ):
            return f"no finding of rule {edit.decided_by} decides deleting this text"
        writes = edit.type is not EditType.SUGGESTION
        for other in accepted:
            if not writes or other.type is EditType.SUGGESTION:
                continue  # suggestions are never written in, so they cannot collide
            overlap = edit.start < other.end and other.start < edit.end
            same_point = edit.start == edit.end == other.start == other.end
            if overlap or same_point:
                return f"overlaps the accepted edit [{other.start}, {other.end})"
        span = text[edit.start : edit.end]
        if edit.type is EditType.SUGGESTION:
            if edit.start == edit.end and not edit.replace_with.startswith(SUGGESTION_MARKERS):
                return (
                    "an addition must be a suggestion marked 【建议补充】 or [Suggested addition]"
                )
        else:
            if edit.start == edit.end:
                return "an insertion is an addition; it may only be a marked suggestion"
            target = edit.replace_with if edit.type is EditType.REPLACE else ""
            distance = Levenshtein.distance(span, target)
            cap = max(self.settings.edit_max_chars, self.settings.edit_max_ratio * len(span))
            if distance > cap and edit.decided_by is None:
                return f"changes {distance} characters, over the cap of {cap:g}"
        missing = new_facts(edit.replace_with, known)
        if missing:
            listed = ", ".join(f"{kind} {value!r}" for kind, value in missing)
            return f"introduces facts found in neither the contract nor the evidence: {listed}"
        swapped = swaps_roles(span, edit.replace_with)
        if swapped:
            return f"swaps the roles {swapped}"
        if edit.type is EditType.DELETE:
            for start, end in protected:
                if edit.decided_by is not None:
                    break  # decided by a finding's evidence (checked above): it fixes, not hides
                if edit.start <= start and end <= edit.end and start < end:
                    return f"deletes the text [{start}, {end}) that a rule finding quotes"
        return None

    def revise(
        self,
        document: Document,
        edits: Iterable[Edit],
        evidence: list[str],
        protected: Iterable[tuple[int, int]] = (),
        decided: Iterable[tuple[int, int, str | None]] = (),
    ) -> Revision:
        """``protected``: (start, end) of the rule findings; ``decided``: (start, end, rule id)
        of the deletions their evidence decides."""
        text = document.text
        accepted: list[Edit] = []
        queued: list[Edit] = []
        rejected: list[RejectedEdit] = []
        guarded = list(protected)
        settled = set(decided)
        known = normalised([text, *evidence])
        for edit in edits:
            reason = self._reject_reason(edit, text, accepted, known, guarded, settled)
            if reason is not None:
                log.info("revise: rejected edit [%d, %d): %s", edit.start, edit.end, reason)
                rejected.append(RejectedEdit(edit=edit, reason=reason))
            elif edit.confidence < self.settings.confidence_floor:
                queued.append(edit)
            else:
                accepted.append(edit)
        written = [e for e in accepted if e.type is not EditType.SUGGESTION]
        revised = apply_span_edits(text, written)
        if not _untouched_outside(text, revised, written):
            raise AssertionError("revise changed text outside the accepted edits")
        return Revision(
            revised_text=revised,
            applied=tuple(written),
            suggestions=tuple(e for e in accepted if e.type is EditType.SUGGESTION),
            queued=tuple(queued),
            rejected=tuple(rejected),
            pres_lev=pres_lev(text, revised),
        )
