"""All-or-nothing output folders: a review's files are written into a private temporary sibling
folder and swapped in whole, so a reader never sees half of one run beside half of another.

Files are 0600 and folders 0700 (contract text is confidential). A folder holding files that
contract-review did not write is refused before the review runs, because the swap replaces the
whole folder.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from pipeline.atomic import FILE_MODE
from pipeline.errors import OutputWriteError

# Everything a review or a batch item writes into its folder (and nothing else may be there).
OUTPUT_NAMES = frozenset(
    {
        "report.json",
        "report.md",
        "report.html",
        "report.pdf",
        "revised.docx",
        "review-comments.docx",
        "trace.jsonl",
        "human_review.jsonl",
        "result.json",
    }
)
_RENAME_EXCHANGE = 2  # linux/fs.h


def check_out_dir(out: Path, also_allowed: Iterable[str] = ()) -> str | None:
    """Why ``out`` cannot take a review's outputs (with the fix), or None when it can."""
    if out.exists() and not out.is_dir():
        return f"{out} exists and is not a folder. Fix: give a folder path for --out"
    if out.is_dir():
        allowed = OUTPUT_NAMES | set(also_allowed)
        foreign = sorted(
            p.name for p in out.iterdir() if p.name not in allowed and not _ours_tmp(p.name)
        )
        if foreign:
            shown = ", ".join(foreign[:5]) + (" ..." if len(foreign) > 5 else "")
            return (
                f"{out} holds files contract-review did not write ({shown}); the outputs replace "
                "the whole folder. Fix: give a new or empty folder for --out"
            )
    parent = _existing_ancestor(out.absolute().parent)
    if not parent.is_dir():
        return f"{parent} is a file, not a folder. Fix: give an --out path inside a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"{parent} is not writable. Fix: give an --out folder you can write to"
    return None


def write_output_set(out: Path, files: Iterable[tuple[str, bytes]]) -> list[Path]:
    """Write ``files`` (name, content) as the whole content of ``out``; return their paths.

    On any failure the previous content of ``out`` is left as it was and OutputWriteError says
    why.
    """
    parent = out.absolute().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=parent))  # 0700
    except OSError as exc:
        raise OutputWriteError(out, exc) from exc
    try:
        names = []
        for name, data in files:
            _write_private(staging / name, data)
            names.append(name)
        _fsync_dir(staging)
        _swap_in(staging, out)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise OutputWriteError(out, exc) from exc
    return [out / name for name in names]


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _swap_in(staging: Path, out: Path) -> None:
    if not out.exists():
        os.rename(staging, out)
    elif _exchange(staging, out):
        shutil.rmtree(staging, ignore_errors=True)  # now holds the previous set
    else:  # no renameat2: two renames, the old set put back if the second fails
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.absolute().parent))
        os.rmdir(old)
        os.rename(out, old)
        try:
            os.rename(staging, out)
        except OSError:
            os.rename(old, out)
            raise
        shutil.rmtree(old, ignore_errors=True)
    _fsync_dir(out.absolute().parent)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd = -100
    result = renameat2(
        at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), ctypes.c_uint(_RENAME_EXCHANGE)
    )
    if result == 0:
        return True
    errno = ctypes.get_errno()
    if errno in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: this filesystem cannot exchange
        return False
    raise OSError(errno, os.strerror(errno), str(b))


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _ours_tmp(name: str) -> bool:
    return name.startswith(".") and (".new-" in name or ".old-" in name or name.endswith(".tmp"))


def _existing_ancestor(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path
