"""The Python API (pipeline/api.py): ``from pipeline import review, ReviewOptions, Report``."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import pipeline
from pipeline import (
    ContractReviewError,
    InputError,
    LLMSettings,
    Report,
    ReviewOptions,
    RulesSettings,
    review,
)
from pipeline.errors import EmptyInputError, InputNotFoundError, UnsupportedInputError
from pipeline.model import ReviewReport

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "examples" / "sale_contract_zh.txt"
NO_LLM = ReviewOptions(llm=LLMSettings(spec="none"))


def _findings(report: Report) -> set[tuple[str, int, int, str]]:
    return {(f.type, f.span.start, f.span.end, f.quote) for f in report.findings}


@pytest.fixture(scope="module")
def path_report() -> Report:
    return review(SAMPLE, options=NO_LLM)


def test_report_is_the_model_of_report_json(path_report: Report) -> None:
    assert Report is ReviewReport and ReviewOptions is pipeline.config.RunConfig
    assert ("deposit_excessive", "¥360,000.00") in {(f.type, f.quote) for f in path_report.findings}
    assert all(f.evidence_source for f in path_report.findings)
    assert path_report.document.source_path == str(SAMPLE)
    assert ReviewReport.model_validate_json(path_report.model_dump_json()) == path_report


def test_bytes_review_as_the_file_does_and_leave_nothing_behind(
    path_report: Report, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))  # where the bytes are written
    report = review(SAMPLE.read_bytes(), filename="uploads/合同.txt", options=NO_LLM)
    assert _findings(report) == _findings(path_report)
    assert report.document.sha256 == path_report.document.sha256
    assert report.document.source_path == "uploads/合同.txt"  # the caller's name, not a temp path
    assert list(scratch.iterdir()) == []


def test_options_reach_the_run(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "house.yaml").write_text(
        "rules:\n  - id: house.delivery\n    language: zh\n    jurisdiction: cn\n"
        "    type: house_delivery\n    severity: LOW\n    check: sentence_pattern\n"
        '    params: {all_of: ["运抵甲方"]}\n    basis:\n      - citation: 民法典第510条\n'
        '    message: "{sentence}"\n',
        "utf-8",
    )
    options = NO_LLM.model_copy(update={"rules": RulesSettings(dirs=(str(folder),), bundled=False)})
    assert {f.type for f in review(SAMPLE, options=options).findings} == {"house_delivery"}


@pytest.mark.parametrize(
    ("data", "filename", "error", "problem"),
    [
        (b"", "empty.txt", EmptyInputError, "empty.txt: the file is empty (0 bytes)"),
        (b"%PDF-1.7", "contract.rtf", UnsupportedInputError, "contract.rtf: files of type '.rtf'"),
    ],
)
def test_bad_bytes_raise_the_input_error_naming_the_callers_file(
    data: bytes, filename: str, error: type[InputError], problem: str
) -> None:
    with pytest.raises(error) as info:
        review(data, filename=filename, options=NO_LLM)
    assert info.value.message.startswith(problem)
    assert "Fix: " in info.value.message and isinstance(info.value, ContractReviewError)


def test_a_missing_file_raises_input_not_found(tmp_path: Path) -> None:
    with pytest.raises(InputNotFoundError, match=r"no-such\.pdf: no such file"):
        review(tmp_path / "no-such.pdf", options=NO_LLM)


def test_wrong_arguments_say_what_to_pass() -> None:
    with pytest.raises(ValueError, match="needs filename="):
        review(b"text")
    with pytest.raises(TypeError, match=r"filename='contract\.txt'"):
        review("第一条 ...")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a path already names its file"):
        review(SAMPLE, filename="other.txt")


def test_every_exported_name_resolves() -> None:
    for name in pipeline.__all__:
        assert getattr(pipeline, name) is not None
    with pytest.raises(AttributeError):
        _ = pipeline.no_such_name  # type: ignore[attr-defined]


def test_importing_the_api_loads_nothing_heavy() -> None:
    probe = (
        "import sys; from pipeline import review, ReviewOptions, Report, review_batch, build_kb;"
        "print(sorted(m for m in ('torch', 'spacy', 'chromadb', 'numpy', 'sentence_transformers',"
        " 'pipeline.reviewing') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_packages_ship_py_typed() -> None:
    for package in ("pipeline", "kb", "ingest"):
        assert (REPO / package / "py.typed").is_file()
