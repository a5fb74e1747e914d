"""The README's Command line section says what ``--help`` says.

Its first ``sh`` block is the synopsis: one entry per command (``contract-review PATH ...``,
continued on indented lines), and each entry names exactly the options ``--help`` shows for
that command, no more and no fewer. Every other ``contract-review`` line in the section (the
examples) uses only options its command has. Both are read off the Typer app itself, so a new
command or option fails here until the README documents it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli.app import app

REPO = Path(__file__).resolve().parents[2]
SECTION = "## Command line"
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def _commands() -> dict[tuple[str, ...], Any]:
    """Every visible command by its path (``()`` is the root), with its click command."""
    found: dict[tuple[str, ...], Any] = {}

    def walk(command: Any, path: tuple[str, ...]) -> None:
        found[path] = command
        for name, sub in getattr(command, "commands", {}).items():
            if not sub.hidden:
                walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return found


def _options(command: Any) -> set[str]:
    """The long option names ``--help`` shows for ``command`` (both halves of a flag pair)."""
    names: set[str] = set()
    for param in command.params:
        if param.param_type_name == "option" and not param.hidden:
            names.update(n for n in (*param.opts, *param.secondary_opts) if n.startswith("--"))
    return names - {"--help"}


def _section() -> str:
    text = (REPO / "README.md").read_text("utf-8")
    start = text.index(f"\n{SECTION}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _code_blocks(section: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", section, flags=re.S)


def _entries(block: str) -> list[str]:
    """``contract-review ...`` lines with their indented continuation lines, comments cut."""
    entries: list[str] = []
    for line in block.splitlines():
        code = line.split("  #", 1)[0].rstrip()
        if code.startswith("contract-review"):
            entries.append(code)
        elif code.startswith((" ", "\t")) and entries and code.strip():
            entries[-1] += " " + code.strip()
    return entries


def _path_of(entry: str, commands: dict[tuple[str, ...], Any]) -> tuple[str, ...]:
    """The longest command path the entry's words spell after ``contract-review``."""
    words = entry.split()[1:]
    path: tuple[str, ...] = ()
    for word in words:
        if (*path, word) not in commands:
            break
        path = (*path, word)
    return path


def _synopsis() -> dict[tuple[str, ...], set[str]]:
    commands = _commands()
    synopsis: dict[tuple[str, ...], set[str]] = {}
    for entry in _entries(_code_blocks(_section())[0]):
        path = _path_of(entry, commands)
        assert path not in synopsis, f"the synopsis names {' '.join(path)!r} twice"
        synopsis[path] = set(OPTION.findall(entry))
    return synopsis


def test_the_synopsis_has_one_entry_per_command() -> None:
    commands = {path for path, c in _commands().items() if not getattr(c, "commands", None)}
    documented = set(_synopsis())
    missing = sorted(" ".join(p) for p in commands - documented)
    stale = sorted(" ".join(p) for p in documented - commands - {()})
    assert not missing, f"README's Command line synopsis lacks: {missing}"
    assert not stale, f"README's synopsis names commands the app does not have: {stale}"


@pytest.mark.parametrize(
    "path",
    [
        path
        for path in _commands()
        if path == () or not getattr(_commands()[path], "commands", None)
    ],
    ids=lambda path: " ".join(path) or "(root)",
)
def test_each_synopsis_entry_names_exactly_the_commands_options(path: tuple[str, ...]) -> None:
    synopsis = _synopsis()
    assert path in synopsis, f"no synopsis entry for {' '.join(path) or 'the root'}"
    expected = _options(_commands()[path])
    documented = synopsis[path]
    assert not expected - documented, f"{path}: missing from the README: {expected - documented}"
    assert not documented - expected, (
        f"{path}: in the README, not in --help: {documented - expected}"
    )


def test_every_example_in_the_section_uses_real_options() -> None:
    commands = _commands()
    wrong: list[str] = []
    for block in _code_blocks(_section())[1:]:
        for entry in _entries(block):
            path = _path_of(entry, commands)
            unknown = set(OPTION.findall(entry)) - _options(commands[path])
            wrong.extend(f"{entry!r}: {name}" for name in sorted(unknown))
    assert not wrong, "README examples use options their commands lack:\n" + "\n".join(wrong)


def test_the_kb_commands_still_read_the_old_backend_spelling() -> None:
    """`kb` commands now spell it --kb-backend, as review does; --backend still works, hidden."""
    runner = CliRunner()
    for spelling in ("--kb-backend", "--backend", "--backend=bogus", "--kb-backend=bogus"):
        args = ["kb", "stats", "--kb-path", "/nonexistent-kb"]
        args += [spelling] if "=" in spelling else [spelling, "bogus"]
        result = runner.invoke(app, args)
        assert "unknown embedding backend 'bogus'" in result.output, (spelling, result.output)
    assert "--backend " not in runner.invoke(app, ["kb", "stats", "--help"]).output
