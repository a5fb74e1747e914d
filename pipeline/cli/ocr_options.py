"""The OCR options `review` and `batch` share."""

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
OcrMinConfidence = Annotated[
    float,
    typer.Option(
        "--ocr-min-confidence",
        min=0,
        max=100,
        help="A page OCR read with a lower mean word confidence (0-100) goes to human review.",
    ),
]
DEFAULT_OCR: OcrMode = OcrSettings().mode
DEFAULT_OCR_MIN_CONFIDENCE = OcrSettings().min_confidence


def ocr_settings(mode: OcrMode, min_confidence: float) -> OcrSettings:
    """The run's OCR settings from the CLI options."""
    return OcrSettings(mode=mode, min_confidence=min_confidence)
