"""The MCP server's four tools, as plain typed functions over the library the CLI uses.

Each tool takes typed, described parameters (they become its input schema), returns a model
of :mod:`pipeline.mcp_server.results` (its output schema) and raises a
:class:`~pipeline.errors.ContractReviewError` whose message names the file or the argument and
the fix; :mod:`pipeline.mcp_server.server` turns that into a tool error. Nothing here imports
the ``mcp`` SDK or prints: stdout is the protocol channel.

The server's own options fix what a client must not choose: the KB, the rules, the thread
budget and the LLM endpoint. A call picks the LLM mode (``none`` keeps the contract on this
machine) but never the address the contract text is sent to.
"""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

from pydantic import Field, ValidationError

from kb.catalog import default_catalog
from kb.store import as_kb_error
from kb.values import KnowledgeBaseError
from pipeline import api
from pipeline.config import RuleSide, RunConfig
from pipeline.errors import ContractReviewError
from pipeline.mcp_server.results import (
    ArticleText,
    CitationVerdictResult,
    Outcome,
    ReviewSummary,
    StatuteHit,
    StatuteSearch,
)
from pipeline.model import ReviewReport
from pipeline.side import llm_side


class ToolArgumentError(ContractReviewError):
    """A tool was called with an argument it cannot use (the CLI's usage error)."""

    exit_code = 2


ContractPath = Annotated[
    str,
    Field(
        description="The contract on this machine: a .pdf, .docx, .txt or .md file. Give an "
        "absolute path; a relative one is taken from the server's working folder."
    ),
]
LLMMode = Annotated[
    str,
    Field(
        description="auto (the local Ollama server when it answers, else none), none (rules "
        "and statute KB only: the contract text leaves no process), ollama or ollama:MODEL, "
        "llamacpp or llamacpp:GGUF. The LLM's address is the server's --llm-url, never an "
        "argument."
    ),
]
Side = Annotated[
    RuleSide,
    Field(description="Whose lawyer: neutral, 甲方/party_a, 乙方/party_b, or a role the "
          "contract names (buyer, seller, licensor, licensee, employer, employee)."),
]  # fmt: skip
OutDir = Annotated[
    str | None,
    Field(
        description="Folder for the output files: new, empty, or holding only an earlier "
        "review's outputs (they are replaced). Default: a new private temporary folder."
    ),
]
Citation = Annotated[
    str,
    Field(
        description="A citation, e.g. 民法典第586条, 劳动合同法第47条, 9 U.S.C. § 2, UCC § 2-302."
    ),
]
Claim = Annotated[
    str | None,
    Field(
        description="What the citation is cited for; with it the verdict says whether the "
        "article supports, is unrelated to or conflicts with the claim."
    ),
]
Query = Annotated[str, Field(description="A question, a phrase or a citation, in any language.")]
TopK = Annotated[int, Field(ge=1, le=20, description="How many articles to return.")]
Law = Annotated[
    str | None,
    Field(description="Only this law: a registry key (cn.civil-code) or an alias (民法典, UCC)."),
]
ArticleRef = Annotated[
    str,
    Field(
        description="A citation (民法典第586条, 9 U.S.C. § 2) or a doc_id from "
        "search_statutes (cn.civil-code.586)."
    ),
]


