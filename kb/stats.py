"""Figures about a store: counts by law, jurisdiction and status, plus the manifest record."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from kb.store import ChunkStore


def store_stats(store: ChunkStore) -> dict[str, Any]:
    chunks = store.all_chunks()
    by_law = Counter(str(c.metadata.get("law_key")) for c in chunks)
    manifest_file = store.location.state_dir / f"manifest-{store.name}.json"
    manifest: dict[str, Any] = {}
    if manifest_file.exists():
        manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
    return {
        "collection": store.name,
        "backend": store.spec,
        "location": store.location.url or str(store.location.path),
        "chunks": len(chunks),
        "laws": len(by_law),
        "by_jurisdiction": dict(Counter(str(c.metadata.get("jurisdiction")) for c in chunks)),
        "by_status": dict(Counter(str(c.metadata.get("status")) for c in chunks)),
        "by_law": dict(by_law.most_common()),
        "pdf_chunks": sum(1 for c in chunks if "page" in c.metadata),
        "sources": len(manifest.get("sources", {})),
        "updated_at": manifest.get("updated_at", ""),
    }
