"""Improvement signals: preservation (Pres_Lev) and the reflection score, from RARR and the issue.

``pres_lev(x, y) = max(1 - Lev(x, y) / len(x), 0)``: how much of the original survives.
``reflection_score = 1 / (1 + errors per 1,000 chars / scale)``; with the defaults a score
under 0.6 (more than ~0.67 review errors per 1,000 characters) sends the run to human review.
"""

from __future__ import annotations

import Levenshtein

from pipeline.claims import RoundSignals
from pipeline.config import ReflectionSettings


def pres_lev(original: str, revised: str) -> float:
    if not original:
        return 1.0 if not revised else 0.0
    return max(1.0 - Levenshtein.distance(original, revised) / len(original), 0.0)


def reflection_score(errors: int, characters: int, scale: float = 1.0) -> float:
    per_kchar = errors / max(characters, 1) * 1000.0
    return round(1.0 / (1.0 + per_kchar / scale), 4)


def improved(previous: RoundSignals, current: RoundSignals, settings: ReflectionSettings) -> bool:
    """Better on at least one external signal, worse on none, and the text still preserved."""
    if current.pres_lev < settings.pres_lev_floor:
        return False
    pairs = (
        (previous.open_violations, current.open_violations),
        (previous.unsupported_claims, current.unsupported_claims),
        (previous.review_errors, current.review_errors),
    )
    return all(now <= before for before, now in pairs) and any(
        now < before for before, now in pairs
    )
