"""OCR that cannot or may not run is a clear error naming the file and the fix, never a review
of empty text: --ocr never on a scan, tesseract missing (PATH, or the wrapper's command
pointing nowhere), a language's data missing. A scanned PDF over --max-pages is refused before
any page is rendered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.config import IntakeLimits, OcrSettings
from pipeline.errors import OcrUnavailableError
from pipeline.stages.intake import read_document
from tests.foundation.refusals import assert_refused_cleanly
from tests.ocr.scans import image_only_pdf, render_pages

runner = CliRunner()
GOLDEN = Path("golden_set/dev/contracts")


@pytest.fixture(scope="module")
def scan(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Page 1 of a golden contract as a picture: no text layer."""
    folder = tmp_path_factory.mktemp("scan")
    first = render_pages(GOLDEN / "zh_17_saas_crm.pdf")[0]
    return image_only_pdf([first], folder / "contract-scan.pdf")


def test_never_refuses_a_scan_and_names_the_fix(scan: Path, tmp_path: Path) -> None:
    assert_refused_cleanly(
        scan,
        tmp_path / "out",
        ["--ocr", "never"],
        15,
        "it looks scanned, and OCR is off (--ocr never)",
        "review it with --ocr auto (the default)",
    )
    assert_refused_cleanly(
        scan, tmp_path / "out", ["--ocr", "never"], 15, "no text layer", "make ocr"
    )


def test_missing_tesseract_is_an_error_naming_the_fix(
    scan: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    assert_refused_cleanly(
        scan,
        tmp_path / "out",
        [],
        15,
        "1 page(s) have no text layer and need OCR, but tesseract (tesseract) is not installed",
        "make ocr (or: apt-get install tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng)",
    )


def test_the_wrapper_pointing_nowhere_is_the_same_error(scan: Path) -> None:
    nowhere = OcrSettings(tesseract_cmd="/nonexistent/bin/tesseract")
    with pytest.raises(OcrUnavailableError, match="is not installed or not on PATH") as caught:
        read_document(scan, IntakeLimits(), nowhere)
    assert caught.value.exit_code == 15 and "make ocr" in caught.value.fix
    assert str(scan) in caught.value.message


@pytest.mark.parametrize(
    ("present", "missing"), [((), "chi_sim+eng"), (("eng",), "chi_sim")], ids=["none", "no-chi"]
)
def test_missing_language_data_is_an_error_naming_the_package(
    scan: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    present: tuple[str, ...],
    missing: str,
) -> None:
    tessdata = tmp_path / "tessdata"
    tessdata.mkdir()
    for lang in present:
        (tessdata / f"{lang}.traineddata").symlink_to(_installed(lang))
    monkeypatch.setenv("TESSDATA_PREFIX", str(tessdata))
    assert_refused_cleanly(
        scan,
        tmp_path / "out",
        [],
        15,
        f"tesseract has no language data for {missing}",
        "tesseract-ocr-chi-sim",
    )


def _installed(lang: str) -> Path:
    found = sorted(Path("/usr/share/tesseract-ocr").glob(f"*/tessdata/{lang}.traineddata"))
    assert found, f"tesseract's {lang} data is not installed: run make ocr"
    return found[0]


def test_a_huge_scan_is_refused_by_max_pages_before_any_ocr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pages = [Image.new("L", (850, 1100), color=200) for _ in range(40)]
    huge = image_only_pdf(pages, tmp_path / "huge-scan.pdf", dpi=100)
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))  # had OCR been tried, this would be exit 15
    assert_refused_cleanly(
        huge,
        tmp_path / "out",
        ["--max-pages", "10"],
        16,
        "40 pages, over the limit of 10",
        "--max-pages",
    )


def test_batch_takes_the_ocr_option(scan: Path, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / scan.name).write_bytes(scan.read_bytes())
    out = tmp_path / "out"
    result = runner.invoke(app, ["batch", str(folder), "--out", str(out), "--ocr", "never"])
    assert result.exit_code == 1, result.output
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    (failed,) = [r for r in summary["results"] if r["status"] == "failed"]
    assert failed["exit_code"] == 15 and "--ocr auto" in failed["error"]


def test_a_bad_ocr_option_is_a_usage_error(scan: Path, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["review", str(scan), "--out", str(tmp_path / "o"), "--ocr", "maybe"]
    )
    assert result.exit_code == 2
    result = runner.invoke(
        app, ["review", str(scan), "--out", str(tmp_path / "o"), "--ocr-min-confidence", "101"]
    )
    assert result.exit_code == 2
