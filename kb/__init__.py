"""The statute knowledge base: registry, citation parsing, exact lookup, store and retrieval.

Public surface for other packages:
- ``default_catalog().lookup(citation) -> LookupResult`` (exact; implements CitationResolver)
- ``parse_citation(text) -> CitationRef | None``
- ``kb.types`` value types.

``kb`` knows nothing of the pipeline stages; it only shares the data model's EvidenceSource.
"""

from kb.catalog import Article, Catalog, default_catalog
from kb.citations import CitationParser, parse_citation

__all__ = ["Article", "Catalog", "CitationParser", "default_catalog", "parse_citation"]
