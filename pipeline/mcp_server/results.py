"""What the MCP tools return. Each model is its tool's output schema, so a client sees typed,
documented fields; the review's own values (findings, evidence, the law assumed) are the
report's models, unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

from pydantic import Field

from kb.catalog import Article
from kb.types import LawStatus, Support
from kb.values import EvidenceSource, Frozen
from pipeline.model import DraftCheck, Finding, HumanReviewItem, KBInfo, LawAssumed


class ArticleText(Frozen):
    """One statute article: its text and where it sits."""

    doc_id: str = Field(description="The KB's id, e.g. cn.civil-code.586 or us.9usc.2.")
    citation: str = Field(
        description="A readable citation, e.g. 《中华人民共和国民法典》第五百八十六条."
    )
    law: str = Field(description="The law's full title.")
    law_key: str = Field(description="The law's registry key, e.g. cn.civil-code.")
    anchor: str = Field(description="The article's label in the law: 第五百八十六条, § 2.")
    caption: str = ""
    heading_path: tuple[str, ...] = Field(default=(), description="Part, chapter, section.")
    text: str = Field(description="The article's text.")
    status: LawStatus | Literal["unknown"]
    jurisdiction: str = Field(description="cn or us.")
    page: int | None = Field(default=None, description="First page, for a statute from a PDF.")
    found_in: Literal["bundled catalog", "KB store"] = Field(
        description="The bundled statute catalog, or the built KB (files ingested there)."
    )

    @classmethod
    def of_article(cls, article: Article) -> ArticleText:
        return cls(
            doc_id=article.doc_id,
            citation=article.citation,
            law=article.law_title,
            law_key=article.law_key,
            anchor=article.label,
            caption=article.caption,
            heading_path=article.heading_path,
            text=article.text or article.caption,
            status=article.status,
            jurisdiction=article.jurisdiction,
            page=article.page,
            found_in="bundled catalog",
        )

    @classmethod
    def of_chunk(cls, doc_id: str, text: str, meta: Mapping[str, Any]) -> ArticleText:
        """From the KB store: a chunk's text is the indexed head line, then the article."""
        heading = str(meta.get("heading_path", ""))
        status = meta.get("status")
        return cls(
            doc_id=doc_id,
            citation=str(meta.get("citation", doc_id)),
            law=str(meta.get("law_title", "")),
            law_key=str(meta.get("law_key", "")),
            anchor=str(meta.get("label", "")),
            caption=str(meta.get("caption", "")),
            heading_path=tuple(heading.split(" > ")) if heading else (),
            text=text.split("\n", 1)[-1],
            status=status if status in get_args(LawStatus) else "unknown",
            jurisdiction=str(meta.get("jurisdiction", "")),
            page=int(meta["page"]) if "page" in meta else None,
            found_in="KB store",
        )


class StatuteHit(ArticleText):
    """One search hit: the article, its rank and score."""

    rank: int = Field(ge=1)
    score: float
    via: str = Field(description="What found it: citation, bm25, dense, rrf or fusion.")


class StatuteSearch(Frozen):
    query: str
    law: str | None = Field(description="The law the search was limited to, if any.")
    hits: tuple[StatuteHit, ...]


class CitationVerdictResult(Frozen):
    """Does the citation exist, is its law in force, and does the article support the claim."""

    citation: str
    exists: bool
    in_force: bool
    status: LawStatus | None = Field(description="in_force, repealed or not_yet_effective.")
    replaced_by: str | None = Field(description="For a repealed law: its successor.")
    message: str = Field(description="The catalog's finding, e.g. why the article does not exist.")
    held: bool = Field(
        description="False when the KB holds the law only in part and the citation points "
        "outside that part: nothing here can say whether it exists."
    )
    claim: str | None
    support: Support | None = Field(
        description="supports, unrelated or conflicts (a figure the article contradicts); "
        "null without a claim or without the article's text."
    )
    score: float | None = Field(description="Support score in [0, 1].")
    article: ArticleText | None = Field(description="The cited article, when the KB has its text.")
    conflicts: tuple[EvidenceSource, ...] = Field(
        default=(), description="Articles that contradict the claim (the cited one first)."
    )


Outcome = Literal["clean", "findings", "needs_human_review"]  # the CLI's exit 0, 1 and 3


class ReviewSummary(Frozen):
    """A review's verdicts with their evidence, and where its output files are."""

    contract: str = Field(description="The contract file that was reviewed.")
    outcome: Outcome
    mode: str = Field(description="Which LLM ran: none (rules and KB only), or the model.")
    mode_note: str = ""
    law: LawAssumed | None = Field(description="The law the review applied, and why.")
    kb: KBInfo | None = Field(description="The statute KB the citations were checked against.")
    findings: tuple[Finding, ...] = Field(
        description="Each with its contract span (page or clause), quote, message, suggestion "
        "and evidence_source (the statute articles it rests on)."
    )
    draft_checks: tuple[DraftCheck, ...] = Field(
        description="With an LLM: the verdict on each point of its draft, with evidence."
    )
    human_review: tuple[HumanReviewItem, ...] = Field(
        description="What a lawyer must look at, and why."
    )
    out_dir: str = Field(description="The folder the output files were written to.")
    files: tuple[str, ...] = Field(
        description="report.json, report.md, report.html, revised.docx, trace.jsonl and, when "
        "anything needs review, human_review.jsonl (owner-only, 0600)."
    )
