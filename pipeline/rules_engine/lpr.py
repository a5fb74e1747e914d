"""The one-year Loan Prime Rate (LPR) by date, from ``rules/data/lpr_1y.yaml``.

民间借贷规定 25 caps private-lending interest at four times the one-year LPR in force when
the contract was made, so the rate is looked up by the signing date (the latest known value
when the contract states no date).
"""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kb.locations import bundled_rules_dir
from kb.safe_yaml import safe_load
from pipeline.errors import RuleLoadError

LPR_FILE = bundled_rules_dir() / "data" / "lpr_1y.yaml"


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    effective: date
    rate: float = Field(gt=0, lt=1)


class _LprFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    source: str
    retrieved: str = Field(description="When and how the values were taken from the source.")
    one_year: list[_Entry] = Field(min_length=1)


@cache
def load_lpr(path: Path = LPR_FILE) -> tuple[tuple[date, float], ...]:
    try:
        raw = safe_load(path.read_text("utf-8"))
        data = _LprFile.model_validate(raw)
    except FileNotFoundError:
        raise RuleLoadError(path, "", "the LPR data file is missing; restore it from git") from None
    except (yaml.YAMLError, ValidationError) as exc:
        raise RuleLoadError(path, "one_year", f"invalid LPR data ({exc})") from exc
    return tuple(sorted((e.effective, e.rate) for e in data.one_year))


def lpr_on(when: date | None, path: Path = LPR_FILE) -> tuple[date, float]:
    """The (effective date, rate) of the one-year LPR in force on ``when``."""
    table = load_lpr(path)
    if when is None:
        return table[-1]
    earlier = [row for row in table if row[0] <= when]
    return earlier[-1] if earlier else table[0]
