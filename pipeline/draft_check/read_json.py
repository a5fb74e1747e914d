"""Read a review in the Generate JSON schema (``{"risk_points": [...]}``) into points.

Each point is validated with :class:`ReviewPoint`, the Generate schema's fields read leniently:
a person's or another tool's review can be longer than our LLM's, write ``"medium"`` or ``"高"``
for a severity, leave out a quote or add fields of its own. What cannot be read in a point (a
severity such as ``"SEVERE"``, an extra field, a missing quote) is a note on it, and the point is
still checked. Only a point that is not an object of text fields is left out and named in
``unparsed`` with its index and field; the others keep their index in the file, so labels
written against the file still line up. A file that is not that schema at
all raises :class:`MalformedInputError` naming the file and the fix.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pipeline.draft_check.point_fields import severity_of
from pipeline.draft_check.points import DraftPoint, ParsedDraft
from pipeline.errors import MalformedInputError


class ReviewPoint(BaseModel):
    """The Generate schema's fields (:class:`pipeline.llm.schemas.RiskPoint`) without the
    limits and the strictness that bind our own LLM's reply."""

    model_config = ConfigDict(extra="allow")

    quote: str = ""
    type: str = ""
    severity: str | None = None
    reasoning: str = ""
    suggested_fix: str = ""
    citations: list[str] = Field(default_factory=list)


_FIX = (
    'give {"risk_points": [{"quote": ..., "type": ..., "severity": "HIGH" | "MEDIUM" | "LOW", '
    '"reasoning": ..., "suggested_fix": ..., "citations": [...]}, ...]} (the Generate schema), '
    "or write the review as Markdown or plain text (.md/.txt)"
)


def read_review_json(
    data: object, source: str, find_citations: Callable[[str], list[str]]
) -> ParsedDraft:
    """The points of ``data`` (parsed JSON); ``source`` names the file in messages."""
    if not isinstance(data, dict) or not isinstance(data.get("risk_points"), list):
        raise MalformedInputError(source, _not_schema(data), _FIX)
    unparsed = [f"top-level key {key!r} was not read" for key in data if key != "risk_points"]
    points: list[DraftPoint] = []
    for index, item in enumerate(data["risk_points"]):
        try:
            risk = ReviewPoint.model_validate(item)
        except ValidationError as exc:
            unparsed.append(f"risk_points[{index}]: {_problems(exc)}")
            continue
        citations = list(risk.citations)
        for text in (risk.reasoning, risk.suggested_fix):
            citations += find_citations(text) if text else []
        notes = [f"field {key!r} was not read" for key in risk.model_extra or {}]
        severity = severity_of(risk.severity) if risk.severity else None
        if risk.severity and severity is None:
            notes.append(f"could not read the severity {risk.severity!r}")
        quote = risk.quote.strip()
        notes += [] if quote else ["no quotation of the contract found"]
        points.append(
            DraftPoint(
                index=index,
                quotes=(quote,) if quote else (),
                type=risk.type,
                severity=severity,
                reasoning=risk.reasoning,
                suggested_fix=risk.suggested_fix,
                citations=tuple(dict.fromkeys(citations)),
                notes=tuple(notes),
            )
        )
    return ParsedDraft(format="json", points=tuple(points), unparsed=tuple(unparsed))


def _not_schema(data: object) -> str:
    if isinstance(data, dict):
        found = ", ".join(repr(key) for key in list(data)[:5]) or "no keys"
        if "risk_points" in data:
            kind = type(data["risk_points"]).__name__
            return f"'risk_points' must be a list of points, not {kind}"
        return f"not a review in the Generate JSON schema: no 'risk_points' list (keys: {found})"
    kind = "a list" if isinstance(data, list) else f"a {type(data).__name__}"
    return f"not a review in the Generate JSON schema: the top level is {kind}, not an object"


def _problems(exc: ValidationError) -> str:
    """``field 'citations': Input should be a valid list; ...``, one per error."""
    problems = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        problems.append(f"field {where!r}: {error['msg']}" if where else error["msg"])
    return "; ".join(problems) + "; the point was not read"
