"""The check registry: named Python functions that rules in ``rules/*.yaml`` refer to.

A check takes the parsed contract and the rule's validated parameters and yields ``Hit``s.
It declares its parameter model (pydantic, ``extra="forbid"``) and the template fields it
fills, so a rule file with an unknown parameter or a ``{field}`` the check never fills fails
at load time, not in the middle of a review.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

from pipeline.model import Span
from pipeline.rules_engine.context import RuleContext


class Params(BaseModel):
    """Base of every check's parameters: unknown keys are errors, and every list of strings
    (and ``highlight``) must hold valid regular expressions."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @model_validator(mode="after")
    def _compile_patterns(self) -> Params:
        for name, value in self:
            patterns = value if isinstance(value, list) else [value] if name == "highlight" else []
            for pattern in patterns:
                if not isinstance(pattern, str):
                    continue
                try:
                    re.compile(pattern)
                except re.error as exc:
                    raise ValueError(
                        f"{name}: {pattern!r} is not a valid regular expression ({exc})"
                    ) from None
        return self


class NoParams(Params):
    pass


@dataclass(frozen=True)
class Hit:
    """One place a check fired: the main span, related spans, and the message values."""

    span: Span
    values: dict[str, str] = field(default_factory=dict)
    related: tuple[Span, ...] = ()
    confidence: float = 1.0  # below 1 only where a model, not a rule, decided


CheckFn = Callable[[RuleContext, Any], Iterable[Hit]]
P = TypeVar("P", bound=Params)


@dataclass(frozen=True)
class CheckDef:
    name: str
    fn: CheckFn
    params: type[Params]
    fields: frozenset[str]
    doc: str


CHECKS: dict[str, CheckDef] = {}
CHECK_MODULES = (
    "pipeline.rules_engine.checks_patterns",
    "pipeline.rules_engine.checks_consistency",
    "pipeline.rules_engine.checks_party_names",
    "pipeline.rules_engine.checks_en",
    "pipeline.rules_engine.checks_zh",
    "pipeline.rules_engine.checks_shares",
    "pipeline.rules_engine.checks_facts",
    "pipeline.rules_engine.checks_annexes",
    "pipeline.rules_engine.checks_named_dates",
    "pipeline.rules_engine.checks_term_expiry",
    "pipeline.rules_engine.checks_notice_windows",
    "pipeline.rules_engine.checks_semantic",
    "pipeline.rules_engine.checks_construction",
    "pipeline.rules_engine.checks_tables",
    "pipeline.rules_engine.checks_named_sums",
    "pipeline.rules_engine.checks_prose_totals",
    "pipeline.rules_engine.checks_zh_cap_escape",
    "pipeline.rules_engine.checks_zh_full_amount",
    "pipeline.rules_engine.checks_preconditions",
    "pipeline.rules_engine.checks_labelled_events",
    "pipeline.rules_engine.checks_period_sums",
    "pipeline.rules_engine.checks_open_rows",
    "pipeline.rules_engine.checks_role_actions",
    "pipeline.rules_engine.checks_relative_rows",
    "pipeline.rules_engine.checks_named_periods",
    "pipeline.rules_engine.checks_term_rows",
    "pipeline.rules_engine.checks_lease_term",
    "pipeline.rules_engine.checks_event_dates",
    "pipeline.rules_engine.checks_weekdays",
    "pipeline.rules_engine.checks_price_range",
    "pipeline.rules_engine.checks_deferred_annex",
    "pipeline.rules_engine.checks_restated_dates",
    "pipeline.rules_engine.checks_timeline_rows",
    "pipeline.rules_engine.checks_term_length",
    "pipeline.rules_engine.checks_payment_direction",
    "pipeline.rules_engine.checks_day_after",
    "pipeline.rules_engine.checks_guarantee_scope",
    "pipeline.rules_engine.checks_annex_criteria",
    "pipeline.rules_engine.checks_roles",
    "pipeline.rules_engine.checks_day_periods",
    "pipeline.rules_engine.checks_essentials",
    "pipeline.rules_engine.checks_deferred_terms",
    "pipeline.rules_engine.checks_overdue_charges",
    "pipeline.rules_engine.checks_caps",
    "pipeline.rules_engine.checks_cap_amounts",
    "pipeline.rules_engine.checks_exclusion_items",
    "pipeline.rules_engine.checks_liability_scope",
    "pipeline.rules_engine.checks_dates",
    "pipeline.rules_engine.checks_worked_sums",
    "pipeline.rules_engine.checks_share_bases",
    "pipeline.rules_engine.checks_table_arithmetic",
    "pipeline.rules_engine.checks_vat_lines",
    "pipeline.rules_engine.checks_instalment_tables",
    "pipeline.rules_engine.checks_period_rates",
    "pipeline.rules_engine.checks_range_lengths",
    "pipeline.rules_engine.checks_relative_deadlines",
    "pipeline.rules_engine.checks_before_signing",
    "pipeline.rules_engine.checks_worked_dates",
    "pipeline.rules_engine.checks_stage_order",
    "pipeline.rules_engine.checks_schedule_dates",
    "pipeline.rules_engine.checks_instalments",
    "pipeline.rules_engine.checks_itemised_total",
    "pipeline.rules_engine.checks_unit_price",
    "pipeline.rules_engine.checks_balance",
    "pipeline.rules_engine.checks_named_shares",
    "pipeline.rules_engine.checks_named_sum_tables",
    "pipeline.rules_engine.checks_schedule_restated",
    "pipeline.rules_engine.checks_payment_clauses",
    "pipeline.rules_engine.checks_open_price",
    "pipeline.rules_engine.checks_annex_price",
    "pipeline.rules_engine.checks_share_rows",
    "pipeline.rules_engine.checks_warranty_remedy",
    "pipeline.rules_engine.checks_defect_model",
)


def check(
    name: str, params: type[Params] = NoParams, fields: Iterable[str] = ()
) -> Callable[[CheckFn], CheckFn]:
    """Register ``fn`` as check ``name``. Every check also fills ``{quote}``."""

    def register(fn: CheckFn) -> CheckFn:
        if name in CHECKS:
            raise ValueError(f"check {name!r} is registered twice")
        CHECKS[name] = CheckDef(
            name, fn, params, frozenset(fields) | {"quote"}, (fn.__doc__ or "").strip()
        )
        return fn

    return register


def all_checks() -> dict[str, CheckDef]:
    # Importing the modules registers their checks.
    for module in CHECK_MODULES:
        importlib.import_module(module)
    return dict(CHECKS)
