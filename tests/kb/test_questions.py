"""The question index: its data resolve to real articles, and its keys rank their article."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from kb.catalog import default_catalog
from kb.questions import Question, QuestionIndex, default_questions, load_questions
from kb.values import KnowledgeBaseError


def test_every_bundled_question_resolves_to_an_article_the_kb_holds() -> None:
    questions = default_questions()  # load_questions raises on any article the KB lacks
    assert len(questions) >= 3000
    per_article = Counter(q.doc_id for q in questions)
    assert len(per_article) >= 900
    assert max(per_article.values()) <= 8  # 3-5 from the first round, 2 more from the second
    keys = Counter((q.text, q.doc_id) for q in questions)
    assert [k for k, n in keys.items() if n > 1] == []


def _longest_shared_run(question: str, article: str) -> int:
    best = 0
    for start in range(len(question)):
        for end in range(start + best + 1, len(question) + 1):
            if question[start:end] in article:
                best = end - start
            else:
                break
    return best


def test_chinese_questions_do_not_copy_their_article() -> None:
    # Everyday wording is the point: a key that copies the statute adds nothing to BM25.
    catalog = default_catalog()
    copied = []
    for q in default_questions():
        if q.lang != "zh":
            continue
        article = catalog.get(q.doc_id)
        assert article is not None
        run = _longest_shared_run(re.sub(r"\s", "", q.text), article.text)
        if run > 9:
            copied.append((q.doc_id, q.text, run))
    assert copied == []


def _write(path: Path, rows: list[dict[str, str]]) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    return path


GOOD = {"article": "民法典第586条", "lang": "zh", "style": "fact", "question": "定金交多了怎么办"}


def test_a_bad_line_names_its_file_and_line(tmp_path: Path) -> None:
    _write(tmp_path / "a.jsonl", [GOOD, {**GOOD, "article": "民法典第1438条"}])
    with pytest.raises(KnowledgeBaseError, match=r"a\.jsonl:2: '民法典第1438条' is not an article"):
        load_questions(tmp_path)
    _write(tmp_path / "a.jsonl", [GOOD, {**GOOD, "style": "poem"}])
    with pytest.raises(KnowledgeBaseError, match=r"a\.jsonl:2: style must be one of"):
        load_questions(tmp_path)
    (tmp_path / "a.jsonl").write_text("{not json", encoding="utf-8")
    with pytest.raises(KnowledgeBaseError, match=r"a\.jsonl:1: not JSON"):
        load_questions(tmp_path)
    _write(tmp_path / "a.jsonl", [{**GOOD, "extra": "x"}])
    with pytest.raises(KnowledgeBaseError, match="exactly the fields"):
        load_questions(tmp_path)


def test_citations_resolve_to_doc_ids(tmp_path: Path) -> None:
    us = {"article": "D.C. Code § 28:2-302", "lang": "en", "style": "plain", "question": "x"}
    _write(tmp_path / "q.jsonl", [GOOD, us])
    assert [q.doc_id for q in load_questions(tmp_path)] == ["cn.civil-code.586", "us.dc-ucc.2-302"]


class AxisBackend:
    """Each text embeds onto an axis picked by a keyword: a dense index with known answers."""

    name = "axes"
    dim = 3
    words = ("定金", "房东", "工资")

    def _vector(self, text: str) -> np.ndarray:
        return np.array([1.0 if w in text else 0.0 for w in self.words]) + 0.01

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text)


QUESTIONS = [
    Question("cn.civil-code.586", "zh", "fact", "我交了两万块定金，卖家说不卖了"),
    Question("cn.civil-code.587", "zh", "plain", "定金罚则怎么算"),
    Question("cn.civil-code.725", "zh", "fact", "房东把房子卖给别人了，我还能继续住吗"),
    Question("cn.labor-contract-law.30", "zh", "plain", "老板拖欠工资怎么办"),
    Question("cn.labor-contract-law.30", "zh", "fact", "公司三个月没发工资了"),
]


def test_an_article_scores_its_best_question_and_appears_once() -> None:
    index = QuestionIndex(QUESTIONS, AxisBackend())
    lexical = index.bm25("公司一直不发工资", 5, lambda _d: True)
    assert lexical.articles[0][0] == "cn.labor-contract-law.30"
    assert [d for d, _ in lexical.articles].count("cn.labor-contract-law.30") == 1
    # the neighbours keep one entry per question: both 工资 questions vote for their law
    assert lexical.neighbours[:2] == ["cn.labor-contract-law.30"] * 2
    dense = index.dense(AxisBackend().embed_query("房东要卖房"), 5, lambda _d: True)
    assert dense.articles[0][0] == "cn.civil-code.725"
    assert len(dense.articles) == len({d for d, _ in dense.articles}) == 4
    assert len(dense.neighbours) == 5


def test_accepts_filters_articles_out() -> None:
    index = QuestionIndex(QUESTIONS, AxisBackend())
    hits = index.bm25("公司一直不发工资", 5, lambda d: not d.startswith("cn.labor"))
    assert all(not d.startswith("cn.labor") for d, _ in hits.articles)
    assert all(not d.startswith("cn.labor") for d in hits.neighbours)
    assert index.covers("cn.civil-code.586") and not index.covers("cn.civil-code.585")


def test_the_centre_of_an_articles_questions_matches_a_query_that_mixes_them() -> None:
    # a's two questions each tell half of the story; b's one question tells it with a third topic
    questions = [
        Question("a", "zh", "fact", "交了定金"),
        Question("a", "zh", "fact", "房东要卖房"),
        Question("b", "zh", "fact", "定金 房东 工资"),
    ]
    index = QuestionIndex(questions, AxisBackend())
    query = AxisBackend().embed_query("定金 房东")
    assert index.dense(query, 2, lambda _d: True).articles[0][0] == "b"
    centred = index.centroid(query, 2, lambda _d: True)
    assert [d for d, _ in centred] == ["a", "b"]
    assert centred[0][1] == pytest.approx(1.0, abs=0.02)
    assert [d for d, _ in index.centroid(query, 2, lambda d: d != "a")] == ["b"]
