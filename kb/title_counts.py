"""Count a statute's articles, for the ``article_count`` fields of ``kb/corpus/law_titles.yaml``.

A count is the highest article number the text holds (第二百六十六条 -> 266), parsed by
:func:`kb.statute_text.parse_articles`, the parser the catalog uses. ``count_source`` names
the text a count came from:

- ``kb/corpus/...``: a text bundled with the KB (a test re-counts these);
- ``kb/corpus/registry.yaml``: the registry's own ``article_count`` (its repealed laws);
- ``LawRefBook/Laws@<commit>:<path>``: a file of the repository the bundled corpus was copied
  from (``kb/corpus/SOURCES.md``); re-counted here only when a clone is given with ``--mirror``;
- ``memory`` or null: nothing to re-count.

``tools/recount_law_titles.py --mirror DIR`` re-counts every file source and lists the entries
whose ``article_count`` disagrees; ``--write`` puts the re-counted figures in the file. This
module only returns data (nothing below the CLI prints).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from kb.registry import CORPUS_DIR, default_registry
from kb.statute_text import parse_articles

TITLES_PATH = CORPUS_DIR / "law_titles.yaml"
BUNDLED_SOURCE = "kb/corpus/"  # how count_source names a bundled text
LAWREFBOOK = "LawRefBook/Laws@"


def count_articles(text: str) -> int | None:
    """The highest article number in ``text``, or None when it has no 第…条 articles."""
    numbers = [a.number for a in parse_articles(text) if a.number is not None]
    return max(numbers) if numbers else None


def missing_articles(text: str) -> list[int]:
    """Article numbers below the highest that the text lacks (a gap means a bad count)."""
    numbers = {a.number for a in parse_articles(text) if a.number is not None}
    top = max(numbers, default=0)
    return [n for n in range(1, top + 1) if n not in numbers]


def read_source(count_source: str, mirror: Path | None = None) -> str | None:
    """The text ``count_source`` names, or None when it is not a text or not at hand."""
    if count_source.startswith(BUNDLED_SOURCE) and count_source.endswith(".md"):
        bundled = CORPUS_DIR / count_source.removeprefix(BUNDLED_SOURCE)
        return bundled.read_text(encoding="utf-8")
    if count_source.startswith(LAWREFBOOK) and mirror is not None:
        ref = count_source[len(LAWREFBOOK) :]
        shown = subprocess.run(
            ["git", "--git-dir", str(mirror), "show", ref],
            capture_output=True,
            check=True,
        )
        return shown.stdout.decode("utf-8")
    return None


_ENTRY = re.compile(r"^  - title: (?P<title>.+)$")
_FIELD = re.compile(r"^    (?P<field>article_count|count_source): (?P<value>.*)$")


def source_count(title: str, count_source: str, mirror: Path | None) -> int | str | None:
    """The count ``count_source`` gives for ``title``; "" when it cannot be re-counted here."""
    if count_source == "kb/corpus/registry.yaml":
        law = next((law for law in default_registry().laws if law.title == title), None)
        return law.article_count if law else None
    text = read_source(count_source, mirror)
    return "" if text is None else count_articles(text)


def recount(path: Path, mirror: Path | None, *, write: bool) -> tuple[list[str], list[str]]:
    """Re-count every file source in ``path``: (disagreements, notes on gaps in the texts)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    problems: list[str] = []
    notes: list[str] = []
    title, count_line = "", -1
    for index, line in enumerate(lines):
        if match := _ENTRY.match(line):
            title, count_line = match.group("title"), -1
            continue
        match = _FIELD.match(line.rstrip("\n"))
        if not match:
            continue
        if match.group("field") == "article_count":
            count_line = index
            continue
        source = match.group("value").strip()
        if source in ("null", "memory"):
            continue
        counted = source_count(title, source, mirror)
        if counted == "":
            continue
        text = read_source(source, mirror)
        if text is not None and (gaps := missing_articles(text)):
            # the source text skips an article; the highest number is still the count
            notes.append(f"{title}: {source} lacks articles {gaps[:10]}")
        written = lines[count_line].split(":", 1)[1].strip() if count_line >= 0 else "?"
        if written != str(counted):
            problems.append(f"{title}: article_count {written}, {source} has {counted}")
            if write and count_line >= 0:
                lines[count_line] = f"    article_count: {counted}\n"
    if write:
        path.write_text("".join(lines), encoding="utf-8")
    return problems, notes
