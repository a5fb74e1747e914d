"""A Word file that cannot be reviewed is refused with a message naming the file and the fix:
an old binary .doc, a .docx that is not one, a damaged one, one over the limits, an empty one.
The file is never modified and no outputs are written."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from typer.testing import CliRunner

from tests.intake_docx.builder import new_document, save
from tests.intake_docx.conftest import build_zh_sale

runner = CliRunner()
OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def _real(tmp: Path, name: str = "real.docx") -> Path:
    path = tmp / name
    build_zh_sale(path)
    return path


def old_word(tmp: Path) -> Path:
    path = tmp / "采购合同.doc"
    path.write_bytes(OLE2 + bytes(512))  # a Word 97-2003 compound file
    return path


def docx_named_doc(tmp: Path) -> Path:
    path = tmp / "contract.doc"
    path.write_bytes(_real(tmp).read_bytes())
    return path


def ole_named_docx(tmp: Path) -> Path:
    path = tmp / "renamed.docx"
    path.write_bytes(OLE2 + bytes(512))
    return path


def not_a_zip(tmp: Path) -> Path:
    path = tmp / "contract.docx"
    path.write_text("<html>a web page saved as .docx</html>")
    return path


def _rezip(source: Path, path: Path, change: Callable[[str, bytes], bytes | None]) -> Path:
    """Copy the package ``source`` to ``path``, passing each part through ``change`` (None
    drops the part)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(buffer, "w") as new:
        for info in old.infolist():
            data = change(info.filename, old.read(info.filename))
            if data is not None:
                new.writestr(info, data)
    path.write_bytes(buffer.getvalue())
    return path


def no_body(tmp: Path) -> Path:
    return _rezip(
        _real(tmp),
        tmp / "no-body.docx",
        lambda name, data: None if name == "word/document.xml" else data,
    )


def broken_xml(tmp: Path) -> Path:
    return _rezip(
        _real(tmp),
        tmp / "broken.docx",
        lambda name, data: data[: len(data) // 2] if name == "word/document.xml" else data,
    )


def truncated(tmp: Path) -> Path:
    data = _real(tmp).read_bytes()
    path = tmp / "cut.docx"
    path.write_bytes(data[: len(data) // 2])
    return path


def zip_bomb(tmp: Path) -> Path:
    """Small on disk, large unpacked: 300,000 characters of one repeated sentence."""
    doc = new_document()
    for _ in range(3000):
        doc.add_paragraph("甲方应按本合同约定支付价款。" * 7)
    return save(doc, tmp / "bomb.docx")


def only_a_header(tmp: Path) -> Path:
    doc = new_document()
    doc.sections[0].header.paragraphs[0].text = "采购合同（保密）"
    return save(doc, tmp / "header-only.docx")


def alt_chunk_only(tmp: Path) -> Path:
    """A body that is one imported HTML chunk, as some generators write a .docx."""
    doc = new_document()
    html = b"<html><body><p>\xe7\xac\xac\xe4\xb8\x80\xe6\x9d\xa1</p></body></html>"
    chunk = Part(PackURI("/word/chunk1.html"), "text/html", html, doc.part.package)
    rid = doc.part.relate_to(chunk, RT.A_F_CHUNK)
    alt = OxmlElement("w:altChunk")
    alt.set(qn("r:id"), rid)
    doc.element.body.insert(0, alt)
    return save(doc, tmp / "chunk.docx")


# checked with every other refused input in tests/foundation/test_bad_inputs.py
DOCX_REFUSALS: list[tuple[str, Callable[[Path], Path], list[str], int, str, str]] = [
    # id, make file, extra CLI args, exit code, expected problem, expected fix
    ("old_doc", old_word, [], 12, "old binary Word document (.doc", "save it as .docx"),
    ("docx_named_doc", docx_named_doc, [], 12, "is a Word .docx package", "rename it to contract.docx"),
    ("ole_named_docx", ole_named_docx, [], 13, "OLE2 compound file", "save it as .docx"),
    ("not_a_zip", not_a_zip, [], 13, "not a .docx package (not a ZIP", "re-save it"),
    ("no_body", no_body, [], 13, "no word/document.xml", "re-save it"),
    ("broken_xml", broken_xml, [], 13, "is damaged and cannot be read", "re-save it"),
    ("truncated", truncated, [], 13, "not a .docx package", "re-save it"),
    ("zip_bomb", zip_bomb, ["--max-bytes", "200000"], 16, "unpacks to", "--max-bytes"),
    ("too_many_chars", _real, ["--max-chars", "100"], 16, "characters, over the limit of 100", "--max-chars"),
    ("empty_body", only_a_header, [], 11, "no text in its body (its headers and footers", "contract file"),
    ("alt_chunk", alt_chunk_only, [], 11, "embedded HTML/RTF chunk(s) (w:altChunk)", "save it again as .docx"),
]  # fmt: skip


def test_the_zip_bomb_is_small_on_disk(tmp_path: Path) -> None:
    """The bomb case is refused for what it unpacks to, not for its size on disk."""
    path = zip_bomb(tmp_path)
    assert path.stat().st_size < 200_000
    with zipfile.ZipFile(path) as package:
        assert package.getinfo("word/document.xml").file_size > 200_000
