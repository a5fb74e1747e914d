"""The statute knowledge base: registry, citation parsing, exact lookup, store and retrieval.

Public surface for other packages:
- ``default_catalog().lookup(citation) -> LookupResult`` (exact; implements CitationResolver)
- ``parse_citation(text) -> CitationRef | None``
- ``kb.types`` value types, and ``kb.values``: the frozen base, ``EvidenceSource`` and the
  errors, shared with the pipeline's data model.
- ``kb.local_laws``: statutes a user registered in a KB folder (``kb ingest --law-name``), and
  the registry and catalog of a KB with them;
- ``kb.llamaindex.StatuteRetriever``: the KB as a LlamaIndex retriever (the ``llamaindex``
  extra; nothing else imports llama-index).

``kb`` knows nothing of the pipeline. The names below load on first use, so importing
``kb.values`` (as every pipeline module does, through ``pipeline.errors``) stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kb.catalog import Article, Catalog, default_catalog
    from kb.citations import CitationParser, parse_citation

__all__ = ["Article", "Catalog", "CitationParser", "default_catalog", "parse_citation"]

_HOMES = {
    "Article": "kb.catalog",
    "Catalog": "kb.catalog",
    "default_catalog": "kb.catalog",
    "CitationParser": "kb.citations",
    "parse_citation": "kb.citations",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'kb' has no attribute {name!r}")
    return getattr(import_module(_HOMES[name]), name)
