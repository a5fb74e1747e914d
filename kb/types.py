"""The KB's public value types. Other packages (rules, CrossCheckKB, eval) code against these.

``kb`` knows nothing of the pipeline; it shares the frozen base and ``EvidenceSource`` with the
data model through :mod:`kb.values`.
"""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import Field

from kb.values import EvidenceSource, Frozen

Jurisdiction = Literal["cn", "us"]
LawStatus = Literal["in_force", "repealed", "not_yet_effective"]
Support = Literal["supports", "unrelated", "conflicts"]


class CitationRef(Frozen):
    """A parsed citation: which law (by registry key) and which article/section."""

    raw: str
    law_key: str = Field(description="Registry key of the law, e.g. 'cn.civil-code' or 'us.9usc'.")
    article: str = Field(description="Normalised article id: '585', '2', '2-302', '28:2-302'.")


class LookupResult(Frozen):
    """The answer to 'does this cited article exist, and is it in force?'."""

    citation: str
    parsed: CitationRef | None
    exists: bool
    status: LawStatus | None = None
    replaced_by: str | None = Field(default=None, description="For repealed laws: the successor.")
    evidence: EvidenceSource | None = None
    message: str = ""
    held: bool = Field(
        default=True,
        description="False when the KB holds the law only in part and the citation points "
        "outside that part (UCC § 2A-219 when it holds Articles 1 and 2): then nothing here "
        "can say whether the section exists.",
    )


class CitationVerdict(Frozen):
    """Lookup plus 'does the article support the claim it is cited for?'."""

    lookup: LookupResult
    support: Support | None = None
    score: float | None = None
    conflicts: tuple[EvidenceSource, ...] = ()


class CitationResolver(Protocol):
    """What rules and CrossCheckKB need from the KB; never goes through similarity search."""

    def lookup(self, citation: str) -> LookupResult: ...
