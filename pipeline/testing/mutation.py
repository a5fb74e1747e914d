"""Mutation testing: would the tests notice a changed threshold, loop bound or guard?

Run it with ``make mutation`` or ``contract-review dev mutation`` (which prints what this
module reports through its ``progress`` callback and returns).

Each mutant names a file, an exact piece of its text and a replacement. Mutants are applied
to a temporary copy of the repository, never to the working tree, which others may be editing.
The copy holds the files git tracks or would track, taken from the working tree. For each
mutant only the tests named for it run, with ``-x``. A failing test kills the mutant; if the
tests pass, it survives. Before any mutant runs, all the selected tests run once on the
unmutated copy. If that baseline is red, every mutant would look killed, so the run stops.

A mutant may list several (original, replacement) choices, and the first whose original
occurs exactly once is applied. This lets a mutant still apply after its target is
rewritten, as long as one of its choices still matches. A mutant none of whose originals
occurs is *stale*. It is reported and fails the run, so the list has to change with the code.

Exit status: 0 when the kill rate reaches ``--min-kill-rate``, every required mutant is
killed, and no mutant is stale or in error; 1 otherwise; 2 when the baseline fails. The
required mutants are the six that issue 13 found surviving.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from kb.locations import dev_data

REPO = dev_data()  # the checkout the mutants are applied to (a copy of it)

# Test selections, by what they guard.
THRESHOLDS = "tests/rules/test_thresholds.py"
EDGES = "tests/rules/test_threshold_edges.py"
LOOP = "tests/reflection/test_loop_bound.py"
SCENARIOS = "tests/reflection/test_scenarios.py"
ROUTING = "tests/reflection/test_routing.py"
SIGNALS = "tests/reflection/test_signals.py"
GUARD = "tests/reflection/test_revise_guard.py"
GUARD_EDGES = "tests/reflection/test_revise_guard_edges.py"
INJECTION = "tests/reflection/test_prompt_injection.py"
VERIFIER_PROMPT = "tests/reflection/test_verifier_prompt.py"
FILE_MODES = "tests/outputs/test_file_modes.py"
OUTPUT_SET = "tests/foundation/test_output_set.py"
DECIDED = "tests/redline/test_decided_fixes.py"
IN_PLACE = "tests/redline/test_in_place.py"

# unit tests first: with -x the first failure ends the run
RULES = (EDGES, THRESHOLDS)
REFLECTION = (ROUTING, SIGNALS, LOOP, SCENARIOS)
REVISE = (GUARD_EDGES, GUARD, INJECTION)


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str
    choices: tuple[tuple[str, str], ...]
    tests: tuple[str, ...]
    required: bool = False


def mutant(
    name: str,
    path: str,
    original: str,
    replacement: str,
    tests: Sequence[str],
    *,
    required: bool = False,
    fallbacks: Sequence[tuple[str, str]] = (),
) -> Mutant:
    return Mutant(name, path, ((original, replacement), *fallbacks), tuple(tests), required)


ZH_MONEY = "rules/zh_money.yaml"
CHECKS_ZH = "pipeline/rules_engine/checks_zh.py"
CHECKS_SHARES = "pipeline/rules_engine/checks_shares.py"
CHECKS_FACTS = "pipeline/rules_engine/checks_facts.py"
LOOP_PY = "pipeline/stages/reflect.py"
ROUTING_PY = "pipeline/stages/reflect_support/routing.py"
SIGNALS_PY = "pipeline/stages/reflect_support/signals.py"
REVISE_PY = "pipeline/stages/revise.py"
CONFIG_PY = "pipeline/config.py"
PROBATION_BANDS = "[(0.0, 0.0), (3.0, 1.0), (12.0, 2.0), (36.0, 6.0)]"

# The original atomic write relies on mkstemp's 0600; this shim makes the temp file 0644.
_MKSTEMP_0644 = """import tempfile as _tempfile_unmutated


class _TempfileMutant:  # mutant: files written 0644
    def __getattr__(self, name):
        return getattr(_tempfile_unmutated, name)

    @staticmethod
    def mkstemp(*args, **kwargs):
        fd, name = _tempfile_unmutated.mkstemp(*args, **kwargs)
        __import__("os").fchmod(fd, 0o644)
        return fd, name


