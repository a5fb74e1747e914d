"""Every error contract-review raises on purpose, with the exit code the CLI maps it to.

Hierarchy::

    ContractReviewError                 base; carries ``exit_code`` and a message with the fix
    ├── InputError                      the input file cannot be reviewed (exit 10-16)
    │   ├── InputNotFoundError          10  no such file
    │   ├── EmptyInputError             11  zero bytes or no text at all
    │   ├── UnsupportedInputError       12  not a PDF, .txt or .md
    │   ├── MalformedInputError         13  truncated/corrupt PDF, undecodable text
    │   ├── EncryptedPdfError           14  needs a password
    │   ├── NoTextLayerError            15  scanned PDF, needs OCR
    │   └── InputTooLargeError          16  over the size, page or character limit
    ├── PipelineBuildError              a stage needs an artifact no earlier stage produces (70)
    ├── StageError                      a stage failed while running; chained from its cause (70)
    └── ReplayError                     a trace cannot be replayed (17)

Messages say what was wrong and how to fix it, and name the file where there is one.
"""

from __future__ import annotations

from pathlib import Path


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


class PipelineBuildError(ContractReviewError):
    exit_code = 70


class StageError(ContractReviewError):
    """A stage raised while running. ``__cause__`` holds the original exception."""

    exit_code = 70

    def __init__(self, stage: str, cause: BaseException) -> None:
        self.stage = stage
        super().__init__(f"stage {stage!r} failed: {type(cause).__name__}: {cause}")


class ReplayError(ContractReviewError):
    exit_code = 17
