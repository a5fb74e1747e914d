"""Helpers for tests, fixtures and benchmarks that ship with the package."""
