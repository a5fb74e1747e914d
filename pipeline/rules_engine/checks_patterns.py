"""Generic pattern checks used by rules in both languages.

``sentence_pattern``, ``conflicting_sentences``, ``missing_clause`` and ``missing_companion``
take their regular expressions from the rule's parameters, so most wording-based rules are pure
data in ``rules/*.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from pydantic import Field

from pipeline.model import Span
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check


@cache
def regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


class PatternParams(Params):
    all_of: list[str] = Field(default_factory=list, description="every regex must match")
    any_of: list[str] = Field(default_factory=list, description="at least one must match")
    none_of: list[str] = Field(default_factory=list, description="no regex may match")
    highlight: str | None = Field(default=None, description="regex for the quoted span")
    require_doc: list[str] = Field(default_factory=list, description="document must match all")
    forbid_doc: list[str] = Field(default_factory=list, description="document must match none")
    require_title: list[str] = Field(
        default_factory=list, description="the contract's title (first line) must match one"
    )
    once: bool = Field(default=False, description="report only the first sentence")
    clause_none_of: list[str] = Field(
        default_factory=list,
        description="no regex may match the sentence's numbered clause (its context: a penalty "
        "in a training-service clause is lawful although the sentence never says so)",
    )


def _title_match(ctx: RuleContext) -> re.Match[str] | None:
    return next((m for m in re.finditer(r"[^\n]+", ctx.text) if m.group().strip()), None)


def contract_title(ctx: RuleContext) -> str:
    """The first non-empty line: what kind of contract this says it is (劳动合同, Lease ...)."""
    m = _title_match(ctx)
    return m.group() if m else ""


def title_ok(ctx: RuleContext, patterns: list[str]) -> bool:
    return not patterns or any(regex(p).search(contract_title(ctx)) for p in patterns)


def _doc_ok(ctx: RuleContext, params: PatternParams) -> bool:
    return (
        all(regex(p).search(ctx.text) for p in params.require_doc)
        and not any(regex(p).search(ctx.text) for p in params.forbid_doc)
        and title_ok(ctx, params.require_title)
    )


def _sentence_ok(text: str, all_of: list[str], any_of: list[str], none_of: list[str]) -> bool:
    return (
        all(regex(p).search(text) for p in all_of)
        and (not any_of or any(regex(p).search(text) for p in any_of))
        and not any(regex(p).search(text) for p in none_of)
    )


def _highlight(ctx: RuleContext, sentence: Sentence, patterns: list[str | None]) -> Span:
    for p in patterns:
        if p:
            m = regex(p).search(sentence.text)
            if m and m.end() > m.start():
                return ctx.match_span(sentence, m)
    return ctx.sentence_span(sentence)


def _matching(
    ctx: RuleContext, all_of: list[str], any_of: list[str], none_of: list[str]
) -> Iterator[Sentence]:
    return (s for s in ctx.sentences if _sentence_ok(s.text, all_of, any_of, none_of))


@check("sentence_pattern", PatternParams, fields=("sentence",))
def sentence_pattern(ctx: RuleContext, params: PatternParams) -> Iterator[Hit]:
    """A sentence matches all of ``all_of``, one of ``any_of`` and none of ``none_of``."""
    if not _doc_ok(ctx, params):
        return
    for sentence in _matching(ctx, params.all_of, params.any_of, params.none_of):
        if params.clause_none_of and any(
            regex(p).search(ctx.clause_of(sentence)) for p in params.clause_none_of
        ):
            continue
        span = _highlight(ctx, sentence, [params.highlight, *params.any_of, *params.all_of])
        yield Hit(span, {"sentence": sentence.text.strip()})
        if params.once:
            return


class ConflictParams(Params):
    first_all: list[str] = Field(min_length=1)
    first_none: list[str] = Field(default_factory=list)
    second_all: list[str] = Field(min_length=1)
    second_any: list[str] = Field(default_factory=list)
    second_none: list[str] = Field(default_factory=list)
    highlight: str | None = None
    forbid_doc: list[str] = Field(default_factory=list)


@check("conflicting_sentences", ConflictParams, fields=("first", "second"))
def conflicting_sentences(ctx: RuleContext, params: ConflictParams) -> Iterator[Hit]:
    """Two different sentences that cannot both apply (e.g. arbitration and exclusive courts)."""
    if any(regex(p).search(ctx.text) for p in params.forbid_doc):
        return
    firsts = list(_matching(ctx, params.first_all, [], params.first_none))
    if not firsts:
        return
    for second in _matching(ctx, params.second_all, params.second_any, params.second_none):
        # Prefer another sentence; one sentence can also hold both (仲裁，也可以…起诉).
        first = next((f for f in firsts if f.start != second.start), None) or next(
            (f for f in firsts if f.start == second.start), None
        )
        if first is None:
            continue
        span = _highlight(ctx, second, [params.highlight, *params.second_all])
        yield Hit(
            span,
            {"first": first.text.strip(), "second": second.text.strip()},
            related=(ctx.sentence_span(first),) if first.start != second.start else (),
        )
        return


class MissingParams(Params):
    any_of: list[str] = Field(min_length=1, description="regexes; one must match somewhere")
    require_doc: list[str] = Field(default_factory=list)
    title_none: list[str] = Field(
        default_factory=list, description="regexes on the title: kinds that need no such clause"
    )
    what: str = Field(description="what is missing, for the message")


def title_span(ctx: RuleContext) -> Span:
    """Where a 'something is missing' finding points: the contract's title line."""
    m = _title_match(ctx)
    return ctx.span(m.start(), m.end()) if m else ctx.span(0, len(ctx.text))


@check("missing_clause", MissingParams, fields=("what",))
def missing_clause(ctx: RuleContext, params: MissingParams) -> Iterator[Hit]:
    """Nothing in the contract matches any of ``any_of`` (a required clause is absent)."""
    if not all(regex(p).search(ctx.text) for p in params.require_doc):
        return
    if any(regex(p).search(ctx.text) for p in params.any_of):
        return
    if any(regex(p).search(contract_title(ctx)) for p in params.title_none):
        return
    yield Hit(title_span(ctx), {"what": params.what})


class CompanionParams(Params):
    trigger: list[str] = Field(min_length=1, description="the sentence that needs a companion")
    trigger_none: list[str] = Field(default_factory=list)
    companion: list[str] = Field(min_length=1, description="one must match somewhere")
    require_doc: list[str] = Field(default_factory=list)
    require_title: list[str] = Field(default_factory=list)


@check("missing_companion", CompanionParams, fields=("sentence",))
def missing_companion(ctx: RuleContext, params: CompanionParams) -> Iterator[Hit]:
    """A trigger sentence exists but its companion clause is nowhere in the contract."""
    if not all(regex(p).search(ctx.text) for p in params.require_doc):
        return
    if not title_ok(ctx, params.require_title):
        return
    if any(regex(p).search(ctx.text) for p in params.companion):
        return
    for sentence in _matching(ctx, [], params.trigger, params.trigger_none):
        yield Hit(
            _highlight(ctx, sentence, list(params.trigger)), {"sentence": sentence.text.strip()}
        )
        return
