"""Load ``rules/*.yaml`` into validated rules with their legal basis resolved through the KB.

The folders are the bundled catalogue (``rules/`` in a checkout, the package's copy when
installed: :func:`kb.locations.bundled_rules_dir`) and any the user adds (``--rules DIR``,
``$CONTRACT_REVIEW_RULES``), or the user's alone (``--no-bundled-rules``): :func:`rule_folders`.

Every problem is a ``RuleLoadError`` naming the file and the place, e.g.
``rules/deposit.yaml: rules -> 3 -> basis -> 0: 民法典第1586条 does not exist ...``:
unknown keys, an unknown check, bad parameters, a ``{field}`` the check never fills, a
duplicate id (also across folders), a folder without rule files, or a citation that does not
resolve to an in-force article.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from kb.locations import bundled_rules_dir
from kb.safe_yaml import safe_load
from kb.types import CitationResolver
from pipeline.errors import RuleLoadError
from pipeline.model import EvidenceSource, Severity
from pipeline.rules_engine.registry import CheckDef, Params, all_checks
from pipeline.side import HURT_ROLES

RULES_FIX = "point --rules (or $CONTRACT_REVIEW_RULES) at a folder of rule files (*.yaml)"


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Basis(_Strict):
    """Either a statute citation resolved in the KB, or a named common-law doctrine."""

    citation: str | None = None
    common_law: str | None = Field(default=None, description="the doctrine, e.g. 'penalty rule'")
    summary: str = Field(default="", description="for common law: the principle in one line")

    @model_validator(mode="after")
    def _one_kind(self) -> Basis:
        if (self.citation is None) == (self.common_law is None):
            raise ValueError("give exactly one of 'citation' or 'common_law'")
        if self.common_law is not None and not self.summary:
            raise ValueError("a common-law basis needs a 'summary' of the principle")
        return self


class SideAdjustment(_Strict):
    """How a finding changes for the side it hurts or helps; ``{party}`` names the hurt party."""

    severity: Severity | None = None
    message_suffix: str = ""


class SideEffects(_Strict):
    """Whom a finding hurts, and how it reads to that party and to the other one."""

    hurts: str = Field(description=f"one of: {', '.join(HURT_ROLES)}")
    when_hurt: SideAdjustment = SideAdjustment()
    when_helped: SideAdjustment = SideAdjustment()

    @field_validator("hurts")
    @classmethod
    def _known_role(cls, value: str) -> str:
        if value not in HURT_ROLES:
            raise ValueError(f"{value!r} is not a role. Valid roles: {', '.join(HURT_ROLES)}")
        return value

    @model_validator(mode="after")
    def _templates(self) -> SideEffects:
        for adjustment in (self.when_hurt, self.when_helped):
            unknown = _template_fields(adjustment.message_suffix) - {"party"}
            if unknown:
                raise ValueError(f"message_suffix uses {sorted(unknown)}; only {{party}} exists")
        return self


class FixSpec(_Strict):
    """A change the rule's evidence decides by itself; Revise writes it as a tracked deletion
    (:mod:`pipeline.rules_engine.decided_fixes`).

    ``delete_sentence``: the flagged sentence is void as a whole (an exemption the law voids).
    ``keep_one_forum``: of two conflicting forum sentences, the one the playbook's
    ``dispute_forum`` position or ``--side`` does not keep."""

    action: Literal["delete_sentence", "keep_one_forum"]
    why: str = Field(
        min_length=1,
        description="what the counterparty reads beside the deletion; keep_one_forum may name "
        "the forum it keeps as {kept}",
    )

    @model_validator(mode="after")
    def _template(self) -> FixSpec:
        allowed = {"kept"} if self.action == "keep_one_forum" else set()
        unknown = _template_fields(self.why) - allowed
        if unknown:
            raise ValueError(f"why uses {sorted(unknown)}; allowed: {sorted(allowed) or 'none'}")
        return self


class RuleSpec(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_.]*$")
    language: Literal["zh", "en"]
    jurisdiction: Literal["cn", "us", "england", "common_law"]
    subject: Literal["any", "goods", "services"] = "any"
    type: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    severity: Severity
    check: str
    params: dict[str, Any] = Field(default_factory=dict)
    basis: list[Basis] = Field(min_length=1)
    message: str = Field(min_length=1)
    suggestion: str = ""
    side_effects: SideEffects | None = None
    fix: FixSpec | None = None


class RuleFile(_Strict):
    rules: list[RuleSpec] = Field(min_length=1)


@dataclass(frozen=True)
class LoadedRule:
    spec: RuleSpec
    check: CheckDef
    params: Params
    evidence: tuple[EvidenceSource, ...]
    source: str


def _where(loc: tuple[int | str, ...]) -> str:
    return " -> ".join(str(part) for part in loc)


def _template_fields(template: str) -> set[str]:
    return {
        name.split(".")[0].split("[")[0]
        for _, name, _, _ in string.Formatter().parse(template)
        if name
    }


def _common_law(rule: RuleSpec, basis: Basis) -> EvidenceSource:
    slug = "".join(c if c.isalnum() else "-" for c in (basis.common_law or "").lower()).strip("-")
    return EvidenceSource(
        doc_id=f"common-law.{slug}",
        law=f"Common law: {basis.common_law}",
        quote=basis.summary,
        basis_kind="common_law",
        status="in_force",
    )


def _resolve(
    path: Path, index: int, rule: RuleSpec, resolver: CitationResolver
) -> tuple[EvidenceSource, ...]:
    evidence: list[EvidenceSource] = []
    for j, basis in enumerate(rule.basis):
        where = f"rules -> {index} -> basis -> {j}"
        if basis.citation is None:
            evidence.append(_common_law(rule, basis))
            continue
        result = resolver.lookup(basis.citation)
        if not result.exists or result.evidence is None:
            raise RuleLoadError(
                path,
                where,
                f"rule {rule.id!r} cites {basis.citation!r}, which the KB cannot "
                f"find ({result.message}). Fix: cite an existing article, e.g. 民法典第585条",
            )
        if result.status != "in_force":
            replaced = f", replaced by {result.replaced_by}" if result.replaced_by else ""
            raise RuleLoadError(
                path,
                where,
                f"rule {rule.id!r} cites {basis.citation!r}, which is "
                f"{result.status}{replaced}. Fix: cite the article in force",
            )
        evidence.append(result.evidence)
    return tuple(evidence)


def load_rule_file(path: Path, resolver: CitationResolver) -> list[LoadedRule]:
    checks = all_checks()
    try:
        raw = safe_load(path.read_text("utf-8"))
    except yaml.YAMLError as exc:
        raise RuleLoadError(path, "", f"not valid YAML ({exc})") from exc
    try:
        parsed = RuleFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise RuleLoadError(path, _where(first["loc"]), first["msg"]) from exc
    loaded: list[LoadedRule] = []
    for i, rule in enumerate(parsed.rules):
        check = checks.get(rule.check)
        if check is None:
            raise RuleLoadError(
                path,
                f"rules -> {i} -> check",
                f"rule {rule.id!r} names unknown check "
                f"{rule.check!r}. Valid checks: {', '.join(sorted(checks))}",
            )
        try:
            params = check.params.model_validate(rule.params)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = _where(("rules", i, "params", *first["loc"]))
            raise RuleLoadError(path, where, f"rule {rule.id!r}: {first['msg']}") from exc
        for name in ("message", "suggestion"):
            unknown = _template_fields(getattr(rule, name)) - check.fields
            if unknown:
                raise RuleLoadError(
                    path,
                    f"rules -> {i} -> {name}",
                    f"rule {rule.id!r} uses "
                    f"{sorted(unknown)}, which check {check.name!r} does not fill. "
                    f"Available: {sorted(check.fields)}",
                )
        evidence = _resolve(path, i, rule, resolver)
        loaded.append(LoadedRule(rule, check, params, evidence, str(path)))
    return loaded


def rule_folders(bundled: bool = True, extra: Sequence[str | Path] = ()) -> tuple[Path, ...]:
    """The folders a review loads, in order: the bundled catalogue (unless ``bundled`` is
    false), then ``extra``."""
    return ((bundled_rules_dir(),) if bundled else ()) + tuple(Path(d) for d in extra)


def _rule_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise RuleLoadError(folder, "", f"no such folder. Fix: {RULES_FIX}")
    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise RuleLoadError(folder, "", f"no rule files (*.yaml) in this folder. Fix: {RULES_FIX}")
    return files


def load_rules(
    resolver: CitationResolver, folders: Path | Sequence[Path] | None = None
) -> tuple[LoadedRule, ...]:
    """Every rule in the ``*.yaml`` files of ``folders`` (default: the bundled catalogue), folder
    by folder; ids must be unique across all of them."""
    if folders is None:
        folders = rule_folders()
    elif isinstance(folders, Path):
        folders = (folders,)
    rules: list[LoadedRule] = []
    seen: dict[str, str] = {}
    for path in [file for folder in folders for file in _rule_files(folder)]:
        for rule in load_rule_file(path, resolver):
            if rule.spec.id in seen:
                raise RuleLoadError(
                    path,
                    f"rule {rule.spec.id}",
                    f"duplicate id, also in {seen[rule.spec.id]}. Fix: give the rule its own id, "
                    "or pass --no-bundled-rules to load your folders instead of the bundled ones",
                )
            seen[rule.spec.id] = str(path)
            rules.append(rule)
    return tuple(rules)