tempfile = _TempfileMutant()
"""

MUTANTS: tuple[Mutant, ...] = (
    # -- the six survivors of issue 13 ---------------------------------------------------------
    mutant(
        "interest: cap at 5x the one-year LPR, not 4x",
        ZH_MONEY,
        "check: interest_over_lpr\n    params: {multiplier: 4}",
        "check: interest_over_lpr\n    params: {multiplier: 5}",
        RULES,
        required=True,
    ),
    mutant(
        "probation: the 3-12-month band allows 1.5 months, not 1",
        CHECKS_ZH,
        PROBATION_BANDS,
        PROBATION_BANDS.replace("(3.0, 1.0)", "(3.0, 1.5)"),
        RULES,
        required=True,
    ),
    mutant(
        "reflection: a third round allowed",
        LOOP_PY,
        "for number in range(1, rounds + 1):",
        "for number in range(1, rounds + 2):",
        REFLECTION,
        required=True,
    ),
    mutant(
        "verifier: a fixed, guessable fence",
        "pipeline/llm/session.py",
        "self.fence = secrets.token_hex(8)",
        'self.fence = "CONTRACT"',
        (VERIFIER_PROMPT,),
        required=True,
    ),
    mutant(
        "verifier: the data-not-instructions rules deleted",
        "pipeline/llm/prompts.py",
        "f\"under 'unresolved'. {DATA_RULES} Reply with JSON only",
        "f\"under 'unresolved'. Reply with JSON only",
        (VERIFIER_PROMPT,),
        required=True,
    ),
    mutant(
        "outputs: files written 0644",
        "pipeline/atomic.py",
        # the chmod of the temp file before it is renamed over the target
        "os.chmod(tmp, FILE_MODE)",
        "os.chmod(tmp, 0o644)",
        (FILE_MODES,),
        required=True,
        fallbacks=(
            ("FILE_MODE = 0o600", "FILE_MODE = 0o644"),
            ("import tempfile\n", _MKSTEMP_0644),
        ),
    ),
    mutant(
        "outputs: the review's output set written 0644",
        "pipeline/output_set.py",
        "os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)",
        "os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)",
        (OUTPUT_SET,),
    ),
    mutant(
        "outputs: the output folder left 0755",
        "pipeline/output_set.py",
        'staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=parent))  # 0700',
        'staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=parent))\n'
        "        staging.chmod(0o755)",
        (OUTPUT_SET,),
    ),
    mutant(
        "outputs: a folder of someone else's files accepted as --out",
        "pipeline/output_set.py",
        "        if foreign:\n",
        "        if False:\n",
        (OUTPUT_SET,),
    ),
    # -- thresholds in rules/ --------------------------------------------------------------------
    mutant(
        "probation: the 3-12-month band starts at 2 months",
        CHECKS_ZH,
        PROBATION_BANDS,
        PROBATION_BANDS.replace("(3.0, 1.0)", "(2.0, 1.0)"),
        RULES,
    ),
    mutant(
        "probation: the 3-12-month band starts at 4 months",
        CHECKS_ZH,
        PROBATION_BANDS,
        PROBATION_BANDS.replace("(3.0, 1.0)", "(4.0, 1.0)"),
        RULES,
    ),
    mutant(
        "probation: contracts under 3 months allow 1 month",
        CHECKS_ZH,
        PROBATION_BANDS,
        PROBATION_BANDS.replace("(0.0, 0.0)", "(0.0, 1.0)"),
        RULES,
    ),
    mutant(
        "probation: the 1-3-year band allows 2.5 months",
        CHECKS_ZH,
        PROBATION_BANDS,
        PROBATION_BANDS.replace("(12.0, 2.0)", "(12.0, 2.5)"),
        RULES,
    ),
    mutant(
        "probation: a probation at the limit is too long",
        CHECKS_ZH,
        "if months <= limit + 1e-6 or",
        "if months < limit - 1e-6 or",
        RULES,
    ),
    mutant(
        "probation: a term exactly at a band's start falls in the band below",
        CHECKS_ZH,
        "if term + 1e-6 >= start:",
        "if term - 1e-6 > start:",
        RULES,
    ),
    mutant(
        "interest: a rate exactly at the cap is flagged",
        CHECKS_ZH,
        "if yearly > cap + 1e-9:",
        "if yearly >= cap - 1e-9:",
        RULES,
    ),
    mutant(
        "deposit: 21% allowed, not 20%",
        ZH_MONEY,
        "topic: deposit\n      max_ratio: 0.20",
        "topic: deposit\n      max_ratio: 0.21",
        RULES,
    ),
    mutant(
        "penalty: 31% of the price allowed, not 30%",
        ZH_MONEY,
        "params: {topic: penalty, max_ratio: 0.30,",
        "params: {topic: penalty, max_ratio: 0.31,",
        RULES,
    ),
    mutant(
        "penalty (English, PRC law): 31% allowed, not 30%",
        "rules/en_prc.yaml",
        "params: {topic: penalty, max_ratio: 0.30,",
        "params: {topic: penalty, max_ratio: 0.31,",
        RULES,
    ),
    mutant(
        "share of price: a share exactly at the limit is flagged",
        CHECKS_SHARES,
        "if ratio > params.max_ratio + 1e-9:",
        "if ratio >= params.max_ratio - 1e-9:",
        RULES,
    ),
    mutant(
        "lease: 20 years and 6 months allowed",
        "rules/zh_validity.yaml",
        "params: {topic: lease_term, max_months: 240}",
        "params: {topic: lease_term, max_months: 246}",
        RULES,
    ),
    mutant(
        "non-compete: 25 months allowed, not 24",
        "rules/zh_labour.yaml",
        "params: {topic: non_compete, max_months: 24}",
        "params: {topic: non_compete, max_months: 25}",
        RULES,
    ),
    mutant(
        "duration: a duration exactly at the limit is flagged",
        CHECKS_ZH,
        "months > params.max_months + 1e-9",
        "months >= params.max_months - 1e-9",
        RULES,
    ),
    mutant(
        "per-day penalty: flagged from 0.2%/day, not 0.1%",
        CHECKS_FACTS,
        "default=0.365, gt=0,",
        "default=0.73, gt=0,",
        RULES,
    ),
    mutant(
        "waterproofing warranty: 4 years is the minimum, not 5",
        "pipeline/rules_engine/checks_construction.py",
        '(r"防水|防渗漏|渗漏", 60.0, "5年")',
        '(r"防水|防渗漏|渗漏", 48.0, "5年")',
        RULES,
    ),
    mutant(
        "share of price: 2% tolerance, not 1%",
        CHECKS_FACTS,
        "tolerance: float = Field(default=0.01, ge=0,",
        "tolerance: float = Field(default=0.02, ge=0,",
        RULES,
    ),
    # -- the reflection loop -------------------------------------------------------------------
    mutant(
        "routing: full is three rounds",
        ROUTING_PY,
        '"standard": 1, "full": 2}',
        '"standard": 1, "full": 3}',
        REFLECTION,
    ),
    mutant(
        "routing: standard is two rounds",
        ROUTING_PY,
        '"standard": 1, "full": 2}',
        '"standard": 2, "full": 2}',
        REFLECTION,
    ),
    mutant(
        "routing: max_rounds does not cap the route",
        ROUTING_PY,
        "rounds = min(ROUNDS[name], settings.max_rounds)",
        "rounds = ROUNDS[name]",
        REFLECTION,
    ),
    mutant(
        "routing: a risk score of 2 is light",
        ROUTING_PY,
        'name = "light" if estimate.score <= 1 else',
        'name = "light" if estimate.score <= 2 else',
        REFLECTION,
    ),
    mutant(
        "routing: a risk score of 4 is standard",
        ROUTING_PY,
        '"standard" if estimate.score <= 3 else "full"',
        '"standard" if estimate.score <= 4 else "full"',
        REFLECTION,
    ),
    mutant(
        "routing: a large amount is 2,000,000",
        ROUTING_PY,
        "LARGE_AMOUNT = 1_000_000.0",
        "LARGE_AMOUNT = 2_000_000.0",
        REFLECTION,
    ),
    mutant(
        "loop: reflection runs even when round 0 has no review error",
        LOOP_PY,
        "if signals.review_errors and self.session.active and chosen.rounds:",
        "if self.session.active and chosen.rounds:",
        REFLECTION,
    ),
    mutant(
        "loop: a round that does not improve does not end the loop",
        LOOP_PY,
        "            if not better:\n",
        "            if False:\n",
        REFLECTION,
    ),
    mutant(
        "loop: a round with one review error left passes",
        LOOP_PY,
        "passed = signals.review_errors == 0 and",
        "passed = signals.review_errors <= 1 and",
        REFLECTION,
    ),
    mutant(
        "loop: a round passes whatever its Pres_Lev",
        LOOP_PY,
        "passed = signals.review_errors == 0 and signals.pres_lev >= self.settings.pres_lev_floor",
        "passed = signals.review_errors == 0",
        REFLECTION,
    ),
    mutant(
        "loop: an improving round is not kept",
        LOOP_PY,
        "            best = state\n",
        "            pass\n",
        REFLECTION,
    ),
    mutant(
        "signals: equal signals count as an improvement",
        SIGNALS_PY,
        "any(\n        now < before for before, now in pairs\n    )",
        "any(\n        now <= before for before, now in pairs\n    )",
        REFLECTION,
    ),
    mutant(
        "signals: a round worse on one signal can still improve",
        SIGNALS_PY,
        "return all(now <= before for before, now in pairs) and",
        "return",
        REFLECTION,
    ),
    mutant(
        "signals: Pres_Lev under its floor can still improve",
        SIGNALS_PY,
        "    if current.pres_lev < settings.pres_lev_floor:\n        return False\n",
        "",
        REFLECTION,
    ),
    # -- the Revise guard ----------------------------------------------------------------------
    mutant(
        "revise: the size cap is 60 characters, not 50",
        CONFIG_PY,
        "edit_max_chars: int = Field(default=50, ge=0,",
        "edit_max_chars: int = Field(default=60, ge=0,",
        REVISE,
    ),
    mutant(
        "revise: a long span may change 60% of its length, not half",
        CONFIG_PY,
        "edit_max_ratio: float = Field(default=0.5, ge=0,",
        "edit_max_ratio: float = Field(default=0.6, ge=0,",
        REVISE,
    ),
    mutant(
        "revise: an edit one character over the cap passes",
        REVISE_PY,
        "if distance > cap and edit.decided_by is None:",
        "if distance > cap + 1 and edit.decided_by is None:",
        REVISE,
    ),
    mutant(
        "revise: the confidence floor is 0.7, not 0.8",
        CONFIG_PY,
        "confidence_floor: float = Field(default=0.8, ge=0, le=1)",
        "confidence_floor: float = Field(default=0.7, ge=0, le=1)",
        REVISE,
    ),
    mutant(
        "revise: an edit exactly at the confidence floor is queued",
        REVISE_PY,
        "elif edit.confidence < self.settings.confidence_floor:",
        "elif edit.confidence <= self.settings.confidence_floor:",
        REVISE,
    ),
    mutant(
        "revise: deleting a rule finding's text is allowed",
        REVISE_PY,
        "        if edit.type is EditType.DELETE:\n",
        "        if False:\n",
        REVISE,
    ),
    mutant(
        "revise: new facts are allowed",
        REVISE_PY,
        "        if missing:\n",
        "        if False:\n",
        REVISE,
    ),
    mutant(
        "revise: role swaps are allowed",
        REVISE_PY,
        "        if swapped:\n",
        "        if False:\n",
        REVISE,
    ),
    mutant(
        "revise: an edit past the end of the text is allowed",
        REVISE_PY,
        "if not 0 <= edit.start <= edit.end <= len(text):",
        "if not 0 <= edit.start <= edit.end:",
        REVISE,
    ),
    mutant(
        "revise: edits overlapping an accepted edit are allowed",
        REVISE_PY,
        "            if overlap or same_point:\n",
        "            if same_point:\n",
        REVISE,
    ),
    mutant(
        "revise: an unmarked addition is accepted as a suggestion",
        REVISE_PY,
        "if edit.start == edit.end and not edit.replace_with.startswith(SUGGESTION_MARKERS):",
        "if False:",
        REVISE,
    ),
    mutant(
        "revise: a deletion that claims a decision no finding made is trusted",
        REVISE_PY,
        "            or (edit.start, edit.end, edit.decided_by) not in decided\n",
        "            or False\n",
        (DECIDED,),
    ),
    mutant(
        "redline: an edit may touch Word's automatic clause number",
        "pipeline/redline/run_map.py",
        "if block.label and start < block.start + block.label and end > block.start:",
        "if False:",
        (IN_PLACE,),
    ),
    mutant(
        "redline: an exemption sentence that says more is deleted whole",
        "pipeline/rules_engine/decided_fixes.py",
        "if sentence is None or not _flagged_whole(ctx, finding, sentence):",
        "if sentence is None:",
        (DECIDED,),
    ),
    mutant(
        "verifier: a fixed fence that looks random",
        "pipeline/llm/session.py",
        "self.fence = secrets.token_hex(8)",
        'self.fence = "7f3a9c2e5b1d"',
        (VERIFIER_PROMPT,),
    ),
)

Status = Literal["killed", "survived", "stale", "error"]


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    status: Status
    seconds: float
    detail: str


def repo_files(repo: Path) -> list[str]:
    """The files git tracks or would track (not ignored), as they are in the working tree."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=repo,
        capture_output=True,
        check=True,
    )
    return [name for name in listed.stdout.decode("utf-8").split("\0") if name]