class ContractReviewTools:
    """The tools, bound to the run configuration the server was started with."""

    def __init__(self, config: RunConfig) -> None:
        self.config = config
        # One review at a time: a review's native libraries use the whole thread budget.
        self._review_lock = threading.Lock()

    def review_contract(
        self,
        path: ContractPath,
        llm: LLMMode = "auto",
        side: Side = "neutral",
        out: OutDir = None,
    ) -> ReviewSummary:
        """Review a contract (Chinese under PRC law, or English) against the rules and the
        statute KB, and with an LLM when one is configured. Returns the findings, each with its
        contract span and the statutes it rests on (evidence_source), the law the review
        assumed, the mode that ran, what needs a lawyer's review, and the folder the reports
        were written to (report.json, report.md, report.html, revised.docx, trace.jsonl)."""
        from pipeline.output_set import check_out_dir
        from pipeline.reviewing import review_file, write_outputs

        config = self._review_config(llm, side)
        out_dir = _absolute(out) if out else None
        problem = check_out_dir(out_dir) if out_dir else None
        if problem:  # refused before the review runs, as the CLI's --out is
            raise ToolArgumentError(f"out: {problem}")
        contract = _absolute(path)
        with self._review_lock:
            outcome = review_file(contract, config)
        out_dir = out_dir or Path(tempfile.mkdtemp(prefix="contract-review-mcp-"))  # 0700
        written = write_outputs(outcome, out_dir, "all")
        report = outcome.report
        return ReviewSummary(
            contract=str(contract),
            outcome=_outcome(report),
            mode=report.mode,
            mode_note=report.mode_note,
            law=report.law,
            kb=report.kb,
            findings=report.findings,
            draft_checks=report.draft_checks,
            human_review=report.human_review,
            out_dir=str(out_dir),
            files=tuple(str(p) for p in written),
        )

    def verify_citation(self, citation: Citation, claim: Claim = None) -> CitationVerdictResult:
        """Check a statute citation against the bundled statute catalog: does the article
        exist, is its law in force (or repealed, and by what), and, given the claim it is
        cited for, does the article support it, is it unrelated, or does it conflict (for
        instance a different percentage or time limit)? Returns the article's text. A
        citation of a law the KB knows but of an article it does not have is a verdict
        (exists: false), not an error."""
        verdict = api.verify_citation(citation, claim or "", backend=self.config.kb.backend)
        lookup = verdict.lookup
        if lookup.parsed is None:
            raise ToolArgumentError(f"{citation!r}: {lookup.message}")
        article = default_catalog().get(lookup.evidence.doc_id) if lookup.evidence else None
        return CitationVerdictResult(
            citation=citation,
            exists=lookup.exists,
            in_force=lookup.exists and lookup.status == "in_force",
            status=lookup.status,
            replaced_by=lookup.replaced_by,
            message=lookup.message,
            held=lookup.held,
            claim=claim,
            support=verdict.support,
            score=verdict.score,
            article=ArticleText.of_article(article) if article else None,
            conflicts=verdict.conflicts,
        )

    def search_statutes(self, query: Query, k: TopK = 5, law: Law = None) -> StatuteSearch:
        """Search the statute KB (PRC laws and judicial interpretations, US federal and D.C.
        statutes, and any files ingested into it) by meaning and by words. Returns the best
        articles with their doc_id, citation, anchor (the article's label), law, status and
        text. Needs a built KB (contract-review kb build)."""
        kb = self.config.kb
        path = Path(kb.path) if kb.path else None
        with _kb_failures(path, kb.url):
            hits = api.query_kb(
                query, k=k, law=law, kb_path=path, kb_url=kb.url, backend=kb.backend
            )
        return StatuteSearch(
            query=query,
            law=law,
            hits=tuple(
                StatuteHit(
                    **ArticleText.of_chunk(hit.doc_id, hit.text, hit.metadata).model_dump(),
                    rank=rank,
                    score=round(hit.score, 4),
                    via=hit.via,
                )
                for rank, hit in enumerate(hits, start=1)
            ),
        )

    def show_article(self, citation: ArticleRef) -> ArticleText:
        """Show one statute article in full: its text, law, heading path, status and anchor.
        Takes a citation (民法典第586条) or a doc_id (cn.civil-code.586); articles of files
        ingested into the KB are found by their doc_id."""
        ref = citation.strip()
        catalog = default_catalog()
        article = catalog.get(ref)
        if article is None:
            lookup = catalog.lookup(ref)
            if lookup.parsed is not None:  # a citation: the catalog's answer is final
                if lookup.evidence is None:  # no such article, or its text is not bundled
                    raise ToolArgumentError(f"{ref!r}: {lookup.message}")
                article = catalog.get(lookup.evidence.doc_id)
        if article is not None:
            return ArticleText.of_article(article)
        return self._stored_article(ref)

    def _stored_article(self, doc_id: str) -> ArticleText:
        """An article only the KB store holds (a statute file ingested there)."""
        from kb.health import open_reader

        kb = self.config.kb
        path = Path(kb.path) if kb.path else None
        not_found = (
            f"no article {doc_id!r} in the bundled catalog or the KB. Fix: cite it as "
            "民法典第586条 or 9 U.S.C. § 2, or find its doc_id with search_statutes"
        )
        with _kb_failures(path, kb.url):
            try:
                chunk = open_reader(path, kb.url, kb.backend).get(doc_id)
            except KnowledgeBaseError as exc:
                raise ToolArgumentError(f"{not_found} (the KB could not be read: {exc})") from exc
        if chunk is None:
            raise ToolArgumentError(not_found)
        return ArticleText.of_chunk(chunk.doc_id, chunk.text, chunk.metadata)

    def _review_config(self, llm: str, side: str) -> RunConfig:
        """The server's configuration with this call's LLM mode and side, validated."""
        settings = self.config.model_dump()
        settings["side"] = side
        settings["llm"] |= {"spec": llm, "side": llm_side(side)}
        try:
            return RunConfig.model_validate(settings)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
            )
            raise ToolArgumentError(f"{problems}. Fix: see the tool's parameters") from None


@contextmanager
def _kb_failures(path: Path | None, url: str | None) -> Iterator[None]:
    """The OS's, SQLite's, Chroma's or HTTP's failures while reading the KB, as the KB's error
    with the fix (what ``kb query`` and ``kb show`` print)."""
    try:
        yield
    except ContractReviewError:
        raise
    except Exception as exc:
        failure = as_kb_error(exc, path, url)
        if failure is None:
            raise  # a bug: the SDK reports it as a crash of this one call
        raise failure from exc


def _outcome(report: ReviewReport) -> Outcome:
    if report.needs_human_review:
        return "needs_human_review"
    return "findings" if report.findings else "clean"


def _absolute(path: str) -> Path:
    """A path from the client, taken from the server's working folder when relative."""
    return Path(path).expanduser().absolute()
