"""The in-memory article catalog: exact citation lookup over the bundled corpus.

Built from ``kb/corpus/registry.yaml`` and the statute files it names, parsed by
:mod:`kb.statute_text`. It implements :class:`kb.types.CitationResolver`: a lookup parses the
citation and lands on one article by key, never by similarity. ``default_catalog()`` is cached
per process (the rules engine calls it at rule-load time).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from kb.citations import CitationParser
from kb.numerals import cn_article_label
from kb.registry import CORPUS_DIR, LawEntry, Registry, default_registry
from kb.statute_text import ParsedArticle, parse_articles
from kb.types import CitationRef, LawStatus, LookupResult
from kb.values import EvidenceSource, KBRegistryError


@dataclass(frozen=True)
class Article:
    """One article of one law, as the KB stores it."""

    doc_id: str  # cn.civil-code.585, us.9usc.2, us.dc-ucc.2-302
    law_key: str
    law_title: str
    article_id: str
    label: str  # 第五百八十五条, § 2, § 28:2-302
    caption: str
    text: str
    heading_path: tuple[str, ...]
    source: str  # path relative to the corpus folder, or the ingested file's path
    jurisdiction: str
    status: LawStatus
    kind: str
    page: int | None = None
    page_end: int | None = None

    @property
    def citation(self) -> str:
        """A readable citation: 《中华人民共和国民法典》第五百八十五条, 9 U.S.C. § 2."""
        if self.jurisdiction == "cn":
            inner = self.law_title.replace("《", "〈").replace("》", "〉")
            return f"《{inner}》{self.label}"
        if self.law_key == "us.9usc":
            return f"9 U.S.C. {self.label}"
        if self.law_key.startswith("us.dc-"):
            return f"D.C. Code {self.label}"
        return f"{self.law_title} {self.label}"

    @property
    def indexed_text(self) -> str:
        """What retrieval sees: law, headings, label, caption and body."""
        head = " ".join((self.law_title, *self.heading_path, self.label, self.caption))
        return f"{head}\n{self.text}"

    def evidence(self) -> EvidenceSource:
        anchor = None if self.page is not None else self.label
        return EvidenceSource(
            doc_id=self.doc_id,
            law=self.law_title,
            article=self.label,
            page=self.page,
            anchor=anchor,
            quote=self.text or self.caption,
            basis_kind="judicial_interpretation"
            if self.kind == "judicial_interpretation"
            else "statute",
            status=self.status,
        )


def make_article(law: LawEntry, parsed: ParsedArticle, source: str) -> Article:
    article_id = parsed.article_id
    if law.article_prefix and article_id.startswith(law.article_prefix):
        article_id = article_id[len(law.article_prefix) :]
    return Article(
        doc_id=f"{law.key}.{article_id}",
        law_key=law.key,
        law_title=law.title,
        article_id=article_id,
        label=parsed.label,
        caption=parsed.caption,
        text=parsed.text,
        heading_path=parsed.heading_path,
        source=source,
        jurisdiction=law.jurisdiction,
        status=law.status,
        kind=law.kind,
    )


def article_from_chunk(doc_id: str, text: str, metadata: Mapping[str, Any]) -> Article:
    """An article as a KB store holds it, rebuilt from its chunk (text and metadata as
    ``ingest.chunking`` stores them: the text is :attr:`Article.indexed_text`)."""
    _, _, body = text.partition("\n")
    path = str(metadata.get("heading_path", ""))
    page, page_end = metadata.get("page"), metadata.get("page_end")
    return Article(
        doc_id=doc_id,
        law_key=str(metadata["law_key"]),
        law_title=str(metadata["law_title"]),
        article_id=str(metadata["article"]),
        label=str(metadata["label"]),
        caption=str(metadata.get("caption", "")),
        text=body,
        heading_path=tuple(path.split(" > ")) if path else (),
        source=str(metadata.get("source", "")),
        jurisdiction=str(metadata["jurisdiction"]),
        status=metadata["status"],
        kind=str(metadata.get("kind", "statute")),
        page=int(page) if page is not None else None,
        page_end=int(page_end) if page_end is not None else None,
    )


class Catalog:
    """Every bundled article by doc_id, plus citation lookup.

    ``ingested`` adds the articles of ``ingested_laws``: laws a user registered in a KB folder
    (:mod:`kb.local_laws`), whose text is the KB store's, not a corpus file's.
    """

    def __init__(
        self,
        registry: Registry,
        corpus_dir: Path = CORPUS_DIR,
        ingested: Sequence[Article] = (),
        ingested_laws: frozenset[str] = frozenset(),
    ) -> None:
        self.registry = registry
        self.corpus_dir = corpus_dir
        self.parser = CitationParser(registry)
        self.ingested_laws = ingested_laws
        self._articles: dict[str, Article] = {}
        self._by_law: dict[str, list[Article]] = {}
        started = time.perf_counter()
        for law in registry.laws:
            if law.key in ingested_laws:
                continue  # its sources are the user's files, read into the store at ingest
            for source in law.sources:
                for article in self._load_source(law, source):
                    self._add(article, str(corpus_dir / source))
        for article in ingested:
            self._add(article, f"the KB's articles of {article.law_key}")
        self.load_seconds = time.perf_counter() - started

    def _add(self, article: Article, where: str) -> None:
        if article.doc_id in self._articles:
            raise KBRegistryError(
                f"{where}: {article.label} appears twice in {article.law_key}. "
                "Fix: remove the duplicate article from the source"
            )
        self._articles[article.doc_id] = article
        self._by_law.setdefault(article.law_key, []).append(article)

    def _load_source(self, law: LawEntry, source: str) -> list[Article]:
        path = self.corpus_dir / source
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise KBRegistryError(
                f"{path}: listed under {law.key} in the registry but missing. "
                "Fix: restore the file or remove it from registry.yaml"
            ) from None
        articles = [make_article(law, parsed, source) for parsed in parse_articles(text)]
        if not articles:
            raise KBRegistryError(f"{path}: no articles found. Fix: check the 第…条 / § N lines")
        return articles

    def __len__(self) -> int:
        return len(self._articles)

    def articles(self) -> list[Article]:
        return list(self._articles.values())

    def get(self, doc_id: str) -> Article | None:
        return self._articles.get(doc_id)

    def law_articles(self, law_key: str) -> list[Article]:
        return list(self._by_law.get(law_key, ()))

    def resolve(self, citation: str) -> str | None:
        """The doc_id a citation names, or None (unparseable, unknown or non-existent)."""
        result = self.lookup(citation)
        return result.evidence.doc_id if result.evidence else None

    def lookup(self, citation: str) -> LookupResult:
        found = self.parser.parse_found(citation)
        if found is None:
            return LookupResult(
                citation=citation,
                parsed=None,
                exists=False,
                message=self.parser.explain(citation)
                or "not a citation of a law in the KB registry; cite e.g. 民法典第585条, "
                "合同编通则解释第65条, 9 U.S.C. § 2 or UCC § 2-302",
            )
        law = self.registry.get(found.ref.law_key)
        if found.version is not None and law and found.version != law.version_date.year:
            # 公司法（2018修正）第54条: the KB holds another version, whose article 54 may differ
            return LookupResult(
                citation=citation,
                parsed=found.ref,
                exists=False,
                status=law.status,
                message=f"the KB holds 《{law.title}》 as of {law.version_date}, not the "
                f"{found.version} version cited; cite it without the version to use the "
                f"{law.version_date.year} text",
            )
        return self.lookup_ref(found.ref, citation)

    def lookup_ref(self, ref: CitationRef, citation: str | None = None) -> LookupResult:
        citation = citation if citation is not None else ref.raw
        law = self.registry.get(ref.law_key)
        if law is None:
            return LookupResult(
                citation=citation, parsed=ref, exists=False, message=f"unknown law {ref.law_key}"
            )
        successor = self.registry.get(law.replaced_by) if law.replaced_by else None
        replaced_by = successor.title if successor else None

        def verdict(
            exists: bool, message: str, evidence: EvidenceSource | None = None
        ) -> LookupResult:
            return LookupResult(
                citation=citation,
                parsed=ref,
                exists=exists,
                status=law.status,
                replaced_by=replaced_by,
                evidence=evidence,
                message=message,
            )

        article = self._articles.get(f"{law.key}.{ref.article}")
        if article is None and law.key in self.ingested_laws and not self._by_law.get(law.key):
            return LookupResult(
                citation=citation, parsed=ref, exists=False, status=law.status, held=False,
                message=f"《{law.title}》 ({law.key}) was added to this KB folder by `kb ingest`, "
                "but the store searched holds none of its articles (another --kb-backend?), so "
                "nothing here can say whether the article exists",
            )  # fmt: skip
        if article is not None:
            message = f"{article.citation}" + (
                f"; repealed, replaced by 《{replaced_by}》" if replaced_by else ""
            )
            return verdict(True, message, article.evidence())

        if not law.sources:  # a repealed law with no bundled text: check the range only
            exists = law.article_count is not None and _in_range(ref.article, law.article_count)
            message = f"《{law.title}》 is {law.status.replace('_', ' ')}"
            if replaced_by:
                message += (
                    f" since {law.repealed_date}, replaced by 《{replaced_by}》 ({law.replaced_by})"
                )
            if not exists:
                message += f"; it had {law.article_count} articles, so {ref.raw} does not exist"
            return verdict(exists, message)
        if law.article_count is not None and _in_range(ref.article, law.article_count):
            # an excerpt: the article exists (the registry's count says so) but its text is
            # not bundled, so nothing can be said about what it supports
            return verdict(
                True,
                f"《{law.title}》 {_label_for(law, ref.article)} exists (the law has "
                f"{law.article_count} articles) but the KB holds only an excerpt without it",
            )
        known = self._by_law.get(law.key, [])
        span = f"{known[0].label}–{known[-1].label}" if known else "no articles"
        parts = sorted({a.article_id.split("-")[0] for a in known if "-" in a.article_id})
        if parts and ref.article.split("-")[0] not in parts:
            return LookupResult(
                citation=citation, parsed=ref, exists=False, status=law.status, held=False,
                message=f"the KB holds 《{law.title}》 only in part (Articles {', '.join(parts)}); "
                f"{_label_for(law, ref.article)} lies outside it, so nothing here can say "
                "whether it exists",
            )  # fmt: skip
        return verdict(
            False,
            f"《{law.title}》 has {len(known)} articles ({span}); "
            f"{_label_for(law, ref.article)} does not exist",
        )


def _in_range(article: str, count: int) -> bool:
    head = article.split("-")[0]
    return head.isdigit() and 1 <= int(head) <= count


def _label_for(law: LawEntry, article: str) -> str:
    if law.jurisdiction == "cn" and article.isdigit() and 0 < int(article) < 10000:
        return cn_article_label(int(article))
    if law.jurisdiction == "cn":
        return f"第{article}条"
    return f"§ {law.article_prefix}{article}"


@cache
def default_catalog() -> Catalog:
    """The catalog of the bundled corpus, built once per process."""
    return Catalog(default_registry())
