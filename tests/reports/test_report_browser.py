"""The two sample contracts reviewed end to end (``review --pdf``), their reports opened in a
real headless Chromium: clicking a finding scrolls the contract to its span and highlights
every span of it; screenshots of both reports land in ``test-artifacts/``; report.pdf is an A4
PDF holding the report and the contract's text."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.model import ReviewReport

REPO = Path(__file__).resolve().parents[2]
SAMPLES = {"zh": "sale_contract_zh", "en": "services_agreement_en"}
runner = CliRunner()

# where a box lies: in the window's viewport and inside the contract pane's visible box
IN_VIEW = """
const el = arguments[0], pane = document.getElementById("contract");
const r = el.getBoundingClientRect(), p = pane.getBoundingClientRect();
const x = r.left + Math.min(r.width / 2, 4), y = r.top + r.height / 2;
const top = document.elementFromPoint(x, y);
return {
  window: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth,
  pane: r.top >= p.top && r.bottom <= p.bottom,
  onTop: top === el || el.contains(top),
};
"""


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folders: dict[str, Path] = {}
    for lang, name in SAMPLES.items():
        out = tmp_path_factory.mktemp(name) / "out"
        source = REPO / "examples" / f"{name}.pdf"
        result = runner.invoke(
            app, ["review", str(source), "--llm", "none", "--pdf", "--out", str(out)]
        )
        assert result.exit_code in (1, 3), result.output
        assert "report.pdf not written" not in result.output
        folders[lang] = out
    return folders


def _report(out: Path) -> ReviewReport:
    return ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))


def _in_view(browser: WebDriver, element: WebElement) -> dict[str, bool]:
    result: dict[str, Any] = browser.execute_script(IN_VIEW, element)
    return {k: bool(v) for k, v in result.items()}


def _marks(browser: WebDriver, index: int) -> list[WebElement]:
    own = browser.find_elements(By.CSS_SELECTOR, f'#contract mark[data-findings~="{index}"]')
    related = browser.find_elements(By.CSS_SELECTOR, f'#contract mark[data-related~="{index}"]')
    return own + related


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_clicking_a_finding_scrolls_to_its_span_and_highlights_every_span(
    lang: str, reviewed: dict[str, Path], browser: WebDriver, artifacts_dir: Path
) -> None:
    out = reviewed[lang]
    report = _report(out)
    # the arbitration-or-court conflict: its own clause and the other one, far down the text
    (index,) = [i for i, f in enumerate(report.findings) if f.type == "dispute_resolution_conflict"]
    finding = report.findings[index]
    assert len(finding.related_spans) == 1
    browser.set_window_size(1400, 1000)
    browser.get((out / "report.html").as_uri())
    assert browser.execute_script("return document.documentElement.lang") == (
        "zh-Hans" if lang == "zh" else "en"
    )
    marks = _marks(browser, index)
    texts = {m.text for m in marks}
    assert report.findings[index].quote.replace("\n", "") in {t.replace("\n", "") for t in texts}
    own = marks[0]
    assert not _in_view(browser, own)["window"]  # below the fold before the click
    assert not any("active" in (m.get_attribute("class") or "") for m in marks)

    browser.find_element(By.CSS_SELECTOR, f'.finding-link[data-finding="{index}"]').click()

    seen = _in_view(browser, own)
    assert seen == {"window": True, "pane": True, "onTop": True}, seen
    for mark in marks:  # the span and its related span, each highlighted
        assert "active" in (mark.get_attribute("class") or "").split(), mark.text
    active = browser.find_elements(By.CSS_SELECTOR, "#contract mark.active")
    assert {m.id for m in active} == {m.id for m in marks}  # and nothing else
    card = browser.find_element(By.ID, f"finding-{index}")
    assert "current" in (card.get_attribute("class") or "").split()
    highlighted = browser.execute_script("return getComputedStyle(arguments[0]).outlineStyle", own)
    assert highlighted == "solid"

    shot = artifacts_dir / f"report_{lang}.png"
    browser.save_screenshot(str(shot))
    assert shot.stat().st_size > 20_000
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(1400, min(int(height) + 40, 6000))
    full = artifacts_dir / f"report_{lang}_full.png"
    browser.save_screenshot(str(full))
    browser.set_window_size(1400, 1000)
    assert full.stat().st_size > shot.stat().st_size


def test_clicking_a_mark_brings_its_finding_forward(
    reviewed: dict[str, Path], browser: WebDriver
) -> None:
    report = _report(reviewed["zh"])
    (index,) = [i for i, f in enumerate(report.findings) if f.type == "invalid_exemption"]
    browser.set_window_size(1400, 1000)
    browser.get((reviewed["zh"] / "report.html").as_uri())
    mark = browser.find_element(By.CSS_SELECTOR, f'#contract mark[data-findings~="{index}"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", mark)
    mark.click()
    card = browser.find_element(By.ID, f"finding-{index}")
    assert "current" in (card.get_attribute("class") or "").split()
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", card)
    assert 0 <= top < browser.execute_script("return window.innerHeight")


def _pdf_text(path: Path) -> tuple[PdfReader, str]:
    reader = PdfReader(path)
    return reader, "".join("".join((page.extract_text() or "").split()) for page in reader.pages)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "zh",
            [
                "上海恒远精密机械有限公司",
                "违约金过高",
                "第6.3条",
                "6.4乙方对因设备缺陷造成甲方人员人身伤害的",
            ],
        ),
        (
            "en",
            [
                "NorthwindAnalytics,Inc.",
                "Liquidateddamagesmaybeapenalty",
                "Clause8.1",
                "KingCounty",
            ],
        ),
    ],
)
def test_report_pdf_is_an_a4_pdf_of_the_report_and_the_contract(
    lang: str, words: list[str], reviewed: dict[str, Path]
) -> None:
    pdf = reviewed[lang] / "report.pdf"
    assert stat.S_IMODE(pdf.stat().st_mode) == 0o600
    assert pdf.read_bytes().startswith(b"%PDF-")
    reader, text = _pdf_text(pdf)
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert abs(width - 595.3) < 2 and abs(height - 841.9) < 2  # A4 in points
    for word in words:
        assert word in text, word
    sha = _report(reviewed[lang]).document.sha256
    assert sha in text  # run details are printed open, at the end
    assert text.index(sha) > text.index(words[1])


def test_review_goes_on_without_chromium_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "contract.txt"
    source.write_text(
        "第一条 甲方应于2025年1月1日前支付定金人民币壹万元整（¥10,000.00）。\n", "utf-8"
    )
    monkeypatch.setenv("CHROMIUM_BIN", str(tmp_path / "no-such-chromium"))
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["review", str(source), "--llm", "none", "--pdf", "--out", str(out)]
    )
    assert result.exit_code in (0, 1), result.output
    said = " ".join(result.output.split())
    assert "report.pdf not written" in said and "no-such-chromium is not an executable" in said
    assert "apt-get install chromium" in said
    names = {p.name for p in out.iterdir()}
    assert "report.pdf" not in names and {"report.json", "report.html", "report.md"} <= names


def test_no_pdf_unless_asked(tmp_path: Path) -> None:
    source = tmp_path / "contract.txt"
    source.write_text("1. The Buyer shall pay USD 1,000 within 30 days.\n", "utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, ["review", str(source), "--llm", "none", "--out", str(out)])
    assert result.exit_code in (0, 1), result.output
    assert not (out / "report.pdf").exists() and (out / "report.html").exists()
