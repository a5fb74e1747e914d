"""Split long contracts into clause blocks, so verification runs per block and merges."""

from __future__ import annotations


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
