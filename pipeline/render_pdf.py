"""``report.pdf``: the HTML report printed to A4 by headless Chromium, for lawyers who file PDFs.

The page is the printable variant of ``report.html`` (every folded section open, the contract
laid out in full). Chromium reads it from a private temporary folder (0700, files 0600) and
prints it there with its background networking, sync and component updates off; the page
itself may fetch nothing (its Content-Security-Policy allows no network), so the contract
text goes nowhere. Without Chromium, :class:`PdfExportError` says so and how to install it:
the review's other outputs do not depend on it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from pipeline.atomic import write_bytes_atomic
from pipeline.errors import PdfExportError
from pipeline.model import ReviewReport
from pipeline.render_html import render_html

CHROMIUM_ENV = "CHROMIUM_BIN"
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT_S = 120.0
_FIX = "install Chromium (Debian: apt-get install chromium; in a checkout: make browser)"


def find_chromium() -> str:
    """$CHROMIUM_BIN when set, else the first Chromium on PATH."""
    named = os.environ.get(CHROMIUM_ENV)
    if named:
        if shutil.which(named) is None:
            raise PdfExportError(
                f"{CHROMIUM_ENV}={named} is not an executable. Fix: point {CHROMIUM_ENV} at "
                f"Chromium, or unset it and {_FIX}"
            )
        return named
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    raise PdfExportError(
        f"no Chromium found (looked for {', '.join(CANDIDATES)} on PATH and ${CHROMIUM_ENV}). "
        f"Fix: {_FIX}, or set {CHROMIUM_ENV}"
    )


def chromium_command(chromium: str, page: Path, pdf: Path, profile: Path) -> list[str]:
    flags = [
        "--headless=new",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--disable-extensions",
        "--no-first-run",
        "--no-default-browser-check",
        f"--user-data-dir={profile}",
        "--no-pdf-header-footer",  # no date, title or file path printed in the margins
        f"--print-to-pdf={pdf}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        flags.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
    return [chromium, *flags, page.as_uri()]


def print_pdf(html: str, chromium: str | None = None, timeout_s: float = TIMEOUT_S) -> bytes:
    """The PDF Chromium prints from ``html`` (A4: the page's own ``@page`` rule)."""
    exe = chromium or find_chromium()
    with tempfile.TemporaryDirectory(prefix="contract-review-pdf-") as folder:
        work = Path(folder)
        page, pdf = work / "report.html", work / "report.pdf"
        write_bytes_atomic(page, html.encode("utf-8"))
        command = chromium_command(exe, page, pdf, work / "profile")
        try:
            done = subprocess.run(command, capture_output=True, timeout=timeout_s, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PdfExportError(f"{exe} could not print report.pdf ({exc}). Fix: {_FIX}") from exc
        data = pdf.read_bytes() if pdf.exists() else b""
        if done.returncode != 0 or not data.startswith(b"%PDF"):
            said = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["nothing"]
            raise PdfExportError(
                f"{exe} exited {done.returncode} without writing report.pdf (it said: "
                f"{said[0][:300]}). Fix: run `{exe} --headless=new --version` to check it works"
            )
        return data


def report_pdf(report: ReviewReport, text: str, chromium: str | None = None) -> bytes:
    """``report.pdf`` for a review: its HTML report, every section open, printed to A4."""
    return print_pdf(render_html(report, text, printable=True), chromium)
