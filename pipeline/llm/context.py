"""How many tokens a request needs, and the context window (Ollama's ``num_ctx``) to ask for.

An Ollama server runs a model with a context window of ``num_ctx`` tokens: its default (4,096
unless the server sets ``OLLAMA_CONTEXT_LENGTH``) when a request names none. A longer prompt is
not refused: the server keeps its first few tokens and its end and drops the rest, and answers
as usual. A clause block of 6,000 Chinese characters does not fit 4,096 tokens, so every request
asks for the window its prompt and reply need (:func:`context_window`), never more than
``--llm-ctx``; a prompt that cannot fit even then is refused before it is sent
(``LLMContextOverflowError``), never cut.

The estimate is deliberately high, since a window that is too small loses contract text and
one that is too large only costs memory. Per character of the prompt:

- CJK characters: 1.5 tokens. Qwen2.5's tokenizer spends about 0.7 on Chinese, Llama 3's and
  Gemma's about 1; SmolLM2's, trained on English, spends 2.1 (measured 2026-12-02 on the dev
  contracts: 1.53-1.76 tokens per character of a Chinese contract, 2.08 per CJK character).
  For such a tokenizer the Ollama backend checks each reply's prompt count and asks again with
  a larger window (``pipeline.llm.ollama_backend``).
- any other character: 1/3 token. English contracts took 3.6-4.6 characters per token with
  SmolLM2's tokenizer; other tokenizers take about 4.
- each message: 8 tokens for the chat template's role markers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from pipeline.llm.client import Message

CJK_TOKENS_PER_CHAR = 1.5
OTHER_CHARS_PER_TOKEN = 3
TEMPLATE_TOKENS_PER_MESSAGE = 8
# Ollama's own default window: asking for less would only make the server reload the model.
MIN_WINDOW = 4096
# Windows are asked for in these steps: Ollama reloads the model whenever num_ctx changes, and
# coarse steps make the same window serve prompts of similar size.
WINDOW_STEP = 2048


def _is_cjk(ch: str) -> bool:
    """CJK ideographs (with extension A and the compatibility block), kana, hangul and the
    full-width forms: the characters tokenizers spend the most on."""
    code = ord(ch)
    return (
        0x3000 <= code <= 0x9FFF  # CJK punctuation, kana, extension A, unified ideographs
        or 0xAC00 <= code <= 0xD7AF  # hangul syllables
        or 0xF900 <= code <= 0xFAFF  # compatibility ideographs
        or 0xFF00 <= code <= 0xFFEF  # full-width forms (，：（）)
        or code >= 0x20000  # the supplementary ideograph planes
    )


def text_tokens(text: str) -> int:
    """A high estimate of the tokens ``text`` takes."""
    cjk = sum(1 for ch in text if _is_cjk(ch))
    return math.ceil(cjk * CJK_TOKENS_PER_CHAR + (len(text) - cjk) / OTHER_CHARS_PER_TOKEN)


def prompt_tokens(messages: Iterable[Message]) -> int:
    """A high estimate of the tokens a chat prompt takes, the template's markers included."""
    return sum(text_tokens(m.content) + TEMPLATE_TOKENS_PER_MESSAGE for m in messages)


def tokens_needed(messages: Iterable[Message], max_output_tokens: int) -> int:
    """The window a request needs: its prompt and the longest reply it allows."""
    return prompt_tokens(messages) + max_output_tokens


def context_window(needed: int, limit: int) -> int:
    """The window to ask for: ``needed`` rounded up to a step, at least Ollama's default and at
    most ``limit``. A caller checks ``needed <= limit`` first; this never exceeds ``limit``."""
    stepped = math.ceil(needed / WINDOW_STEP) * WINDOW_STEP
    return min(max(stepped, MIN_WINDOW), limit)