def copy_repo(repo: Path, files: Sequence[str], dest: Path) -> None:
    for name in files:
        source = repo / name
        if not source.is_file():
            continue  # deleted in the working tree
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def test_env(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    # the copy's packages come first (the editable install points at the working tree), and no
    # bytecode is written: a restored file must never be served from a mutant's stale .pyc
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(copy), env.get("PYTHONPATH")]))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_tests(copy: Path, tests: Sequence[str], timeout: float) -> tuple[int | None, str]:
    """Pytest's exit code (None on timeout) and its output."""
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-x", *tests]
    try:
        done = subprocess.run(
            command,
            cwd=copy,
            env=test_env(copy),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None, ""
    return done.returncode, done.stdout + done.stderr


def _first_failure(output: str) -> str:
    """The first failing test, without its parameters (pytest escapes them unreadably)."""
    found = re.search(r"^(?:FAILED|ERROR) (\S+)", output, re.MULTILINE)
    if not found:
        return "tests failed"
    node = found.group(1)
    return node.split("[", 1)[0] + "[...]" if "[" in node else node


def choose(text: str, mutant: Mutant) -> tuple[str, str] | None:
    """The first (original, replacement) whose original occurs exactly once in ``text``."""
    for original, replacement in mutant.choices:
        if text.count(original) == 1:
            return original, replacement
    return None


def applies(root: Path, mutant: Mutant) -> str:
    """Which choice of ``mutant`` applies to the file under ``root``, or STALE."""
    target = root / mutant.path
    choice = choose(target.read_text("utf-8"), mutant) if target.is_file() else None
    return "STALE" if choice is None else f"choice {mutant.choices.index(choice) + 1}"


def run_mutant(copy: Path, mutant: Mutant, timeout: float) -> Outcome:
    began = time.perf_counter()
    target = copy / mutant.path
    if not target.is_file():
        return Outcome(mutant, "stale", 0.0, f"{mutant.path} does not exist")
    original_bytes = target.read_bytes()
    text = original_bytes.decode("utf-8")
    choice = choose(text, mutant)
    if choice is None:
        return Outcome(mutant, "stale", 0.0, "no original text occurs exactly once")
    original, replacement = choice
    which = f"choice {mutant.choices.index(choice) + 1}: " if len(mutant.choices) > 1 else ""
    target.write_bytes(text.replace(original, replacement).encode("utf-8"))
    try:
        code, output = run_tests(copy, mutant.tests, timeout)
    finally:
        target.write_bytes(original_bytes)
    seconds = time.perf_counter() - began
    if code is None:
        return Outcome(mutant, "killed", seconds, f"{which}the tests timed out")
    if code == 0:
        return Outcome(mutant, "survived", seconds, f"{which}all selected tests passed")
    if code in (1, 2):  # 2: interrupted, e.g. a collection error the mutant caused
        return Outcome(mutant, "killed", seconds, which + _first_failure(output))
    tail = output.strip().splitlines()[-1:] or [""]
    return Outcome(mutant, "error", seconds, f"pytest exit {code}: {tail[0]}")


def check_imports(copy: Path) -> str | None:
    """Why the tests in ``copy`` would not import its own packages (None when they do)."""
    probe = "import ingest, kb, pipeline; print(pipeline.__file__, kb.__file__, ingest.__file__)"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=copy,
        env=test_env(copy),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        return done.stderr.strip()
    root = copy.resolve()
    outside = [p for p in done.stdout.split() if not Path(p).resolve().is_relative_to(root)]
    return f"packages imported from outside the copy: {outside}" if outside else None


Progress = Callable[[str], None]


def _quiet(line: str) -> None:
    """The default progress: say nothing."""


class BaselineError(Exception):
    """The selected tests fail (or do not import the copy's code) before any mutant runs."""

    def __init__(self, problem: str, output: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.output = output


@contextmanager
def repo_copies(count: int, keep: bool, progress: Progress = _quiet) -> Iterator[list[Path]]:
    root = Path(tempfile.mkdtemp(prefix="contract-review-mutation-"))
    try:
        files = repo_files(REPO)
        copies = []
        for n in range(count):
            copy = root / f"copy{n}"
            copy_repo(REPO, files, copy)
            copies.append(copy)
        yield copies
    finally:
        if keep:
            progress(f"copies kept in {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)


def run(
    mutants: Sequence[Mutant],
    jobs: int,
    timeout: float,
    keep: bool,
    progress: Progress = _quiet,
) -> list[Outcome]:
    """Every mutant's outcome, in list order; ``progress`` hears each line as it happens.

    Raises ``BaselineError`` when the unmutated copy is not green.
    """
    with repo_copies(jobs, keep, progress) as copies:
        problem = check_imports(copies[0])
        if problem:
            raise BaselineError(f"the copy does not import its own code: {problem}")
        selected = sorted({t for m in mutants for t in m.tests})
        progress(f"baseline: {len(selected)} test file(s) on the unmutated copy ...")
        code, output = run_tests(copies[0], selected, timeout * 2)
        if code != 0:
            raise BaselineError(
                "the baseline is not green; fix the tests before judging mutants", output[-4000:]
            )
        free: queue.Queue[Path] = queue.Queue()
        for copy in copies:
            free.put(copy)

        def one(m: Mutant) -> Outcome:
            copy = free.get()
            try:
                return run_mutant(copy, m, timeout)
            finally:
                free.put(copy)

        outcomes: dict[int, Outcome] = {}
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(one, m): i for i, m in enumerate(mutants)}
            for future in as_completed(futures):
                outcome = future.result()
                outcomes[futures[future]] = outcome
                progress(outcome_line(outcome))
        return [outcomes[i] for i in range(len(mutants))]


def outcome_line(outcome: Outcome) -> str:
    mark = "*" if outcome.mutant.required else " "
    return (
        f"{outcome.status:9}{mark} {outcome.seconds:6.1f}s  {outcome.mutant.name}  "
        f"[{outcome.mutant.path}]  {outcome.detail}"
    )


def summary(outcomes: Sequence[Outcome], min_kill_rate: float) -> tuple[str, bool]:
    judged = [o for o in outcomes if o.status in ("killed", "survived")]
    killed = sum(o.status == "killed" for o in judged)
    rate = killed / len(judged) if judged else 0.0
    problems = [o for o in outcomes if o.status in ("stale", "error")]
    missed = [o for o in outcomes if o.mutant.required and o.status != "killed"]
    lines = [
        f"killed {killed} of {len(judged)} mutants: kill rate {rate:.1%} "
        f"(at least {min_kill_rate:.0%} required)"
    ]
    lines += [
        f"SURVIVED: {o.mutant.name} [{o.mutant.path}]" for o in outcomes if o.status == "survived"
    ]
    lines += [f"required mutant not killed: {o.mutant.name}" for o in missed]
    lines += [
        f"{o.status.upper()}: {o.mutant.name} [{o.mutant.path}]: {o.detail}" for o in problems
    ]
    ok = rate >= min_kill_rate and not missed and not problems
    return "\n".join(lines), ok


def select(only: Sequence[str]) -> list[Mutant]:
    """The mutants whose names contain any of ``only`` (case-insensitive); all when empty."""
    return [m for m in MUTANTS if not only or any(s.lower() in m.name.lower() for s in only)]


def listing_line(mutant: Mutant) -> tuple[str, bool]:
    """The ``--list`` line for ``mutant``, and whether it is stale."""
    state = applies(REPO, mutant)
    mark = "*" if mutant.required else " "
    line = f"{mark} {state:8} {mutant.name}  [{mutant.path}]  -> {' '.join(mutant.tests)}"
    return line, state == "STALE"


def outcome_rows(outcomes: Sequence[Outcome]) -> list[dict[str, Any]]:
    """The outcomes as JSON rows (``--json``)."""
    return [
        {
            "name": o.mutant.name,
            "path": o.mutant.path,
            "required": o.mutant.required,
            "status": o.status,
            "seconds": round(o.seconds, 1),
            "detail": o.detail,
        }
        for o in outcomes
    ]
