"""The rules engine: ``rules/*.yaml`` loaded into checked rules, run against a parsed contract.

Public surface: :func:`load_rules`, :func:`run_rules`, :class:`RuleContext` and the check
registry. Nothing here imports an LLM.
"""

from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.engine import run_rules
from pipeline.rules_engine.loader import LoadedRule, load_rules, rule_folders
from pipeline.rules_engine.registry import CHECKS, Hit, Params, all_checks, check

__all__ = [
    "CHECKS",
    "Hit",
    "LoadedRule",
    "Params",
    "RuleContext",
    "all_checks",
    "check",
    "load_rules",
    "rule_folders",
    "run_rules",
]
