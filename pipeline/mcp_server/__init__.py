"""The MCP server (``contract-review mcp``): review contracts and consult the statute KB from
any Model Context Protocol client, over stdio.

- :mod:`pipeline.mcp_server.tools`: the four tools as plain typed functions over the Python API
  (``review_contract``, ``verify_citation``, ``search_statutes``, ``show_article``); they
  return pydantic models and raise :class:`~pipeline.errors.ContractReviewError` with the fix.
- :mod:`pipeline.mcp_server.results`: what the tools return (each tool's output schema).
- :mod:`pipeline.mcp_server.server`: registers the tools with the official ``mcp`` SDK (the
  ``mcp`` extra, imported there and only there) and serves them over stdio.
"""
