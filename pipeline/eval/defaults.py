"""Evaluation defaults, in a module light enough for the CLI to import at start-up."""

DEFAULT_THRESHOLD = 0.75
