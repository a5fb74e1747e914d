"""The one worker pool: every review, KB query and citation check runs in ``--jobs`` processes.

Processes, not threads: a review is CPU-bound (Python and native code) and would starve the
event loop that answers ``/healthz`` and the polls. Each worker process takes its share of the
thread budget before any native library loads (:func:`pipeline.serve.work.start_worker`), as
``batch --jobs`` does, and keeps its models loaded between calls. ``spawn``, not ``fork``:
forking a process that already runs native threads can deadlock.

A worker that dies (killed for memory, say) breaks the pool: the calls it held fail with
:class:`BrokenProcessPool`, and the next call gets a fresh pool.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from multiprocessing import get_context
from typing import TypeVar

from pipeline.config import RunConfig
from pipeline.serve.jobs import Job, JobStore
from pipeline.serve.work import EXIT_INTERNAL, run_review, start_worker

T = TypeVar("T")
log = logging.getLogger(__name__)
WORKER_DIED = (
    "the worker process reviewing it stopped (killed for memory?). Fix: upload it again; if it "
    "happens again, give the server more memory or fewer --jobs"
)


class WorkerPool:
    def __init__(self, jobs: int, threads: int) -> None:
        self.jobs = jobs
        self.threads = threads
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.jobs,
                mp_context=get_context("spawn"),
                initializer=start_worker,
                initargs=(self.threads,),
            )
        return self._pool

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in a worker process; raises BrokenProcessPool if the worker died."""
        executor = self._executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, partial(fn, *args))
        except BrokenProcessPool:
            if self._pool is executor:
                self._pool = None  # the next call starts a fresh pool
            executor.shutdown(wait=False, cancel_futures=True)
            raise

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class ReviewQueue:
    """Reviews accepted and not finished: at most ``max_queue``, each run to its end even when
    the client that sent it has gone (its result is in the store)."""

    def __init__(
        self, store: JobStore, pool: WorkerPool, options: RunConfig, max_queue: int
    ) -> None:
        self.store = store
        self.pool = pool
        self.options = options
        self.max_queue = max_queue
        self._running: set[asyncio.Task[Job]] = set()

    @property
    def full(self) -> bool:
        return len(self._running) >= self.max_queue

    def submit(self, job: Job, data: bytes) -> asyncio.Task[Job]:
        task = asyncio.create_task(self._review(job, data))
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return task

    async def _review(self, job: Job, data: bytes) -> Job:
        try:
            finished = await self.pool.run(run_review, self.store, job, data, self.options)
        except BrokenProcessPool:
            finished = job.failed(EXIT_INTERNAL, WORKER_DIED)
            self.store.save(finished)
        # ids and codes only: contract text never goes to the log
        log.info("review %s: %s, exit code %s", job.id, finished.status, finished.exit_code)
        return finished
