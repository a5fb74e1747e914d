"""Score ``contract-review check`` on labelled reviews (``golden_set/check/``).

Each ``<id>.labels.json`` labels the points of one review (``<id>.draft.json``, ``.review.md``
or ``.review.txt``) of the golden contract ``<id>``: ``truth`` is ``true`` or the verdict the
point deserves. Reported: the interception rate (bad points flagged, whatever the verdict),
the false-flag rate (true points flagged), and per kind the recall of the exact verdict and of
any flag. A point the reader did not find (fewer points than labels) counts as not flagged.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pipeline.config import IntakeLimits, KBSettings
from pipeline.draft_check.run import check_files
from pipeline.errors import InputError
from pipeline.model import FLAGGED_VERDICTS

REVIEW_SUFFIXES = (".draft.json", ".review.md", ".review.txt")
CONTRACT_SUFFIXES = (".txt", ".pdf")


@dataclass
class KindScore:
    kind: str
    points: int = 0
    exact: int = 0  # the verdict names this kind
    flagged: int = 0  # any flag

    @property
    def recall(self) -> float | None:
        return self.exact / self.points if self.points else None

    @property
    def flag_rate(self) -> float | None:
        return self.flagged / self.points if self.points else None


@dataclass
class CheckScore:
    folder: str
    reviews: int = 0
    points: int = 0
    unread: int = 0  # labelled points the reader did not produce
    kinds: dict[str, KindScore] = field(default_factory=dict)
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)

    @property
    def bad(self) -> int:
        return sum(k.points for name, k in self.kinds.items() if name != "true")

    @property
    def interception(self) -> float | None:
        caught = sum(k.flagged for name, k in self.kinds.items() if name != "true")
        return caught / self.bad if self.bad else None

    @property
    def false_flags(self) -> float | None:
        true = self.kinds.get("true")
        return true.flag_rate if true else None

    def to_json(self) -> dict[str, object]:
        return {
            "folder": self.folder,
            "reviews": self.reviews,
            "points": self.points,
            "unread_points": self.unread,
            "interception": self.interception,
            "false_flag_rate": self.false_flags,
            "kinds": {
                k: asdict(v) | {"recall": v.recall, "flag_rate": v.flag_rate}
                for k, v in sorted(self.kinds.items())
            },
            "confusion": [
                {"truth": t, "verdict": v, "points": n}
                for (t, v), n in sorted(self.confusion.items())
            ],
        }


def _one_of(folder: Path, stem: str, suffixes: tuple[str, ...]) -> Path | None:
    return next(
        (folder / f"{stem}{s}" for s in suffixes if (folder / f"{stem}{s}").is_file()), None
    )


def score_folder(folder: Path, contracts: Path, kb: KBSettings | None = None) -> CheckScore:
    score = CheckScore(folder=str(folder))
    for labels_path in sorted(folder.glob("*.labels.json")):
        labels = json.loads(labels_path.read_text(encoding="utf-8"))
        stem = labels_path.name.removesuffix(".labels.json")
        review = _one_of(folder, stem, REVIEW_SUFFIXES)
        contract = _one_of(contracts, labels.get("contract", stem), CONTRACT_SUFFIXES)
        if review is None or contract is None:
            raise InputError(
                labels_path, "its review or its contract is missing",
                f"put the review beside it and the contract in {contracts}",
            )  # fmt: skip
        report, _ = check_files(contract, review, IntakeLimits(), kb)
        verdicts = {c.index: c.verdict for c in report.draft_checks}
        score.reviews += 1
        for point in labels["points"]:
            truth = point["truth"]
            verdict = verdicts.get(point["index"], "unread")
            kind = score.kinds.setdefault(truth, KindScore(truth))
            kind.points += 1
            kind.exact += verdict == ("ok" if truth == "true" else truth)
            kind.flagged += verdict in FLAGGED_VERDICTS
            score.points += 1
            score.unread += verdict == "unread"
            score.confusion[(truth, verdict)] += 1
    return score


def render(score: CheckScore, title: str) -> str:
    def pct(x: float | None) -> str:
        return "–" if x is None else f"{x:.2f}"

    lines = [
        f"## {title}: {score.reviews} reviews, {score.points} points ({score.bad} bad)",
        "",
        f"- interception (bad points flagged): **{pct(score.interception)}**",
        f"- false flags (true points flagged): **{pct(score.false_flags)}**",
        f"- labelled points the reader did not find: {score.unread}",
        "",
        "| truth | points | exact verdict | any flag |",
        "|---|---|---|---|",
    ]
    for name, k in sorted(score.kinds.items()):
        lines.append(f"| {name} | {k.points} | {pct(k.recall)} | {pct(k.flag_rate)} |")
    lines += ["", "| truth → verdict | points |", "|---|---|"]
    lines += [f"| {t} → {v} | {n} |" for (t, v), n in sorted(score.confusion.items())]
    return "\n".join(lines) + "\n"
