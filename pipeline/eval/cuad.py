"""CUAD clause-presence evaluation: deterministic detectors scored against human labels.

For each CUAD category a detector (regular expressions in ``cuad_detectors.yaml``, over the
whitespace-normalised text)
says present / absent per contract. Against ``master_clauses.csv`` (a category is present
when its clause column is non-empty) we report Cohen's kappa (scikit-learn), precision,
recall and F1 per category.

The detectors were written while looking at this 152-contract set: the figures are
in-sample, not a held-out estimate.
"""

from __future__ import annotations

import csv
import re
import time
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sklearn.metrics import cohen_kappa_score, f1_score, precision_score, recall_score

from kb.locations import package_data
from pipeline.errors import InputNotFoundError, MalformedInputError

VETO_BEFORE = 60
VETO_AFTER = 100
DETECTORS_FILE = package_data("pipeline", "eval", "cuad_detectors.yaml")


class _Detector(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    present: list[str] = Field(min_length=1)
    veto: list[str] = Field(default_factory=list)


class _DetectorFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    categories: dict[str, _Detector] = Field(min_length=1)


Compiled = dict[str, tuple[list[re.Pattern[str]], list[re.Pattern[str]]]]


@cache
def load_detectors(path: Path = DETECTORS_FILE) -> Compiled:
    """The detectors from ``path``; a bad file names itself and the category."""
    try:
        data = _DetectorFile.model_validate(yaml.safe_load(path.read_text("utf-8")))
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise MalformedInputError(
            path, f"invalid CUAD detector file ({exc})", "fix the YAML"
        ) from exc
    compiled: Compiled = {}
    for cat, det in data.categories.items():
        try:
            compiled[cat] = (
                [re.compile(p, re.I) for p in det.present],
                [re.compile(p, re.I) for p in det.veto],
            )
        except re.error as exc:
            raise MalformedInputError(path, f"{cat}: bad regex ({exc})", "fix the pattern") from exc
    return compiled


CATEGORIES = tuple(load_detectors())


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def explain(text: str) -> dict[str, str | None]:
    """For each CUAD category, the words that made it present (None when absent)."""
    flat = normalise(text)
    found: dict[str, str | None] = {}
    for cat, (hits, vetoes) in load_detectors().items():
        found[cat] = None
        for pattern in hits:
            for m in pattern.finditer(flat):
                # A veto looks at the matched words and what closely surrounds them, within
                # the sentence: "may terminate on 30 days' notice if the other party breaches".
                start = max(flat.rfind(".", 0, m.start()) + 1, m.start() - VETO_BEFORE)
                end = flat.find(".", m.end())
                end = min(end if end >= 0 else len(flat), m.end() + VETO_AFTER)
                if not any(v.search(flat, start, end) for v in vetoes):
                    found[cat] = flat[start:end].strip()
                    break
            if found[cat] is not None:
                break
    return found


def detect(text: str) -> dict[str, bool]:
    """Which CUAD categories are present in ``text``."""
    return {cat: evidence is not None for cat, evidence in explain(text).items()}


def normalise_name(name: str) -> str:
    """CUAD's CSV and TXT names differ by &/' -> _, a trailing space or period, and É."""
    name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    name = re.sub(r"\.(?:pdf|txt)$", "", name.strip(), flags=re.I)
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_ .").lower()


def load_gold(directory: Path) -> dict[str, dict[str, bool]]:
    csv_path = directory / "master_clauses.csv"
    if not csv_path.is_file():
        raise InputNotFoundError(
            csv_path, "no master_clauses.csv", "point at the CUAD folder holding master_clauses.csv"
        )
    gold: dict[str, dict[str, bool]] = {}
    with csv_path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        columns = {c.lower(): c for c in reader.fieldnames or ()}
        missing = [c for c in CATEGORIES if c.lower() not in columns]
        if missing:
            raise MalformedInputError(
                csv_path, f"missing CUAD columns {missing}", "use CUAD v1's master_clauses.csv"
            )
        for row in reader:
            gold[normalise_name(row["Filename"])] = {
                cat: row[columns[cat.lower()]].strip() not in ("", "[]") for cat in CATEGORIES
            }
    return gold


@dataclass(frozen=True)
class CategoryScore:
    category: str
    kappa: float
    precision: float
    recall: float
    f1: float
    gold_positive: int
    predicted_positive: int


@dataclass(frozen=True)
class CuadReport:
    contracts: int
    unmatched: tuple[str, ...]
    scores: tuple[CategoryScore, ...]
    seconds: float

    @property
    def mean_kappa(self) -> float:
        return sum(s.kappa for s in self.scores) / len(self.scores)


def contract_files(directory: Path) -> list[Path]:
    folder = directory / "full_contract_txt"
    return sorted((folder if folder.is_dir() else directory).glob("*.txt"))


def evaluate(directory: Path) -> CuadReport:
    """Run the detectors on every contract with a label row and score each category."""
    gold = load_gold(directory)
    files = contract_files(directory)
    if not files:
        raise InputNotFoundError(directory, "no .txt contracts", "point at the CUAD folder")
    began = time.perf_counter()
    truth: dict[str, list[bool]] = {c: [] for c in CATEGORIES}
    predicted: dict[str, list[bool]] = {c: [] for c in CATEGORIES}
    unmatched: list[str] = []
    for path in files:
        labels = gold.get(normalise_name(path.name))
        if labels is None:
            unmatched.append(path.name)
            continue
        found = detect(path.read_text(encoding="utf-8", errors="replace"))
        for cat in CATEGORIES:
            truth[cat].append(labels[cat])
            predicted[cat].append(found[cat])
    seconds = time.perf_counter() - began
    scores = []
    for cat in CATEGORIES:
        y, p = truth[cat], predicted[cat]
        scores.append(
            CategoryScore(
                category=cat,
                kappa=float(cohen_kappa_score(y, p)) if len(set(y) | set(p)) > 1 else 1.0,
                precision=float(precision_score(y, p, zero_division=0)),
                recall=float(recall_score(y, p, zero_division=0)),
                f1=float(f1_score(y, p, zero_division=0)),
                gold_positive=sum(y),
                predicted_positive=sum(p),
            )
        )
    return CuadReport(len(truth[CATEGORIES[0]]), tuple(unmatched), tuple(scores), seconds)
