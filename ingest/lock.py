"""An exclusive file lock around ingestion, so two ingestions cannot interleave.

``fcntl.flock`` is released by the kernel if the holder dies, so a crash never leaves a stale
lock behind. It serialises processes on one machine; in server mode every ingesting machine
should point ``--kb-path`` at shared storage or ingest from one place.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.store import LOCK_FILE, is_permission_error, read_only_error
from kb.values import KBLockTimeoutError


@contextmanager
def ingest_lock(state_dir: Path, timeout: float = 600.0) -> Iterator[float]:
    """Hold ``state_dir/ingest.lock``; yields the seconds spent waiting for it."""
    path = state_dir / LOCK_FILE
    started = time.monotonic()
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a+")  # noqa: SIM115 (closed by the with below)
    except OSError as exc:
        if is_permission_error(exc):
            raise read_only_error(state_dir, exc) from exc
        raise
    with handle:
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() - started > timeout:
                    raise KBLockTimeoutError(
                        f"{path}: another ingestion has held the KB lock for over {timeout:.0f}s. "
                        "Fix: wait for it to finish, or stop it"
                    ) from None
                time.sleep(0.1)
        try:
            handle.seek(0)
            handle.truncate()
            handle.write(f"{os.getpid()}\n")
            handle.flush()
            yield time.monotonic() - started
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
