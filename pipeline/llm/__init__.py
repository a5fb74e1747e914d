"""LLM backends behind one Protocol, plus the session that guards every call.

Entities, rules and KB never import this package.
"""

from pipeline.llm.client import LLMClient, LLMReply, MalformedReplyError, Message
from pipeline.llm.scripted import ScriptedLLM
from pipeline.llm.select import ModeInfo, build_client, open_session
from pipeline.llm.session import LLMCallRecord, LLMSession, SessionSettings

__all__ = [
    "LLMCallRecord",
    "LLMClient",
    "LLMReply",
    "LLMSession",
    "MalformedReplyError",
    "Message",
    "ModeInfo",
    "ScriptedLLM",
    "SessionSettings",
    "build_client",
    "open_session",
]
