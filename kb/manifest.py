"""The ingestion manifest: what was ingested, when, and from which file hash.

One JSON file per collection in the KB state folder. The store's chunk metadata is the source
of truth for incremental updates; the manifest is the readable record (``kb stats``).
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from kb.values import KnowledgeBaseError


class SourceRecord(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    law_key: str
    file_hash: str
    articles: int
    ingested_at: str
    # what the law gave every article (title, status ...): a law registered anew re-chunks an
    # unchanged file (empty in manifests written before it was recorded: re-chunked once)
    law_digest: str = ""


class Manifest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    collection: str
    backend: str
    updated_at: str = ""
    sources: dict[str, SourceRecord] = {}


def manifest_path(state_dir: Path, collection: str) -> Path:
    return state_dir / f"manifest-{collection}.json"


def read_manifest(state_dir: Path, collection: str, backend: str) -> Manifest:
    """The manifest, or an empty one when none was written; a damaged one is an error."""
    path = manifest_path(state_dir, collection)
    try:
        return Manifest.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        return Manifest(collection=collection, backend=backend)
    except (OSError, ValidationError) as exc:
        problem = exc.strerror if isinstance(exc, OSError) else "not a valid manifest"
        raise KnowledgeBaseError(
            f"{path}: the KB manifest cannot be read ({problem}). Fix: delete it and run "
            "`contract-review kb build` (or your last `kb ingest`) again with the same --kb-path,"
            f" --kb-url and --kb-backend {backend}: it rewrites the manifest from the store "
            "(nothing is re-embedded)"
        ) from exc


def manifest_articles(manifest: Manifest) -> int:
    """How many articles the last complete ingest left in the store."""
    return sum(record.articles for record in manifest.sources.values())


def write_manifest(state_dir: Path, manifest: Manifest) -> None:
    """Write atomically (temp file + rename) so a reader never sees half a manifest."""
    path = manifest_path(state_dir, manifest.collection)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    data: dict[str, Any] = manifest.model_dump()
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
