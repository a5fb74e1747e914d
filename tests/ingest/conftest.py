"""Reuse the KB fixtures (tripwire, stores, Chroma server) for the ingestion tests."""

from tests.kb.conftest import (  # noqa: F401
    chroma_download_tripwire,
    chroma_server,
    full_kb,
    small_kb,
    tiny_kb,
    tiny_kb_template,
)
