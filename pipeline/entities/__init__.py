"""Contract entities: clauses, parties, amounts, rates, dates and durations (regex + spaCy).

Public surface: :func:`parse_contract` and the value types. Nothing here imports an LLM.
"""

from pipeline.entities.model import Clause, Language
from pipeline.entities.parse import ParsedContract, detect_language, parse_contract

__all__ = ["Clause", "Language", "ParsedContract", "detect_language", "parse_contract"]
