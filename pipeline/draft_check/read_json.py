"""Read a review in the Generate JSON schema (``{"risk_points": [...]}``) into points.

Each point is validated with :class:`ReviewPoint`, the Generate schema's fields without the
limits set for our own LLM (20 points, 5 citations, 1,200 characters of reasoning): a person's
review can be longer. A point that fails validation is left out and named
in ``unparsed`` with its index and field; the others are still read, and keep their index in
the file so labels written against the file still line up. A file that is not that schema at
all raises :class:`MalformedInputError` naming the file and the fix.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import Field, ValidationError

from pipeline.draft_check.points import DraftPoint, ParsedDraft
from pipeline.errors import MalformedInputError
from pipeline.llm.schemas import RiskPoint
from pipeline.model import Severity


class ReviewPoint(RiskPoint):
    """RiskPoint's fields, without the lengths that bound our own LLM's reply."""

    quote: str = Field(min_length=1)
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
        points.append(
            DraftPoint(
                index=index,
                quotes=(risk.quote,),
                type=risk.type,
                severity=Severity(risk.severity),
                reasoning=risk.reasoning,
                suggested_fix=risk.suggested_fix,
                citations=tuple(dict.fromkeys(citations)),
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
    """``field 'severity': Input should be 'HIGH', 'MEDIUM' or 'LOW'; ...``, one per error."""
    problems = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        problems.append(f"field {where!r}: {error['msg']}" if where else error["msg"])
    return "; ".join(problems) + "; the point was not read"
