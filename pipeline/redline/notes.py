"""What the comments of the two Word files say.

``revised.docx`` goes to the counterparty: beside each tracked change only its legal basis (the
law and article) and, for a deletion the evidence decides, the rule's own sentence on why.
Nothing internal: no severity, no confidence, no finding message, no suggestion, no KB ids.
An edit that could not be a tracked change is proposed there in words instead.

``review-comments.docx`` goes to the client: one comment per finding with its severity,
message, suggestion and evidence (KB doc-id, article, page or anchor, quote), and what the
counterparty's copy does about it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pipeline.model import Edit, EditType, EvidenceSource, Finding
from pipeline.render_docx import Comment, finding_comment

QUOTE_SHOWN = 120


def _basis(sources: Iterable[EvidenceSource]) -> str:
    cited = dict.fromkeys(f"{ev.law} {ev.article or ''}".strip() for ev in sources)
    return "; ".join(cited)


def _short(text: str) -> str:
    return text if len(text) <= QUOTE_SHOWN else text[: QUOTE_SHOWN - 1] + "…"


def change_note(edit: Edit) -> str:
    """The counterparty's comment beside a tracked change ("" when there is nothing to say)."""
    lines = [edit.reason] if edit.decided_by is not None and edit.reason else []
    basis = _basis(edit.evidence_source)
    if basis:
        lines.append(f"依据 / Basis: {basis}")
    return "\n".join(lines)


def proposal_note(edit: Edit, original: str) -> str:
    """The counterparty's comment for an edit proposed in words (not a tracked change)."""
    if edit.type is EditType.DELETE or not edit.replace_with:
        head = f"建议删除 / Proposed deletion: “{_short(original)}”"
    else:
        head = f"建议修改为 / Proposed wording: “{_short(edit.replace_with)}”"
    return "\n".join(line for line in (head, change_note(edit)) if line)


def _touches(edit: Edit, finding: Finding) -> bool:
    if edit.decided_by is not None and finding.fix is not None:
        return edit.decided_by == finding.rule_id and any(
            s.start == edit.start and s.end == edit.end for s in finding.fix.delete
        )
    return edit.finding_type == finding.type and (
        edit.start < finding.span.end and finding.span.start < edit.end
    )


def client_note(
    finding: Finding, written: Sequence[Edit], refused: Sequence[tuple[Edit, str]], text: str
) -> Comment:
    """The client's comment on a finding, with what revised.docx does about it."""
    comment = finding_comment(finding)
    lines = [comment.text]
    for edit in written:
        if _touches(edit, finding):
            done = "删除" if not edit.replace_with else f"改为“{_short(edit.replace_with)}”"
            quoted = _short(text[edit.start : edit.end])
            chosen = f" ({finding.fix.chosen_by})" if finding.fix and finding.fix.chosen_by else ""
            lines.append(f"revised.docx: 修订 / tracked change: {done} “{quoted}”{chosen}")
    for edit, reason in refused:
        if _touches(edit, finding):
            lines.append(
                "revised.docx: 以批注提出，未作修订 / proposed in a comment, not a tracked "
                f"change: {reason}"
            )
    return Comment(comment.start, comment.end, "\n".join(lines))
