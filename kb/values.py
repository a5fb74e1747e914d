"""The value types kb, ingest and pipeline share. It imports nothing else in the project.

- :class:`Frozen`, the one base of every data model: a stage never mutates its input, it
  builds a new value with ``model_copy(update=...)``;
- :class:`EvidenceSource`, where a verdict's legal or textual basis lives (the KB makes them,
  findings carry them);
- the error base :class:`ContractReviewError` (an exit code and a message with the fix), and
  the errors kb and ingest raise: the input-file errors (a statute file is an input too) and
  the KB errors. ``pipeline.errors`` re-exports them beside the pipeline's own errors and
  draws the whole hierarchy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class EvidenceSource(Frozen):
    """Where a verdict's legal or textual basis lives.

    A statute from a PDF source carries ``page``; one from a text source carries ``anchor``
    (the article, e.g. ``第五百八十五条`` or ``§ 2``). Common-law bases carry no citation.
    """

    doc_id: str
    law: str
    article: str | None = None
    page: int | None = Field(default=None, ge=1)
    anchor: str | None = None
    quote: str = ""
    basis_kind: Literal["statute", "judicial_interpretation", "common_law", "contract"] = "statute"
    status: Literal["in_force", "repealed", "not_yet_effective", "unknown"] = "in_force"

    @model_validator(mode="after")
    def _check_anchor(self) -> EvidenceSource:
        if self.basis_kind in ("statute", "judicial_interpretation"):
            if self.page is None and self.anchor is None:
                raise ValueError(f"evidence {self.doc_id!r} needs a page or an article anchor")
            if not self.quote:
                raise ValueError(f"evidence {self.doc_id!r} must quote the statute text")
        return self


class ContractReviewError(Exception):
    exit_code = 70

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InputError(ContractReviewError):
    exit_code = 13

    def __init__(self, path: Path | str, problem: str, fix: str) -> None:
        self.path = str(path)
        self.problem = problem
        self.fix = fix
        super().__init__(f"{self.path}: {problem}. Fix: {fix}")


class InputNotFoundError(InputError):
    exit_code = 10


class EmptyInputError(InputError):
    exit_code = 11


class UnsupportedInputError(InputError):
    exit_code = 12


class MalformedInputError(InputError):
    exit_code = 13


class EncryptedPdfError(InputError):
    exit_code = 14


class NoTextLayerError(InputError):
    exit_code = 15


class InputTooLargeError(InputError):
    exit_code = 16


class LawOptionError(ContractReviewError):
    """``kb ingest``'s registry options (``--law-key``, ``--law-name``, ``--status``,
    ``--replaced-by``) cannot register the law: a usage error, as a bad option is."""

    exit_code = 2

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        super().__init__(f"{option}: {message}")


class KnowledgeBaseError(ContractReviewError):
    """The statute KB cannot be loaded, built or queried; the message names the file or URL."""

    exit_code = 30


class KBRegistryError(KnowledgeBaseError):
    exit_code = 31


class KBLockTimeoutError(KnowledgeBaseError):
    exit_code = 32


class KBNotBuiltError(KnowledgeBaseError):
    exit_code = 33


class KBUnreachableError(KnowledgeBaseError):
    """``--kb-url`` was given and the Chroma server does not answer: never a silent fallback."""

    exit_code = 34
