"""Article-aware chunking: one chunk per article (第X条 / § N / Section N / § 28:2-302).

Each chunk carries a stable doc_id (``<law key>.<article>``), its heading path, a content
hash over everything that is stored for it, and for PDF sources the page it starts on.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace

from ingest.loaders import LoadedSource
from kb.catalog import Article, make_article
from kb.registry import LawEntry
from kb.statute_text import parse_articles
from kb.values import MalformedInputError

Metadata = dict[str, str | int | float | bool]


@dataclass(frozen=True)
class Chunk:
    article: Article
    file_hash: str
    content_hash: str

    @property
    def doc_id(self) -> str:
        return self.article.doc_id

    def metadata(self) -> Metadata:
        a = self.article
        meta: Metadata = {
            "law_key": a.law_key,
            "law_title": a.law_title,
            "article": a.article_id,
            "label": a.label,
            "caption": a.caption,
            "heading_path": " > ".join(a.heading_path),
            "citation": a.citation,
            "source": a.source,
            "jurisdiction": a.jurisdiction,
            "status": a.status,
            "kind": a.kind,
            "file_hash": self.file_hash,
            "content_hash": self.content_hash,
        }
        if a.page is not None:
            meta["page"] = a.page
            meta["page_end"] = a.page_end or a.page
        return meta


def chunk_source(law: LawEntry, loaded: LoadedSource, source_id: str) -> list[Chunk]:
    parsed = parse_articles(loaded.text)
    if not parsed:
        raise MalformedInputError(
            loaded.path,
            "no articles found (expected lines starting 第…条, § N or Section N)",
            "check the file is a statute with numbered articles",
        )
    chunks: list[Chunk] = []
    for item in parsed:
        article = make_article(law, item, source_id)
        if loaded.pages:
            article = replace(
                article,
                page=loaded.page_at(item.start),
                page_end=loaded.page_at(max(item.start, item.end - 1)),
            )
        chunks.append(Chunk(article, loaded.file_hash, _content_hash(article)))
    return chunks


def _content_hash(article: Article) -> str:
    payload = json.dumps(
        [
            article.doc_id,
            article.law_title,
            article.label,
            article.caption,
            article.text,
            list(article.heading_path),
            article.status,
            article.page,
            article.page_end,
        ],
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()
