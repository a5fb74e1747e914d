"""Re-count the article counts of kb/corpus/law_titles.yaml from the texts they name.

    python tools/recount_law_titles.py [--mirror LAWREFBOOK_GIT_DIR] [--write]

Without ``--mirror`` only the texts bundled in kb/corpus/ are re-counted. Exit status 1 when a
count disagrees with its text (and ``--write`` was not given).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# Run from a checkout: use its kb, not an installed one.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.title_counts import TITLES_PATH, recount


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--mirror", type=Path, help="git directory of a LawRefBook/Laws clone")
    parser.add_argument("--write", action="store_true", help="write the re-counted figures")
    parser.add_argument("--titles", type=Path, default=TITLES_PATH)
    args = parser.parse_args(argv)
    problems, notes = recount(args.titles, args.mirror, write=args.write)
    for line in [*problems, *(f"note: {note}" for note in notes)]:
        print(line)
    return 1 if problems and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
