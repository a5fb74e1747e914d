"""The reviews the HTTP service stores: one private folder per review under the data folder.

::

    <data dir>/reviews/<id>/job.json      the review's state (queued, running, done, failed)
    <data dir>/reviews/<id>/out/          its output set once done: report.json, report.md,
                                          report.html, revised.docx, trace.jsonl (...)

Folders are 0700 and files 0600 (they quote the contract), written atomically
(:mod:`pipeline.atomic`, :mod:`pipeline.output_set`). An id is ``secrets.token_urlsafe(16)``:
128 random bits, so a review cannot be found by guessing. The uploaded file itself is never
stored; the review reads it from a private temporary folder that is removed afterwards.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pipeline.atomic import DIR_MODE, write_text_atomic
from pipeline.model import Frozen

JOB_FILE = "job.json"
OUT_DIR = "out"
ID_PATTERN = r"^[A-Za-z0-9_-]{22}$"  # token_urlsafe(16)
_ID = re.compile(ID_PATTERN)
JobStatus = Literal["queued", "running", "done", "failed"]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class JobError(Frozen):
    """Why a review failed: the CLI's exit code for it and its message (with the fix)."""

    code: int
    message: str


class Job(Frozen):
    """One review's state, as ``job.json`` holds it."""

    id: str
    filename: str
    status: JobStatus
    created_at: str
    started_at: str | None = None
    finished_at: str | None = None
    exit_code: int | None = None  # as the CLI's: 0 clean, 1 findings, 3 human review, else error
    findings: int | None = None
    needs_human_review: bool | None = None
    error: JobError | None = None

    def failed(self, code: int, message: str) -> Job:
        error = JobError(code=code, message=message)
        update = {"status": "failed", "finished_at": now(), "exit_code": code, "error": error}
        return self.model_copy(update=update)


class JobStore:
    """The reviews under ``<data dir>/reviews``; plain paths, so worker processes share it."""

    def __init__(self, data_dir: Path) -> None:
        self.root = data_dir / "reviews"

    def prepare(self) -> None:
        """Create the folders private; tighten them if they exist with wider modes."""
        for folder in (self.root.parent, self.root):
            folder.mkdir(parents=True, exist_ok=True, mode=DIR_MODE)
            os.chmod(folder, DIR_MODE)

    def folder(self, job_id: str) -> Path:
        if not _ID.match(job_id):  # never a path: the routes check it too
            raise ValueError(f"not a review id: {job_id!r}")
        return self.root / job_id

    def output(self, job_id: str, name: str) -> Path:
        return self.folder(job_id) / OUT_DIR / name

    def create(self, filename: str) -> Job:
        while True:
            job_id = secrets.token_urlsafe(16)
            try:
                self.folder(job_id).mkdir(mode=DIR_MODE)
            except FileExistsError:  # 2^-128: never, but never overwrite either
                continue
            os.chmod(self.folder(job_id), DIR_MODE)
            break
        job = Job(id=job_id, filename=filename, status="queued", created_at=now())
        self.save(job)
        return job

    def save(self, job: Job) -> None:
        write_text_atomic(self.folder(job.id) / JOB_FILE, job.model_dump_json(indent=2) + "\n")

    def get(self, job_id: str) -> Job | None:
        try:
            return Job.model_validate_json((self.folder(job_id) / JOB_FILE).read_text("utf-8"))
        except (OSError, ValueError):  # not an id, no such review, or a damaged job.json
            return None

    def delete(self, job_id: str) -> bool:
        folder = self.folder(job_id)
        if not folder.is_dir():
            return False
        shutil.rmtree(folder)
        return True

    def abandon_unfinished(self) -> list[str]:
        """At start-up: reviews queued or running when the server stopped are failed (their
        upload was in memory), so a client polling them learns to upload again."""
        abandoned = []
        for path in sorted(self.root.glob(f"*/{JOB_FILE}")):
            job = self.get(path.parent.name)
            if job is not None and job.status in ("queued", "running"):
                message = "the server stopped before this review finished. Fix: upload it again"
                self.save(job.failed(70, message))
                abandoned.append(job.id)
        return abandoned
