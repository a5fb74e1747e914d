"""A PDF's Word files: paragraphs rebuilt from its printed lines (wraps joined, page headers and
footers dropped, clause numbers kept), A4 for a Chinese contract, and the decided deletion a
tracked change on the rebuilt text."""

from __future__ import annotations

import io
from pathlib import Path

import docx
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.config import IntakeLimits
from pipeline.model import Document, Edit, EditType, ReviewReport
from pipeline.redline.files import CLIENT, REVISED, redline_files
from pipeline.redline.paragraphs import rebuild_paragraphs
from pipeline.render_docx import read_tracked
from pipeline.stages.intake import read_document
from pipeline.testing.pdf import render_text_pdf

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HEADER = "设备买卖合同（HT-2025-0418）保密"
FOOTER = "第{page}页 共{pages}页"
EXEMPTION = "乙方对因设备缺陷造成甲方人员人身伤害的，不承担任何赔偿责任。"


def _paragraphs(name: str) -> list[str]:
    """The sample's paragraphs: the lines of the text it was printed from."""
    source = (EXAMPLES / name).read_text("utf-8")
    return [line.strip() for line in source.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def footed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Chinese sample printed with a running header and 第N页 共M页 footers."""
    pdf = tmp_path_factory.mktemp("pdf") / "sale_footed.pdf"
    text = (EXAMPLES / "sale_contract_zh.txt").read_text("utf-8")
    assert render_text_pdf(text, pdf, header=HEADER, footer=FOOTER) == 2
    return pdf


def _read(path: Path) -> Document:
    return read_document(path, IntakeLimits())


def test_headers_and_footers_go_and_wrapped_lines_join_into_the_printed_paragraphs(
    footed: Path,
) -> None:
    document = _read(footed)
    assert document.text.count(HEADER) == 2 and "第2页 共2页" in document.text
    assert "到场\n" in document.text  # a clause the page break cut, footer and header between
    rebuilt = rebuild_paragraphs(document)
    assert rebuilt.text.split("\n") == _paragraphs("sale_contract_zh.txt")
    assert [document.text[a:b] for a, b in rebuilt.dropped] == [
        HEADER, "第1页 共2页", HEADER, "第2页 共2页"
    ]  # fmt: skip
    for char, at in zip(rebuilt.text, rebuilt.origin, strict=True):
        assert char in " \n" or document.text[at] == char  # every word maps back exactly


@pytest.mark.parametrize("name", ["sale_contract_zh", "services_agreement_en"])
def test_the_sample_pdfs_rebuild_to_their_paragraphs(name: str) -> None:
    document = _read(EXAMPLES / f"{name}.pdf")
    assert rebuild_paragraphs(document).text.split("\n") == _paragraphs(f"{name}.txt")


@pytest.mark.parametrize(
    ("name", "size"),
    [("sale_contract_zh", (210.0, 297.0)), ("services_agreement_en", (215.9, 279.4))],
)
def test_a_chinese_contract_is_a4_and_an_english_one_letter(
    name: str, size: tuple[float, ...]
) -> None:
    files = redline_files(_read(EXAMPLES / f"{name}.pdf"), (), ())
    for data in (files.revised, files.comments):
        section = docx.Document(io.BytesIO(data)).sections[0]
        assert (round(section.page_width.mm, 1), round(section.page_height.mm, 1)) == size


def test_an_edit_inside_a_dropped_footer_is_refused_not_lost(footed: Path) -> None:
    document = _read(footed)
    start = document.text.index("第1页 共2页")
    edit = Edit(
        start=start, end=start + 3, replace_with="", type=EditType.DELETE, confidence=1.0,
        reason="test", evidence_source=(),
    )  # fmt: skip
    files = redline_files(document, (), (edit,))
    assert [r.reason for r in files.refused] == [
        "lies in a page header or footer, which is not kept"
    ]
    comments = [c.text for c in docx.Document(io.BytesIO(files.revised)).comments]
    assert comments == ["建议删除 / Proposed deletion: “第1页”"]


def test_a_pdf_review_deletes_the_void_exemption_as_a_tracked_change(
    footed: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["review", str(footed), "--out", str(out), "--llm", "none"])
    assert result.exit_code in (1, 3), result.output
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    rebuilt = rebuild_paragraphs(_read(footed)).text
    tracked = read_tracked((out / REVISED).read_bytes())
    assert tracked.rejected == rebuilt
    assert tracked.deletions == (EXEMPTION,) and tracked.insertions == ()
    assert tracked.accepted == rebuilt.replace(EXEMPTION, "")
    client = docx.Document(io.BytesIO((out / CLIENT).read_bytes()))
    assert len(list(client.comments)) == len(report.findings)
    assert read_tracked((out / CLIENT).read_bytes()).accepted == rebuilt
