"""The statute KB as a LlamaIndex retriever, for your own LlamaIndex apps.

``StatuteRetriever()`` opens the default KB (``kb.locations.default_kb_path``, the default
embedding backend) the way a review reads it: its snapshot, checked whole, nothing written. It
searches through :class:`kb.retrieval.Retriever` (hybrid BM25 + dense, the question index and
the learned ranker; a query that is a citation puts that article first), and returns one
``NodeWithScore`` per article::

    from llama_index.core.query_engine import RetrieverQueryEngine
    from kb.llamaindex import StatuteRetriever

    engine = RetrieverQueryEngine.from_args(StatuteRetriever(k=3), llm=your_llm)
    answer = engine.query("定金最多能约定多少？")
    answer.source_nodes[0].metadata["citation"]  # 《中华人民共和国民法典》第五百八十六条

Each node's id is the article's doc_id (``cn.civil-code.586``), its text the article's text,
and its metadata says where the text stands: ``doc_id``, ``citation``, ``law``, ``law_key``,
``article`` (the label, 第五百八十六条 / § 2), ``page`` (an article from a PDF) or ``anchor``
(the article itself, from a text source), ``status`` (``in_force`` / ``repealed``, with
``replaced_by`` naming the successor), ``jurisdiction``, ``kind``, ``heading_path`` and
``retrieved_via``. The LLM sees the citation, the status and its successor beside the text;
embedding models see the citation only. Statutes you registered with ``kb ingest --law-name``
come back like bundled ones, and the ``law`` filter takes their keys and names too.

Scores are the ranker's: comparable within one query, not across queries, and negative for
weak fused candidates, so a similarity cutoff does not apply to them.

This module needs llama-index-core, the ``llamaindex`` extra (``pip install
'contract-review[llamaindex]'``); nothing else in contract-review imports it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

try:
    from llama_index.core.base.base_retriever import BaseRetriever
    from llama_index.core.callbacks import CallbackManager
    from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
except ModuleNotFoundError as exc:  # installed without the llamaindex extra
    raise ModuleNotFoundError(
        f"kb.llamaindex needs llama-index-core ({exc.name} is not installed). Fix: pip install "
        "'contract-review[llamaindex]' (in a checkout: .venv/bin/pip install -e '.[llamaindex]')",
        name=exc.name,
    ) from exc

from kb.catalog import article_from_chunk
from kb.defaults import DEFAULT_MODE
from kb.health import open_reader
from kb.local_laws import kb_registry
from kb.registry import Registry, default_registry
from kb.retrieval import MODES, Filters, Hit, Mode, Retriever
from kb.values import KnowledgeBaseError

# Shown to the LLM beside the article's text; the rest is for the app (filters, links).
LLM_METADATA = ("citation", "status", "replaced_by")
EMBED_METADATA = ("citation",)


class StatuteRetriever(BaseRetriever):
    """A LlamaIndex ``BaseRetriever`` over the statute KB: ``k`` articles per query."""

    def __init__(
        self,
        kb_path: str | Path | None = None,
        *,
        kb_url: str | None = None,
        backend: str | None = None,
        k: int = 5,
        mode: Mode | None = None,
        law: str | None = None,
        jurisdiction: str | None = None,
        status: str | None = None,
        retriever: Retriever | None = None,
        callback_manager: CallbackManager | None = None,
        verbose: bool = False,
    ) -> None:
        """``kb_path``/``kb_url``/``backend`` name the KB as ``contract-review kb query``'s
        options do (defaults: the default KB folder and backend); or pass an opened
        ``retriever``. ``mode``: bm25, dense or hybrid (default: the one ``kb eval`` chose).
        ``law`` (a key or a name: cn.civil-code, 民法典, UCC), ``jurisdiction`` (cn, us) and
        ``status`` (in_force, repealed) filter the articles."""
        super().__init__(callback_manager=callback_manager, verbose=verbose)
        if k < 1:
            raise ValueError(f"k must be at least 1, not {k}")
        chosen = mode or DEFAULT_MODE
        if chosen not in MODES:
            raise KnowledgeBaseError(f"unknown retrieval mode {chosen!r}. Fix: use one of {MODES}")
        self.mode: Mode = chosen
        if retriever is not None and (kb_path is not None or kb_url is not None):
            raise ValueError("pass either an opened retriever or kb_path/kb_url, not both")
        if retriever is None:
            path = Path(kb_path) if kb_path is not None else None
            retriever = Retriever(open_reader(path, kb_url, backend))
        self.k = k
        self.retriever = retriever
        store = retriever.store
        self.registry: Registry = (
            kb_registry(store.location.state_dir) if store is not None else default_registry()
        )
        self.filters = Filters(law, jurisdiction, status, self.registry)
        self.filters.law_key()  # an unknown law is an error now, not at the first query

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        hits = self.retriever.search(query_bundle.query_str, self.k, self.mode, self.filters)
        return [NodeWithScore(node=self.node(hit), score=hit.score) for hit in hits]

    def node(self, hit: Hit) -> TextNode:
        """The article of ``hit`` as a LlamaIndex node."""
        article = article_from_chunk(hit.doc_id, hit.text, hit.metadata)
        evidence = article.evidence()
        metadata: dict[str, Any] = {
            "doc_id": article.doc_id,
            "citation": article.citation,
            "law": article.law_title,
            "law_key": article.law_key,
            "article": article.label,
            "status": article.status,
            "jurisdiction": article.jurisdiction,
            "kind": article.kind,
            "heading_path": " > ".join(article.heading_path),
            "retrieved_via": hit.via,
        }
        if evidence.page is not None:
            metadata["page"] = evidence.page
        if evidence.anchor is not None:
            metadata["anchor"] = evidence.anchor
        law = self.registry.get(article.law_key)
        successor = self.registry.get(law.replaced_by) if law and law.replaced_by else None
        if successor is not None:
            metadata["replaced_by"] = successor.title
        return TextNode(
            id_=article.doc_id,
            text=article.text or article.caption,
            metadata=metadata,
            excluded_llm_metadata_keys=[k for k in metadata if k not in LLM_METADATA],
            excluded_embed_metadata_keys=[k for k in metadata if k not in EMBED_METADATA],
        )
