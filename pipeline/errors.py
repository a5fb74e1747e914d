"""Every error contract-review raises on purpose, with the exit code the CLI maps it to.

Hierarchy (``*``: defined in :mod:`kb.values`, so kb and ingest raise them without importing
the pipeline; this module re-exports them)::

    ContractReviewError*                base; carries ``exit_code`` and a message with the fix
    ├── InputError*                     the input file cannot be reviewed (exit 10-16)
    │   ├── InputNotFoundError*         10  no such file
    │   ├── EmptyInputError*            11  zero bytes or no text at all
    │   ├── UnsupportedInputError*      12  not a PDF, .txt or .md
    │   ├── MalformedInputError*        13  truncated/corrupt PDF, undecodable text
    │   ├── EncryptedPdfError*          14  needs a password
    │   ├── NoTextLayerError*           15  scanned PDF: --ocr never, or OCR read almost nothing
    │   │   └── OcrUnavailableError     15  tesseract or its language data missing, or it failed
    │   └── InputTooLargeError*         16  over the size, page or character limit
    ├── PipelineBuildError              a stage needs an artifact no earlier stage produces (70)
    ├── StageError                      a stage failed while running; chained from its cause (70)
    ├── ReplayError                     a trace cannot be replayed (17)
    ├── LawOptionError*                 2   kb ingest's --law-key/--law-name/--status/--replaced-by
    │                                       cannot register the law (a bundled key, no successor)
    └── KnowledgeBaseError*             the statute KB cannot be used (30-34)
        ├── KBRegistryError*            31  kb/corpus/registry.yaml or a corpus file is invalid
        ├── KBLockTimeoutError*         32  another ingestion holds the KB lock too long
        ├── KBNotBuiltError*            33  the KB folder/collection does not exist yet
        └── KBUnreachableError*         34  an explicitly given --kb-url does not answer
    (RuleLoadError                      40  a rules/*.yaml file or its legal basis is invalid)
    (  PlaybookLoadError                41  a --playbook YAML file is invalid)
    (SideResolutionError                42  --side names a role the contract gives no party)
    (OutputWriteError                   50  the outputs cannot be written; the previous set stays)
    (PdfExportError                     51  report.pdf cannot be printed; never ends a review)
    (LLMError                           18-21  an LLM backend problem:
        LLMConfigError 18 bad --llm spec or missing GGUF; LLMUnavailableError 19 no answer
        after retries; LLMReplyError 20 reply invalid after the re-asks; LLMBudgetExceededError
        21 token budget used up; LLMContextOverflowError 22 a prompt that does not fit the
        context window (--llm-ctx). In a review these degrade the run to none mode instead.)

Messages say what was wrong and how to fix it, and name the file where there is one.
"""

from __future__ import annotations

from pathlib import Path

# The errors kb and ingest raise live in kb.values, which imports nothing of the pipeline.
from kb.values import (
    ContractReviewError,
    EmptyInputError,
    EncryptedPdfError,
    InputError,
    InputNotFoundError,
    InputTooLargeError,
    KBLockTimeoutError,
    KBNotBuiltError,
    KBRegistryError,
    KBUnreachableError,
    KnowledgeBaseError,
    LawOptionError,
    MalformedInputError,
    NoTextLayerError,
    UnsupportedInputError,
)

__all__ = [
    "ContractReviewError",
    "EmptyInputError",
    "EncryptedPdfError",
    "InputError",
    "InputNotFoundError",
    "InputTooLargeError",
    "KBLockTimeoutError",
    "KBNotBuiltError",
    "KBRegistryError",
    "KBUnreachableError",
    "KnowledgeBaseError",
    "LLMBudgetExceededError",
    "LLMConfigError",
    "LLMError",
    "LLMReplyError",
    "LLMUnavailableError",
    "LawOptionError",
    "MalformedInputError",
    "NoTextLayerError",
    "OcrUnavailableError",
    "OutputWriteError",
    "PdfExportError",
    "PipelineBuildError",
    "PlaybookLoadError",
    "ReplayError",
    "RuleLoadError",
    "SideResolutionError",
    "StageError",
    "UnsupportedInputError",
    "underlying",
]


