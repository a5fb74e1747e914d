"""Build the bundled corpus's prebuilt vectors (``contract-review kb vectors``, ``make vectors``).

The corpus is chunked here, in ingest, exactly as `kb build` chunks it; :mod:`kb.prebuilt`
only keys, writes and loads the vectors. Run after changing the corpus:
``tests/kb/test_prebuilt_vectors.py`` fails until you do.

    contract-review kb vectors              # embed the corpus and the question index (~8 min)
    contract-review kb vectors --from .kb   # or copy the vectors of a KB just built
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ingest.chunking import chunk_source
from ingest.loaders import load_source
from ingest.sources import bundled_specs
from kb.prebuilt import VECTORS_DIR, question_vectors_file, vectors_file, write_vectors
from kb.values import KnowledgeBaseError


def bundled_embed_texts() -> list[tuple[str, str]]:
    """(doc_id, embedded text) of every chunk of the bundled corpus, as `kb build` makes them."""
    out: list[tuple[str, str]] = []
    for spec in bundled_specs():
        for chunk in chunk_source(spec.law, load_source(spec.path), spec.source_id):
            out.append((chunk.doc_id, chunk.article.indexed_text))
    return out


def build_prebuilt_vectors(spec: str, from_kb: Path | None) -> Path:
    """Embed the bundled corpus with ``spec`` (or copy the vectors a KB at ``from_kb`` holds)
    into the package's vectors file; returns that file."""
    chunks = bundled_embed_texts()
    texts = [text for _, text in chunks]
    if from_kb is not None:
        from kb.store import open_store

        store = open_store(from_kb, backend=spec)
        got = store._collection.get(ids=[d for d, _ in chunks], include=["embeddings"])
        by_id = dict(zip(got["ids"], np.asarray(got["embeddings"], dtype=np.float32), strict=True))
        missing = [d for d, _ in chunks if d not in by_id]
        if missing:
            raise KnowledgeBaseError(
                f"{from_kb}: {len(missing)} chunks missing (e.g. {missing[0]}). "
                "Fix: rebuild it with `contract-review kb build`"
            )
        vectors = np.stack([by_id[d] for d, _ in chunks])
    else:
        from kb.embeddings import get_backend

        vectors = np.asarray(get_backend(spec).embed_passages(texts), dtype=np.float32)
    path = VECTORS_DIR / vectors_file(spec)
    write_vectors(path, texts, vectors)
    return path


def build_question_vectors(spec: str) -> Path:
    """Embed the bundled question index (:mod:`kb.questions`) with ``spec`` into its vectors
    file, so a review never embeds a question. Questions already in the file keep their vector
    (only new or edited ones are embedded); removed ones are dropped."""
    from kb.embeddings import get_backend
    from kb.prebuilt import prebuilt_question_vectors
    from kb.questions import default_questions, embed_questions

    texts = list(dict.fromkeys(q.text for q in default_questions()))
    shipped = prebuilt_question_vectors(spec)
    missing = [t for t in texts if shipped.get(t) is None]
    fresh = iter(embed_questions(get_backend(spec), missing))
    vectors = np.stack([v if (v := shipped.get(t)) is not None else next(fresh) for t in texts])
    path = VECTORS_DIR / question_vectors_file(spec)
    write_vectors(path, texts, vectors)
    return path
