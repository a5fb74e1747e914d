"""Accept or reject every tracked change of a .docx in a real, headless LibreOffice.

LibreOffice runs a Basic macro from a private profile made for the test: it opens the file
hidden, dispatches ``.uno:AcceptAllTrackedChanges`` or ``.uno:RejectAllTrackedChanges`` (what
Edit ▸ Track Changes ▸ Accept All / Reject All do), and stores the result as .docx. One soffice
start per input file does both ways. Debian's LibreOffice has no Python UNO bridge
(python3-uno) here; Basic needs nothing more than libreoffice-writer-nogui.

The comments are taken out of the opened copy first: LibreOffice 7.4 headless often aborts
(``terminate called after throwing … NoSuchElementException``) when it accepts or rejects all
changes in a document that holds any comment, ours or one it wrote itself, tracked changes or
none (2026-12-02: 15 of 36 runs failed; none of 19 once the comments were taken out). A comment
holds no text of the document, so what accept and reject give is unchanged; that LibreOffice
opens the files with their comments is checked by :func:`as_text`, which reads them as saved.
The saved files are exported to text by a second start for the same reason.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

_MACRO = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1"
 script:language="StarBasic">
Sub Store(doc As Object, target As String, filter As String, options As String)
  Dim props(1) As New com.sun.star.beans.PropertyValue
  props(0).Name = &quot;FilterName&quot;
  props(0).Value = filter
  props(1).Name = &quot;FilterOptions&quot;
  props(1).Value = options
  doc.storeToURL(ConvertToURL(target), props())
End Sub

Sub Resolve(src As String, prefix As String)
  Dim hidden(0) As New com.sun.star.beans.PropertyValue
  hidden(0).Name = &quot;Hidden&quot;
  hidden(0).Value = True
  helper = createUnoService(&quot;com.sun.star.frame.DispatchHelper&quot;)
  For Each how In Array(&quot;Accept&quot;, &quot;Reject&quot;)
    doc = StarDesktop.loadComponentFromURL(ConvertToURL(src), &quot;_blank&quot;, 0, hidden())
    frame = doc.getCurrentController().getFrame()
    fields = doc.getTextFields().createEnumeration()
    Do While fields.hasMoreElements()
      field = fields.nextElement()
      If field.supportsService(&quot;com.sun.star.text.textfield.Annotation&quot;) Then field.dispose()
    Loop
    helper.executeDispatch(frame, &quot;.uno:&quot; &amp; how &amp; &quot;AllTrackedChanges&quot;, &quot;&quot;, 0, Array())
    Store(doc, prefix &amp; LCase(how) &amp; &quot;.docx&quot;, &quot;MS Word 2007 XML&quot;, &quot;&quot;)
    doc.close(True)
  Next how
End Sub
</script:module>
"""


@dataclass(frozen=True)
class Resolved:
    """A document with all changes accepted and with all rejected, as LibreOffice saved it."""

    accepted: Path
    rejected: Path


def soffice() -> str:
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found is None:
        pytest.fail("LibreOffice not found. Fix: `make browser` installs libreoffice-writer-nogui")
    return found


def _profile(folder: Path) -> Path:
    profile = folder / "lo-profile"
    if not (profile / "user" / "basic" / "Standard").is_dir():
        subprocess.run(
            [soffice(), "--headless", f"-env:UserInstallation={profile.as_uri()}",
             "--terminate_after_init"],
            check=True, capture_output=True, timeout=180,
        )  # fmt: skip
    (profile / "user" / "basic" / "Standard" / "Module1.xba").write_text(_MACRO, "utf-8")
    return profile


def resolve_all(docx: Path, folder: Path) -> Resolved:
    """Accept all and reject all of ``docx``'s tracked changes in LibreOffice."""
    profile = _profile(folder)
    prefix = folder / f"{docx.stem}."
    subprocess.run(
        [soffice(), "--headless", f"-env:UserInstallation={profile.as_uri()}",
         f'macro:///Standard.Module1.Resolve("{docx}","{prefix}")'],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    accepted, rejected = Path(f"{prefix}accept.docx"), Path(f"{prefix}reject.docx")
    missing = [p.name for p in (accepted, rejected) if not p.exists()]
    assert not missing, f"LibreOffice wrote no {missing} for {docx}"
    return Resolved(accepted, rejected)


def as_text(files: list[Path], folder: Path) -> list[str]:
    """Each file exported to UTF-8 text by LibreOffice (one start for all), lines stripped of
    the indentation LibreOffice gives list items; a table cell is a line of its own."""
    out = folder / "txt"
    subprocess.run(
        [soffice(), "--headless", f"-env:UserInstallation={_profile(folder).as_uri()}",
         "--convert-to", "txt:Text (encoded):UTF8", "--outdir", str(out), *map(str, files)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return [
        "\n".join(
            line.strip() for line in (out / f"{f.stem}.txt").read_text("utf-8-sig").splitlines()
        )
        for f in files
    ]
