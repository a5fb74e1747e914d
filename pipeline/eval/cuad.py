"""CUAD clause-presence evaluation: deterministic detectors scored against human labels.

For each CUAD category a detector (regular expressions over the whitespace-normalised text)
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
from pathlib import Path

from sklearn.metrics import cohen_kappa_score, f1_score, precision_score, recall_score

from pipeline.errors import InputNotFoundError, MalformedInputError

_NEG_EXCL = r"(?!\s+(?:of|jurisdiction|venue|forum|remedy|remedies|property|owner|benefit|use|purpose|rights? of ownership|exploitation))"

# Each category: patterns that mark presence, and patterns that veto a matching sentence.
DETECTORS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "Governing Law": (
        (
            r"governed by|governing law|construed (?:and enforced )?(?:in accordance with|under)",
            r"laws? of the (?:state|commonwealth|province|republic) of [^.]{0,60}(?:shall|will) (?:govern|apply)",
            r"(?:subject to|in accordance with) the laws? of",
        ),
        (),
    ),
    "Cap On Liability": (
        (
            r"(?:liability|liable|damages)[^.]{0,250}(?:shall|will|may) (?:not|in no event) (?:exceed|be greater)",
            r"in no event shall[^.]{0,250}(?:exceed|be liable for any (?:indirect|special|incidental|consequential|punitive|lost))",
            r"(?:maximum|aggregate|total|cumulative|entire) (?:liability|amount of damages)",
            r"limitation (?:of|on) liability",
            r"(?:shall|will) not be liable[^.]{0,80}(?:indirect|special|incidental|consequential|punitive|lost profits)",
            r"(?:sole and exclusive|exclusive) remed",
            r"limited to (?:the )?(?:amount|fees|purchase price|repair|replacement)",
        ),
        (),
    ),
    "Uncapped Liability": (
        (
            r"(?:limitations?|exclusions?|cap)[^.]{0,120}(?:shall|will) not apply",
            r"(?:shall|will) not (?:apply to|limit)[^.]{0,120}(?:indemnif|gross negligence|willful|wilful|breach of (?:its )?confidential)",
            r"except (?:for|with respect to|in the case of|in cases of|as set forth in|to the extent)[^.]{0,200}(?:in no event|liab|exceed)",
            r"(?:nothing in|shall not)[^.]{0,80}(?:limit|restrict)[^.]{0,40}(?:indemnif|liabilit)",
            r"unlimited liability",
        ),
        (),
    ),
    "Liquidated Damages": (
        (r"liquidated damages", r"termination fee", r"break-?up fee", r"as a penalty"),
        (),
    ),
    "Termination For Convenience": (
        (
            r"(?:may|can|right to|entitled to) terminat\w*[^.]{0,80}(?:for convenience|for any reason|without cause|with or without cause|at (?:its|their) (?:sole )?(?:discretion|option))",
            r"terminat\w* (?:this agreement )?for convenience",
            r"(?:may|can) terminate this agreement[^.]{0,40}(?:at any time|upon)[^.]{0,40}(?:days'?|months'?) (?:prior |advance )?(?:written )?notice",
        ),
        (r"breach|default|insolven|bankrupt|subagen",),
    ),
    "Renewal Term": (
        (
            r"automatic(?:ally)? (?:be )?renew|renew(?:ed)? automatically|auto-?renew",
            r"(?:successive|additional|further) (?:\w+ )?(?:\(\d+\) )?(?:year|month|term|period|renewal)",
            r"renewal (?:term|period)",
            r"(?:shall|will|may) be (?:automatically )?(?:renewed|extended) (?:for|by)",
            r"option to (?:renew|extend)",
        ),
        (),
    ),
    "Notice Period To Terminate Renewal": (
        (
            r"(?:notice|notif\w+)[^.]{0,150}(?:not to renew|non-?renewal|intention not to|intent not to|to terminate[^.]{0,40}(?:at the end|upon the expiration))",
            r"unless (?:either|one|a|the other) party[^.]{0,150}(?:notice|notif)",
            r"(?:days|months)'?[^.]{0,60}(?:prior to|before) the (?:end|expiration|expiry)[^.]{0,60}(?:term|period)",
        ),
        (),
    ),
    "Non-Compete": (
        (
            r"non-?compet",
            r"(?:shall|will) not[^.]{0,80}(?:directly or indirectly[^.]{0,60})?(?:compete|engage in[^.]{0,60}compet)",
            r"not (?:to )?compete",
            r"competing (?:product|business|service)s?[^.]{0,80}(?:shall not|will not|may not|not to)|(?:shall not|will not|may not)[^.]{0,120}competing (?:product|business|service)",
            r"competitive (?:product|business|service)s?[^.]{0,80}(?:shall not|will not|may not)|(?:shall not|will not|may not)[^.]{0,120}competitive (?:product|business|service)",
        ),
        (),
    ),
    "Exclusivity": (
        (
            rf"(?<!non-)(?<!non- )(?<!sole and )\bexclusive{_NEG_EXCL}\b",
            r"\bexclusively (?:to|from|with|for|through)",
            r"sole (?:and exclusive )?(?:distributor|supplier|source|provider|reseller|agent)",
            r"(?:shall|will) not[^.]{0,80}(?:appoint|grant)[^.]{0,80}(?:any other|third part)",
        ),
        (),
    ),
    "Anti-Assignment": (
        (
            r"(?:may|shall|will|can) not (?:be )?(?:\w+ )?assign",
            r"(?:neither|no) party (?:may|shall|will)[^.]{0,60}assign",
            r"assign[^.]{0,120}without (?:the )?(?:prior )?(?:express )?(?:written )?consent",
            r"non-?assignable|not (?:be )?assignable",
            r"change (?:of|in) control",
        ),
        (),
    ),
    "Audit Rights": (
        (
            r"\baudit",
            r"(?:inspect|examine|review) (?:and copy )?(?:the |its |such )?(?:books|records|accounts)",
            r"books and records",
        ),
        (),
    ),
    "Insurance": (
        (
            r"(?:maintain|carry|obtain|procure|keep)[^.]{0,80}insurance",
            r"insurance (?:policy|policies|coverage|certificate)|certificates? of insurance",
            r"additional(?:ly)? insured|named (?:as an? )?insured|\binsurer",
        ),
        (r"shipping|freight|in transit|signature guarantee",),
    ),
}
_COMPILED = {
    cat: (
        [re.compile(p, re.I) for p in hit],
        [re.compile(p, re.I) for p in veto],
    )
    for cat, (hit, veto) in DETECTORS.items()
}
CATEGORIES = tuple(DETECTORS)
_SENTENCE = re.compile(r"[^.;]*(?:[.;]|$)")


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def detect(text: str) -> dict[str, bool]:
    """Which CUAD categories are present in ``text``."""
    flat = normalise(text)
    found: dict[str, bool] = {}
    for cat, (hits, vetoes) in _COMPILED.items():
        present = False
        for pattern in hits:
            for m in pattern.finditer(flat):
                start = flat.rfind(".", 0, m.start()) + 1
                end = flat.find(".", m.end())
                sentence = flat[start : end if end >= 0 else len(flat)]
                if not any(v.search(sentence) for v in vetoes):
                    present = True
                    break
            if present:
                break
        found[cat] = present
    return found


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
