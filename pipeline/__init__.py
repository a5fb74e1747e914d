"""contract-review: contract review with external-knowledge reflection."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("contract-review")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"
