"""Deletions the evidence decides: a rule's ``fix`` turned into the exact text to delete.

Most fixes need drafting (a cap, a new clause) and stay suggestions. Two do not:

- ``delete_sentence``: an exemption the law voids (民法典第506条: no exemption for personal
  injury, intent or gross negligence). Deleting it is the fix when the flagged words are the
  whole sentence, its clause number aside; when the sentence also says something else
  ("…不承担货物损失，对人身伤害亦不承担…"), what stays must be drafted, so it stays a comment.
- ``keep_one_forum``: arbitration and litigation chosen together (仲裁法解释第7条) in two
  separate sentences. The playbook's ``dispute_forum`` position decides which to keep; without
  one, ``--side`` decides when the court named is one party's home court (甲方所在地人民法院):
  the reviewing side keeps its own court, or keeps arbitration against the other side's.
  Otherwise nothing decides it, and it stays a comment.

The deletion never takes the clause number ("6.4 " stays, as Word keeps an emptied numbered
item) nor the line break, so the rest of the contract keeps its numbers and cross-references.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pipeline.entities.textview import joined
from pipeline.model import DecidedFix, Entity, Finding
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.loader import FixSpec, LoadedRule
from pipeline.side import Letter, Party, contract_parties, resolve_side

Forum = Literal["arbitration", "court"]
FORUMS: tuple[Forum, ...] = ("arbitration", "court")

# a clause number that opens a sentence: 6.4 / 第六条 / （三） / (a) / Section 9.2 / 9.2.
_NUMBER_LEAD = re.compile(
    r"^\s*(?:第[一二三四五六七八九十百零〇\d]+条|\d+(?:\.\d+)*[.、．]?"
    r"|[（(](?:[一二三四五六七八九十]+|[a-z]|\d+)[)）]"
    r"|(?:Section|SECTION|Article|ARTICLE|Clause)\s+\d+(?:\.\d+)*\.?)[ \t\u3000]*"
)
_HOME = r"(?:住所地|所在地|注册地|经营地)"


def _sentence_at(ctx: RuleContext, view_offset: int) -> Sentence | None:
    return next((s for s in ctx.sentences if s.start <= view_offset < s.end), None)


def _body(sentence: Sentence) -> tuple[int, int]:
    """The view range of a sentence without its clause number and surrounding whitespace."""
    text = sentence.text
    lead = _NUMBER_LEAD.match(text)
    start = lead.end() if lead else len(text) - len(text.lstrip())
    return sentence.start + start, sentence.start + len(text.rstrip())


def _flagged_whole(ctx: RuleContext, finding: Finding, sentence: Sentence) -> bool:
    """True when the finding's words are the sentence's body, bar its final punctuation."""
    start, end = _body(sentence)
    body = ctx.text[start:end].rstrip("。；;.!?！？")
    flagged_start = ctx.view_offset(finding.span.start)
    flagged_end = ctx.view_offset(finding.span.end)
    return flagged_start <= start and flagged_end >= start + len(body)


def _delete_sentence(ctx: RuleContext, finding: Finding, spec: FixSpec) -> DecidedFix | None:
    sentence = _sentence_at(ctx, ctx.view_offset(finding.span.start))
    if sentence is None or not _flagged_whole(ctx, finding, sentence):
        return None
    start, end = _body(sentence)
    return DecidedFix(
        delete=(ctx.span(start, end),), why=spec.why, chosen_by=f"rule {finding.rule_id}"
    )


def _home_court_of(sentence: str, parties: dict[Letter, Party]) -> Letter | None:
    """The party whose home court a court sentence names (甲方所在地人民法院), if exactly one."""
    named = {
        letter
        for letter, party in parties.items()
        for word in party.words
        if re.search(rf"{re.escape(word)}(?:的)?{_HOME}[^，。；]{{0,12}}(?:人民)?法院", sentence)
    }
    return named.pop() if len(named) == 1 else None


def _keep_one_forum(
    ctx: RuleContext,
    finding: Finding,
    spec: FixSpec,
    forum: Forum | None,
    side: Letter | None,
    parties: dict[Letter, Party],
) -> DecidedFix | None:
    if not finding.related_spans:
        return None  # both forums in one sentence: what stays must be drafted
    court = _sentence_at(ctx, ctx.view_offset(finding.span.start))
    arbitration = _sentence_at(ctx, ctx.view_offset(finding.related_spans[0].start))
    if court is None or arbitration is None or court == arbitration:
        return None
    if forum is not None:
        keep: Forum = forum
        chosen_by = f"the playbook's dispute_forum position ({forum})"
    else:
        home = _home_court_of(court.text, parties) if side is not None else None
        if home is None:
            return None
        keep = "court" if home == side else "arbitration"
        whose = "the reviewing side's" if home == side else "the other side's"
        chosen_by = f"--side: the court named is {whose} home court, so {keep} is kept"
    kept, dropped = (court, arbitration) if keep == "court" else (arbitration, court)
    start, end = _body(dropped)
    kept_start, kept_end = _body(kept)
    return DecidedFix(
        delete=(ctx.span(start, end),),
        why=spec.why.format(kept=joined(ctx.text[kept_start:kept_end])),
        chosen_by=chosen_by,
    )


def decide_fixes(
    findings: tuple[Finding, ...],
    rules: Sequence[LoadedRule],
    ctx: RuleContext,
    entities: tuple[Entity, ...],
    side: str,
    forum: Forum | None,
) -> tuple[Finding, ...]:
    """``findings`` with :class:`DecidedFix` set where the rule's ``fix`` decides a deletion."""
    fixes = {r.spec.id: r.spec.fix for r in rules if r.spec.fix is not None}
    if not fixes:
        return findings
    parties = contract_parties(entities)
    letter = resolve_side(side, parties, ctx.document.source_path) if side != "neutral" else None
    out: list[Finding] = []
    for finding in findings:
        spec = fixes.get(finding.rule_id or "")
        fix = None
        if spec is not None and spec.action == "delete_sentence":
            fix = _delete_sentence(ctx, finding, spec)
        elif spec is not None:
            fix = _keep_one_forum(ctx, finding, spec, forum, letter, parties)
        out.append(finding if fix is None else finding.model_copy(update={"fix": fix}))
    return tuple(out)
