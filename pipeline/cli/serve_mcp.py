"""``contract-review mcp``: serve the review tools to an MCP client over stdio.

The options fix what every call uses and a client must not choose: the statute KB, the rules,
the thread budget and the LLM's address. The server itself is :mod:`pipeline.mcp_server`; the
``mcp`` SDK it needs is an extra, so without it the command exits 2 with the pip command.
"""

from __future__ import annotations

import typer

from pipeline.cli.errors import guarded, stderr
from pipeline.cli.kb_options import (
    DEFAULT_KB_BACKEND,
    DEFAULT_KB_FALLBACK,
    ReviewKBBackend,
    ReviewKBFallback,
    ReviewKBPath,
    ReviewKBUrl,
    Threads,
    kb_settings,
)
from pipeline.cli.llm_options import (
    DEFAULT_LLM_CTX,
    DEFAULT_LLM_TIMEOUT,
    DEFAULT_TOKEN_BUDGET,
    Deadline,
    LLMCtx,
    LLMKeepAlive,
    LLMTimeout,
    LLMUrl,
    TokenBudget,
    llm_settings,
)
from pipeline.cli.rules_options import BundledRules, RuleDirs, rules_settings
from pipeline.config import RunConfig


def mcp(
    kb_path: ReviewKBPath = None,
    kb_url: ReviewKBUrl = None,
    kb_backend: ReviewKBBackend = DEFAULT_KB_BACKEND,
    kb_fallback: ReviewKBFallback = DEFAULT_KB_FALLBACK,
    rules: RuleDirs = None,
    bundled_rules: BundledRules = True,
    llm_url: LLMUrl = None,
    llm_ctx: LLMCtx = DEFAULT_LLM_CTX,
    llm_keep_alive: LLMKeepAlive = None,
    llm_timeout: LLMTimeout = DEFAULT_LLM_TIMEOUT,
    token_budget: TokenBudget = DEFAULT_TOKEN_BUDGET,
    deadline: Deadline = None,
    threads: Threads = None,
) -> None:
    r"""Serve review_contract, verify_citation, search_statutes and show_article to an MCP
    client (Claude Desktop, an IDE, an agent) over stdio. The client starts this command
    itself; no port is opened, stdout carries the protocol and logs go to stderr. The options
    fix what every call uses: the statute KB, the rules, the threads and the LLM's address
    (--llm-url), window and keep-alive; a call chooses only the LLM mode (auto, none, ollama,
    llamacpp). Needs the mcp
    extra: pip install 'contract-review\[mcp]'.

    A client's configuration: {"mcpServers": {"contract-review": {"command": "contract-review",
    "args": ["mcp", "--kb-path", "/path/to/kb"]}}}
    """
    llm = llm_settings(
        llm_keep_alive,
        url=llm_url,
        context_tokens=llm_ctx,
        timeout_s=llm_timeout,
        token_budget=token_budget,
    )
    config = RunConfig(
        llm=llm,
        kb=kb_settings(kb_path, kb_url, kb_backend, kb_fallback),
        rules=rules_settings(rules, bundled_rules),
        threads=threads,
        deadline_s=deadline,
    )
    from kb.locations import default_kb_path
    from pipeline.mcp_server.server import TOOL_NAMES, serve  # builds with the SDK (the extra)

    where = config.kb.url or config.kb.path or default_kb_path()

    def ready() -> None:  # stderr: a client shows it in its server log; stdout is the protocol
        stderr.print(
            f"contract-review mcp: serving {', '.join(TOOL_NAMES)} over stdio (KB: {where})",
            markup=False,
        )

    guarded(lambda: serve(config, on_ready=ready))


def register(app: typer.Typer) -> None:
    app.command("mcp")(mcp)
