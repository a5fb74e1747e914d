"""Split long contracts into clause blocks, so verification runs per block and merges."""

from __future__ import annotations

from collections.abc import Callable

# The smallest block a prompt that does not fit the context window is split into; below it a
# block is sent as it is, and the session refuses it and says why (LLMSettings.block_chars'
# own floor).
MIN_BLOCK_CHARS = 500


def clause_blocks(text: str, block_chars: int) -> list[tuple[int, int]]:
    """Half-open ``[start, end)`` blocks of at most ``block_chars``, cut at line ends."""
    if len(text) <= block_chars:
        return [(0, len(text))]
    blocks: list[tuple[int, int]] = []
    start = 0
    while start < len(text):
        end = min(start + block_chars, len(text))
        if end < len(text):
            cut = text.rfind("\n", start + block_chars // 2, end)
            end = cut + 1 if cut != -1 else end
        blocks.append((start, end))
        start = end
    return blocks


def fitting_blocks(
    text: str, block_chars: int, fits: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """``clause_blocks``, with every block whose prompt does not ``fits`` the LLM's context
    window split again, in halves cut at line ends, until it fits or is ``MIN_BLOCK_CHARS``
    long. The blocks depend only on the text and the settings, so a replay cuts them alike."""
    blocks: list[tuple[int, int]] = []
    pending = clause_blocks(text, block_chars)
    while pending:
        start, end = pending.pop(0)
        if end - start <= MIN_BLOCK_CHARS or fits(start, end):
            blocks.append((start, end))
            continue
        half = max(MIN_BLOCK_CHARS, (end - start + 1) // 2)
        parts = [(start + s, start + e) for s, e in clause_blocks(text[start:end], half)]
        pending[:0] = parts
    return blocks
