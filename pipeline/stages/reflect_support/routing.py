"""Adaptive routing: a quick deterministic risk estimate picks how much reflection a run gets.

light = no reflection round, standard = 1 round, full = 2 rounds (capped by ``max_rounds``).
``--reflection {off,light,standard,full}`` overrides; ``off`` also skips round 0's re-checks.
"""

from __future__ import annotations

import re

from pipeline.claims import RiskEstimate, Route
from pipeline.config import ReflectionSettings
from pipeline.model import Document, Finding, Severity

HIGH_RISK_TYPES = re.compile(
    r"借款|贷款|担保|保证合同|股权|投资|并购|建设工程|loan|guarant|equity|merger|acquisition|"
    r"investment|credit agreement",
    re.IGNORECASE,
)
_AMOUNT = re.compile(r"(?:[¥￥$]|USD|RMB|人民币)\s*([\d,]+(?:\.\d+)?)|([\d,]+(?:\.\d+)?)\s*(万)?元")
LARGE_AMOUNT = 1_000_000.0
LONG_TEXT = 20_000

ROUNDS = {"off": 0, "light": 0, "standard": 1, "full": 2}


def _largest_amount(text: str) -> float:
    largest = 0.0
    for match in _AMOUNT.finditer(text):
        raw = (match.group(1) or match.group(2) or "").replace(",", "")
        try:
            value = float(raw)
        except ValueError:
            continue
        largest = max(largest, value * (10_000 if match.group(3) else 1))
    return largest


def estimate_risk(document: Document, rule_findings: tuple[Finding, ...]) -> RiskEstimate:
    score = 0
    reasons: list[str] = []
    if HIGH_RISK_TYPES.search(document.text[:3000]):
        score += 2
        reasons.append("high-risk contract type")
    if _largest_amount(document.text) >= LARGE_AMOUNT:
        score += 2
        reasons.append(f"an amount of {LARGE_AMOUNT:,.0f} or more")
    high = sum(1 for f in rule_findings if f.severity is Severity.HIGH)
    if high:
        score += min(high, 3)
        reasons.append(f"{high} HIGH rule finding(s)")
    if len(document.text) > LONG_TEXT:
        score += 1
        reasons.append(f"longer than {LONG_TEXT:,} characters")
    return RiskEstimate(score=score, reasons=tuple(reasons) or ("no risk markers",))


def route(
    document: Document, rule_findings: tuple[Finding, ...], settings: ReflectionSettings
) -> Route:
    estimate = estimate_risk(document, rule_findings)
    if settings.mode != "auto":
        name = settings.mode
        overridden = True
    else:
        overridden = False
        name = "light" if estimate.score <= 1 else "standard" if estimate.score <= 3 else "full"
    rounds = min(ROUNDS[name], settings.max_rounds)
    return Route(name=name, rounds=rounds, estimate=estimate, overridden=overridden)
