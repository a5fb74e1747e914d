"""Shared test helpers: a zh contract, scripted replies, and a pipeline around a ScriptedLLM."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pipeline.assembly import build_review_pipeline
from pipeline.config import LLMSettings, ReflectionSettings, RunConfig
from pipeline.llm import LLMSession, ScriptedLLM, SessionSettings
from pipeline.runner import PipelineResult

CONTRACT_ZH = (
    "买卖合同\n"
    "甲方：北京瑞丰置业有限公司\n"
    "乙方：李明\n"
    "第一条 货款为人民币100,000元，乙方应于2025年3月1日前支付；甲方应于收款后三日内交付办公桌50张。\n"
    "第二条 违约金为合同总额的50%。\n"
    "第三条 因本合同发生的争议，提交北京仲裁委员会仲裁。\n"
)
PENALTY_QUOTE = "违约金为合同总额的50%"


def risk(citation: str, quote: str = PENALTY_QUOTE, reasoning: str = "约定的违约金过高。") -> str:
    point = {
        "quote": quote,
        "type": "penalty_excessive",
        "severity": "HIGH",
        "reasoning": reasoning,
        "suggested_fix": "将违约金调整为不超过损失的30%。",
        "citations": [citation] if citation else [],
    }
    return json.dumps({"risk_points": [point]}, ensure_ascii=False)


GOOD_DRAFT = risk("民法典第585条")
FABRICATED_DRAFT = risk("民法典第9999条")
EMPTY_DRAFT = json.dumps({"risk_points": []})


def verify(no_errors: bool = True, edits: list[dict[str, Any]] | None = None) -> str:
    return json.dumps(
        {"no_errors_found": no_errors, "confidence": 0.9, "edits": edits or [], "unresolved": []},
        ensure_ascii=False,
    )


VERIFY_OK = verify()


AMOUNT = "人民币100,000元"
AMOUNT_AT = CONTRACT_ZH.index(AMOUNT)


def more_edits(count: int) -> str:
    """A Verifier reply proposing ``count`` edits, each bringing in an amount the contract does
    not hold: the Revise guard rejects every one, so each is a review error."""
    edits = [
        {
            "start": AMOUNT_AT,
            "end": AMOUNT_AT + len(AMOUNT),
            "replace_with": f"人民币{n + 2}00,000元",
            "type": "replace",
            "evidence_source": "contract",
            "confidence": 0.95,
            "reason": "调整货款",
        }
        for n in range(count)
    ]
    reply = {"no_errors_found": False, "confidence": 0.9, "edits": edits, "unresolved": []}
    return json.dumps(reply, ensure_ascii=False)


def write_contract(tmp_path: Path, text: str = CONTRACT_ZH, name: str = "sale.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run_scripted(
    path: Path,
    replies: list[str | BaseException],
    reflection: str = "auto",
    token_budget: int = 60_000,
    none_mode: bool = False,
    block_chars: int = 6000,
    max_rounds: int | None = None,
) -> tuple[PipelineResult, ScriptedLLM, LLMSession]:
    llm = ScriptedLLM(replies)
    reflection_settings: dict[str, Any] = {"mode": reflection}
    if max_rounds is not None:
        reflection_settings["max_rounds"] = max_rounds
    config = RunConfig(
        llm=LLMSettings(spec="none", token_budget=token_budget, block_chars=block_chars),
        reflection=ReflectionSettings.model_validate(reflection_settings),
    )
    session = LLMSession(
        None if none_mode else llm,
        SessionSettings(token_budget=token_budget, backoff_s=0.0),
        sleep=lambda s: None,
    )
    pipeline = build_review_pipeline(config, session)
    result = pipeline.run({"source_path": str(path)})
    return result, llm, session


def fix_fences(monkeypatch: Any, contract: Path) -> None:
    """A 135M model's answer shifts with every prompt; a fence fixed for the test keeps a
    real-inference run reproducible (production draws a fresh random fence per call)."""
    import hashlib

    from pipeline.llm.session import LLMSession

    fence = hashlib.sha256(contract.read_bytes()).hexdigest()[:12]
    monkeypatch.setattr(LLMSession, "new_fence", lambda self: fence)
