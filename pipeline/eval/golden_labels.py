"""The golden set's label files, and the checker that keeps them honest.

Layout of a golden-set folder (``golden_set/contracts/``)::

    <id>.txt          the contract text, as written
    <id>.pdf          its rendering with a real text layer (``golden_pdfs.render_golden_pdfs``)
    <id>.json         pass-1 labels (the gold standard)
    <id>.second.json  optional independent pass-2 labels (inter-annotator agreement)

Quotes are compared after removing all whitespace (``squash``). Rendering wraps long lines:
a CJK line is cut between two characters (a newline is inserted), a Latin line is cut at a
space (the space becomes a newline), and pypdf may add or drop spaces at line ends. Removing
all whitespace on both sides makes a quote written on one line of the ``.txt`` findable in
the PDF's extracted text whatever the wrapping did. A quote must still sit on one line of the
``.txt`` (no newline inside it), so the quote and the text agree exactly before rendering.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pypdf import PdfReader

from pipeline.errors import ContractReviewError

# The finding type ids of the rule catalogue (issue 4) plus the LLM/KB cross-check types.
RULE_FINDING_TYPES: tuple[str, ...] = (
    "amount_contradiction",
    "date_inconsistency",
    "party_inconsistency",
    "undefined_term",
    "penalty_excessive",
    "deposit_excessive",
    "deposit_term_confusion",
    "excessive_interest",
    "interest_deducted_upfront",
    "dispute_resolution_conflict",
    "arbitration_institution_unclear",
    "governing_law_forum_mismatch",
    "invalid_exemption",
    "unfair_standard_term",
    "missing_essential_clause",
    "lease_term_over_20_years",
    "guarantee_period_defect",
    "warranty_period_below_minimum",
    "probation_too_long",
    "labour_penalty_misuse",
    "non_compete_too_long",
    "non_compete_without_compensation",
    "missing_governing_law",
    "indemnity_cap_conflict",
    "liquidated_damages_penalty",
    "auto_renewal_no_notice",
    "unlimited_liability",
    "unilateral_amendment",
)
CITATION_FINDING_TYPES: tuple[str, ...] = ("fabricated_citation", "repealed_citation")
FINDING_TYPES: tuple[str, ...] = RULE_FINDING_TYPES + CITATION_FINDING_TYPES

# Types about something absent: the quote only anchors the finding (e.g. the title), so they
# are matched by type alone, at most once per contract.
DOCUMENT_LEVEL_TYPES: frozenset[str] = frozenset(
    {"missing_essential_clause", "missing_governing_law"}
)

_WHITESPACE = re.compile(r"\s+")


class GoldenSetError(ContractReviewError):
    """The golden set cannot be read (missing folder, invalid label file). Kept here, beside
    the only code that raises it, so ``pipeline/errors.py`` stays untouched."""

    exit_code = 50


def squash(text: str) -> str:
    """``text`` without any whitespace: the form in which quotes are compared."""
    return _WHITESPACE.sub("", text)


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Citation(_Strict):
    """A statute article (``law`` + ``article``), or a common-law basis with no citation."""

    law: str | None = None
    article: str | None = None
    basis_kind: Literal["statute", "common_law"] = "statute"

    @model_validator(mode="after")
    def _check(self) -> Citation:
        if self.basis_kind == "statute" and not (self.law and self.article):
            raise ValueError("a statute basis needs both 'law' and 'article'")
        if self.basis_kind == "common_law" and (self.law or self.article):
            raise ValueError("a common_law basis carries no law/article (no invented citation)")
        return self


class GoldFinding(_Strict):
    type: str
    severity: Literal["HIGH", "MEDIUM", "LOW"]
    quote: str = Field(min_length=1)
    also_quote: str | None = None
    basis: Citation
    alt_citations: tuple[Citation, ...] = ()
    note: str = ""

    @property
    def quotes(self) -> tuple[str, ...]:
        return (self.quote,) if self.also_quote is None else (self.quote, self.also_quote)

    @property
    def citations(self) -> tuple[Citation, ...]:
        return (self.basis, *self.alt_citations)


class GoldLabel(_Strict):
    id: str
    lang: Literal["zh", "en"]
    contract_type: str
    clean: bool
    # the one finding type a short focused contract was written to test (golden_set/focus/)
    focus: str | None = None
    findings: tuple[GoldFinding, ...] = ()
    annotations: dict[str, object] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _clean_means_no_findings(self) -> GoldLabel:
        if self.clean and self.findings:
            raise ValueError("a contract marked clean must have no findings")
        if not self.clean and not self.findings:
            raise ValueError("a contract with no findings must be marked clean")
        return self

    @property
    def types(self) -> frozenset[str]:
        return frozenset(f.type for f in self.findings)


@dataclass(frozen=True)
class GoldContract:
    label: GoldLabel
    text_path: Path
    pdf_path: Path
    second: GoldLabel | None = None

    @property
    def id(self) -> str:
        return self.label.id


def load_label(path: Path) -> GoldLabel:
    try:
        return GoldLabel.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise GoldenSetError(
            f"{path}: not a valid golden label file: {exc}. Fix: follow the schema in "
            "pipeline/eval/golden_labels.py (id, lang, contract_type, clean, findings[...])"
        ) from exc


def contracts_dir(root: Path) -> Path:
    """Accept either ``golden_set/`` or ``golden_set/contracts/``."""
    nested = root / "contracts"
    return nested if nested.is_dir() else root


def label_files(folder: Path) -> list[Path]:
    """The first-pass label files ``<id>.json`` in ``folder``, sorted; not ``<id>.second.json``."""
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".second.json"))


def load_golden_set(root: Path) -> list[GoldContract]:
    folder = contracts_dir(root)
    if not folder.is_dir():
        raise GoldenSetError(f"{root}: no such folder. Fix: pass the golden_set/ directory")
    contracts: list[GoldContract] = []
    for path in label_files(folder):
        label = load_label(path)
        stem = path.name.removesuffix(".json")
        if label.id != stem:
            raise GoldenSetError(f"{path}: id {label.id!r} differs from the file name {stem!r}")
        second_path = folder / f"{stem}.second.json"
        second = load_label(second_path) if second_path.exists() else None
        contracts.append(
            GoldContract(label, folder / f"{stem}.txt", folder / f"{stem}.pdf", second)
        )
    if not contracts:
        raise GoldenSetError(f"{folder}: no <id>.json label files. Fix: pass golden_set/")
    return contracts


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


@dataclass(frozen=True)
class LabelProblem:
    path: Path
    problem: str

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"


def _check_quotes(
    label: GoldLabel, label_path: Path, text: str, pdf: str | None
) -> Iterable[LabelProblem]:
    squashed_text, squashed_pdf = squash(text), squash(pdf) if pdf is not None else None
    for index, finding in enumerate(label.findings):
        if finding.type not in FINDING_TYPES:
            yield LabelProblem(
                label_path,
                f"findings[{index}]: unknown type {finding.type!r}; valid: "
                + ", ".join(FINDING_TYPES),
            )
        for quote in finding.quotes:
            where = f"findings[{index}] ({finding.type})"
            if "\n" in quote:
                yield LabelProblem(label_path, f"{where}: quote spans lines: {quote!r}")
            if quote not in text:
                yield LabelProblem(label_path, f"{where}: quote not in the .txt: {quote!r}")
            if squashed_pdf is not None and squash(quote) not in squashed_pdf:
                yield LabelProblem(label_path, f"{where}: quote not in the PDF text: {quote!r}")
            if squash(quote) not in squashed_text:
                yield LabelProblem(label_path, f"{where}: quote not in the squashed .txt")


def check_golden_set(root: Path, require_pdf: bool = True) -> list[LabelProblem]:
    """Every problem with the labels: unknown types, quotes missing from text or PDF."""
    problems: list[LabelProblem] = []
    for contract in load_golden_set(root):
        labels = [(contract.label, contract.text_path.with_suffix(".json"))]
        if contract.second is not None:
            labels.append((contract.second, contract.text_path.with_suffix(".second.json")))
        if not contract.text_path.exists():
            problems.append(LabelProblem(contract.text_path, "missing contract text"))
            continue
        text = contract.text_path.read_text(encoding="utf-8")
        pdf: str | None = None
        if contract.pdf_path.exists():
            pdf = pdf_text(contract.pdf_path)
        elif require_pdf:
            problems.append(
                LabelProblem(
                    contract.pdf_path,
                    "missing PDF. Fix: contract-review dev golden-pdfs golden_set/",
                )
            )
        for label, path in labels:
            problems.extend(_check_quotes(label, path, text, pdf))
    return problems
