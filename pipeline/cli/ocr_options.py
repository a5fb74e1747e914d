"""The OCR option `review` and `batch` share."""

from __future__ import annotations

from typing import Annotated

import typer

from pipeline.config import OcrMode, OcrSettings

Ocr = Annotated[
    OcrMode,
    typer.Option(
        "--ocr",
        help="Scanned PDF pages: auto reads the pages without a text layer with tesseract "
        "(chi_sim+eng), force reads every page, never refuses a scanned PDF (exit 15). "
        "Tesseract: make ocr.",
    ),
]
DEFAULT_OCR: OcrMode = OcrSettings().mode
