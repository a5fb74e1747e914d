"""A law bundled as an excerpt (建设工程质量管理条例, arts 39-42 of 82): a held article quotes its
text, another real article exists without text, and an article past the count does not."""

from __future__ import annotations

from kb.catalog import default_catalog


def test_held_article_quotes_the_minimum_warranty_periods() -> None:
    result = default_catalog().lookup("建设工程质量管理条例第40条")
    assert result.exists and result.evidence is not None
    assert "为5年" in result.evidence.quote and "合理使用年限" in result.evidence.quote


def test_real_article_outside_the_excerpt_exists_without_text() -> None:
    result = default_catalog().lookup("建设工程质量管理条例第十条")
    assert result.exists and result.evidence is None and "excerpt" in result.message


def test_article_past_the_count_is_fabricated() -> None:
    result = default_catalog().lookup("建设工程质量管理条例第90条")
    assert not result.exists