class OcrUnavailableError(NoTextLayerError):
    """A PDF page needs OCR and tesseract cannot read it: the program or a language's data is
    missing, or it failed. Never an empty text: the message names the make target and the
    Debian packages."""

    exit_code = 15


class PipelineBuildError(ContractReviewError):
    exit_code = 70


class StageError(ContractReviewError):
    """A stage raised while running. ``__cause__`` holds the original exception."""

    exit_code = 70

    def __init__(self, stage: str, cause: BaseException) -> None:
        self.stage = stage
        super().__init__(f"stage {stage!r} failed: {type(cause).__name__}: {cause}")


def underlying(exc: ContractReviewError) -> ContractReviewError:
    """The error to show: a stage that failed on one of ours (a bad input, a KB it could not
    read) is reported as that error, whose message names the file and the fix."""
    cause = exc.__cause__ if isinstance(exc, StageError) else None
    return cause if isinstance(cause, ContractReviewError) else exc


class ReplayError(ContractReviewError):
    exit_code = 17


class LLMError(ContractReviewError):
    exit_code = 18


class LLMConfigError(LLMError):
    exit_code = 18


class LLMUnavailableError(LLMError):
    exit_code = 19


class LLMReplyError(LLMError):
    """The reply did not validate after the allowed re-asks; carries the evidence."""

    exit_code = 20

    def __init__(self, stage: str, attempts: int, raw_reply: str, problem: str) -> None:
        self.stage = stage
        self.attempts = attempts
        self.raw_reply = raw_reply
        self.problem = problem
        super().__init__(
            f"stage {stage!r}: the LLM reply failed validation {attempts} time(s): {problem}. "
            "Fix: use a model that follows JSON schemas (e.g. qwen2.5 via Ollama); if the "
            "reply was not JSON or not Ollama's reply shape, check the server at --llm-url"
        )


class LLMBudgetExceededError(LLMError):
    exit_code = 21


class LLMContextOverflowError(LLMError):
    """A prompt and its reply do not fit the context window (``--llm-ctx``). The prompt is
    not sent: a server would cut it silently and the model would review part of the text."""

    exit_code = 22


class RuleLoadError(ContractReviewError):
    """A ``rules/*.yaml`` file is invalid; the message names the file, the rule and the field."""

    exit_code = 40

    def __init__(self, path: Path | str, location: str, problem: str) -> None:
        self.path = str(path)
        self.location = location
        super().__init__(
            f"{self.path}: {location}: {problem}" if location else f"{path}: {problem}"
        )


class PlaybookLoadError(RuleLoadError):
    """A ``--playbook`` YAML file is invalid; the message names the file and the field."""

    exit_code = 41


class SideResolutionError(ContractReviewError):
    """``--side`` names a role (buyer, employee, ...) this contract does not give a party."""

    exit_code = 42

    def __init__(self, source: str, side: str, problem: str) -> None:
        self.source = source
        self.side = side
        super().__init__(
            f"{source}: --side {side}: {problem}. Fix: use --side 甲方/乙方 (party_a/party_b) "
            "or neutral, or a role the contract names"
        )


class OutputWriteError(ContractReviewError):
    """The output set could not be written; the previous outputs in the folder are untouched."""

    exit_code = 50

    def __init__(self, out: Path | str, cause: OSError) -> None:
        self.path = str(out)
        reason = cause.strerror or str(cause)
        super().__init__(
            f"{out}: cannot write the outputs ({reason}); the previous outputs there are "
            "untouched. Fix: free disk space or give an --out folder you can write to"
        )


class PdfExportError(ContractReviewError):
    """report.pdf cannot be printed: no Chromium, or it failed. Never ends a review: the other
    outputs are written and the CLI says why the PDF is missing."""

    exit_code = 51
