"""Turn a playbook's positions into GREEN/YELLOW/RED verdicts with the contract's own words."""

from __future__ import annotations

from pipeline.model import PlaybookVerdict
from pipeline.playbook.measures import Observation, observe
from pipeline.playbook.spec import RATIO_MEASURES, Bound, Colour, Playbook, Position
from pipeline.rules_engine.context import RuleContext

_RANK: dict[Colour, int] = {"GREEN": 0, "YELLOW": 1, "RED": 2}


_UNITS = {"payment_days": " days", "liability_cap_months": " months"}


def _fmt(measure: str, limit: float) -> str:
    if measure in RATIO_MEASURES:
        return f"{limit:.0%}"
    return f"{limit:g}{_UNITS.get(measure, '')}"


def _range(measure: str, bound: Bound) -> str:
    parts = [f"≥ {_fmt(measure, bound.min)}" if bound.min is not None else "",
             f"≤ {_fmt(measure, bound.max)}" if bound.max is not None else ""]  # fmt: skip
    return " and ".join(p for p in parts if p)


def standard(position: Position) -> str:
    if position.green is None:
        tolerated = f"; tolerated: {', '.join(position.tolerated)}" if position.tolerated else ""
        return f"one of: {', '.join(position.allowed)}{tolerated}"
    text = f"acceptable {_range(position.measure, position.green)}"
    if position.yellow is not None:
        text += f"; negotiable {_range(position.measure, position.yellow)}"
    return text


def colour(position: Position, value: float | str) -> Colour:
    if isinstance(value, str):
        lowered = value.lower()
        if any(a.lower() in lowered for a in position.allowed):
            return "GREEN"
        return "YELLOW" if any(t.lower() in lowered for t in position.tolerated) else "RED"
    if position.green is not None and position.green.holds(value):
        return "GREEN"
    return "YELLOW" if position.yellow is not None and position.yellow.holds(value) else "RED"


def judge(position: Position, observations: list[Observation], text: str) -> PlaybookVerdict:
    base = {"position_id": position.id, "title": position.title, "standard": standard(position)}
    if not observations:
        return PlaybookVerdict(
            **base,
            verdict=position.if_missing,
            found=False,
            value="not found",
            escalation=position.escalation if position.if_missing == "RED" else "",
        )
    graded = [(colour(position, o.value), o) for o in observations]
    worst = max(graded, key=lambda g: _RANK[g[0]])[0]
    shown = [o for c, o in graded if c == worst]
    return PlaybookVerdict(
        **base,
        verdict=worst,
        found=True,
        value=", ".join(dict.fromkeys(o.shown for o in shown)),
        evidence=tuple(o.span for o in shown),
        quotes=tuple(text[o.span.start : o.span.end] for o in shown),
        escalation=position.escalation if worst == "RED" else "",
    )


def evaluate_playbook(playbook: Playbook, ctx: RuleContext) -> tuple[PlaybookVerdict, ...]:
    """One verdict per position; none when the playbook is for the other language."""
    if playbook.language is not None and playbook.language != ctx.language:
        return ()
    return tuple(judge(p, observe(ctx, p.measure), ctx.document.text) for p in playbook.positions)
