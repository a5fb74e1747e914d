"""``check``'s work from files to a report: read the contract as ``review`` does, read the
draft (JSON in the Generate schema, Markdown or plain text), judge every point."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from pipeline.config import IntakeLimits, KBSettings
from pipeline.draft_check.citations import CitationJudge, citation_finder
from pipeline.draft_check.points import ParsedDraft
from pipeline.draft_check.read_json import read_review_json
from pipeline.draft_check.read_text import read_review_text
from pipeline.draft_check.report import (
    CheckReport,
    DraftInfo,
    flagged_count,
    verdict_counts,
)
from pipeline.draft_check.verdicts import PointChecker
from pipeline.entities.governing_law import assumed_law
from pipeline.entities.parse import detect_language
from pipeline.entities.textview import build_view
from pipeline.errors import (
    EmptyInputError,
    InputNotFoundError,
    InputTooLargeError,
    MalformedInputError,
    UnsupportedInputError,
)
from pipeline.kb_runtime import kb_runtime
from pipeline.model import Document, DocumentInfo, LawAssumed
from pipeline.stages.intake import read_document

DRAFT_SUFFIXES = {".json": "json", ".md": "markdown", ".markdown": "markdown", ".txt": "text"}


def read_draft(path: Path, cites: Callable[[str], list[str]], max_bytes: int) -> ParsedDraft:
    if not path.is_file():
        raise InputNotFoundError(path, "no such draft file", "check the --draft path")
    kind = DRAFT_SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise UnsupportedInputError(
            path,
            f"drafts of type {path.suffix or '(no extension)'!r} are not supported",
            "give the review as .json (the Generate schema), .md or .txt",
        )
    size = path.stat().st_size
    if size == 0:
        raise EmptyInputError(path, "the draft is empty (0 bytes)", "give the review file itself")
    if size > max_bytes:
        raise InputTooLargeError(
            path, f"the draft is {size} bytes, over the {max_bytes}-byte limit",
            "split the review, or raise --max-bytes",
        )  # fmt: skip
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedInputError(
            path, f"the draft is not UTF-8 text ({exc.reason} at byte {exc.start})",
            "save the review as UTF-8",
        ) from None  # fmt: skip
    if kind != "json":
        return read_review_text(text, str(path), cites)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedInputError(
            path, f"the draft is not valid JSON ({exc.msg} at line {exc.lineno})",
            'fix the JSON, or give the review as .md/.txt; the schema is {"risk_points": [...]}',
        ) from None  # fmt: skip
    return read_review_json(data, str(path), cites)


def law_of(document: Document) -> LawAssumed:
    text = build_view(document).text
    law = assumed_law(text, detect_language(text))
    return LawAssumed(
        system=law.system, name=law.name, source=law.source, quote=law.quote, note=law.note
    )


def check_files(
    contract: Path,
    draft: Path,
    limits: IntakeLimits | None = None,
    kb: KBSettings | None = None,
) -> tuple[CheckReport, Document]:
    limits = limits or IntakeLimits()
    document = read_document(contract, limits)
    runtime = kb_runtime(kb or KBSettings())
    cites = citation_finder(runtime.find)
    parsed = read_draft(draft, cites, limits.max_bytes)
    checker = PointChecker(document, CitationJudge(runtime.checker), cites)
    checks = checker.check_all(parsed.points)
    report = CheckReport(
        contract=DocumentInfo.of(document),
        draft=DraftInfo(
            source_path=str(draft),
            sha256=hashlib.sha256(draft.read_bytes()).hexdigest(),
            format=parsed.format,
            points=len(parsed.points),
            unparsed=parsed.unparsed,
        ),
        law=law_of(document),
        kb=runtime.info,
        points=parsed.points,
        draft_checks=checks,
        counts=verdict_counts(checks),
        flagged=flagged_count(checks),
    )
    return report, document
