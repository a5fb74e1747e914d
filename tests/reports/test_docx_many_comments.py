"""A contract with more findings than a Word file can sensibly hold: the first are anchored as
comments, and one comment says how many more there are and where to find them."""

from __future__ import annotations

import io

import pytest
from docx import Document

from pipeline import render_docx
from pipeline.render_docx import Comment, build_redline


def test_comments_beyond_the_cap_are_counted_not_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render_docx, "MAX_COMMENTS", 3)
    text = "第一条 甲方支付价款。\n第二条 乙方交付货物。\n第三条 争议提交仲裁。\n"
    comments = [Comment(i * 4, i * 4 + 3, f"finding {i}") for i in range(6)]
    data = build_redline(text, [], comments)
    shown = [c.text for c in Document(io.BytesIO(data)).comments]
    assert len(shown) == 3
    assert "4 more findings are not anchored in this document: see report.json." in shown
    assert [t for t in shown if t.startswith("finding")] == ["finding 0", "finding 1"]
