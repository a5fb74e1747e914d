"""What the HTTP service runs with, and where it may listen.

Without ``$CONTRACT_REVIEW_TOKEN`` anyone who can reach the port could upload contracts and
read every stored report, so the server then listens on a loopback address only; with a token
every endpoint but ``/healthz`` needs ``Authorization: Bearer <token>``.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from pipeline.config import RunConfig

TOKEN_ENV = "CONTRACT_REVIEW_TOKEN"
MIN_TOKEN_CHARS = 16
_MAKE_TOKEN = "python -c 'import secrets; print(secrets.token_urlsafe(32))'"


class ServeSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    data_dir: Path = Field(description="Where the reviews are stored (0700 folders, 0600 files).")
    token: SecretStr | None = Field(default=None, description="The bearer token; None: no auth.")
    jobs: int = Field(default=1, ge=1, description="Worker processes: reviews run side by side.")
    max_queue: int = Field(
        default=8, ge=1, description="Reviews accepted and not finished; more get 503."
    )
    options: RunConfig = Field(
        default_factory=RunConfig,  # per server, not at import: the LLM defaults read the env
        description="Every review's configuration: limits, LLM, KB, rules; ``threads`` is each "
        "worker's share of the thread budget.",
    )


def default_data_dir() -> Path:
    """The user data folder's ``serve/`` (``~/.local/share/contract-review/serve`` on Linux)."""
    from kb.locations import user_data_dir

    return user_data_dir() / "serve"


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address; any other name might resolve off the machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind_problem(host: str, token: str | None) -> str | None:
    """Why the server must not start with this host and token (with the fix), or None."""
    if token is not None and len(token) < MIN_TOKEN_CHARS:
        return (
            f"${TOKEN_ENV} is {len(token)} characters long, shorter than {MIN_TOKEN_CHARS}. "
            f"Fix: use a random token, e.g. from {_MAKE_TOKEN}"
        )
    if token is None and not is_loopback(host):
        return (
            f"--host {host} is reachable from other machines and ${TOKEN_ENV} is not set, so "
            "anyone could upload contracts and read the stored reports. Fix: set "
            f"{TOKEN_ENV} to a random token (e.g. from {_MAKE_TOKEN}) and send it as "
            "'Authorization: Bearer <token>', or listen on 127.0.0.1"
        )
    return None
