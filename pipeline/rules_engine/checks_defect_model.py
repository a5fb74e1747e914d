"""A clause the defect classifier (:mod:`pipeline.entities.defect_model`) reads as a defect.

The rules catch the wordings their authors foresaw; this check catches the same legal effect
in other words. It scores every paragraph of the search view (a wrapped PDF line is already
joined there, so a paragraph is a clause as the model was trained on it), fires where the
type's threshold is reached, and quotes the paragraph's best-scoring sentence. A finding it
gives carries the model's probability as its ``confidence`` and goes to human review with
that reason, so a lawyer sees it was read by a model, not matched by a rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from pydantic import field_validator

from pipeline.entities.defect_model import DEFECT_TYPES, default_defect_classifier
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

MIN_CHARS = 8


class DefectParams(Params):
    type: str
    # the contract must be of a kind where the defect exists (a labour 违约金 needs a labour
    # contract): one of these patterns must match its text
    require_doc: list[str] = []
    # the contract settles the defect elsewhere (定金 and 违约金 with an election between them):
    # when every one of these patterns matches its text, the model's reading is not reported
    unless_doc: list[str] = []
    # the paragraph itself says what rules the defect out (a renewal's notice window): any of
    # these patterns matching it drops the model's reading
    unless_paragraph: list[str] = []
    # the quoted sentence must say what the defect is made of (one party's right to change):
    # one of these must match it, and none of ``unless_sentence`` (a change both sides sign)
    sentence_any: list[str] = []
    unless_sentence: list[str] = []

    @field_validator("type")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in DEFECT_TYPES:
            raise ValueError(
                f"type {value!r} is not one the model knows: {', '.join(DEFECT_TYPES)}"
            )
        return value


@dataclass(frozen=True)
class Paragraph:
    start: int  # view offsets
    end: int
    text: str


def paragraphs(ctx: RuleContext) -> list[Paragraph]:
    out: list[Paragraph] = []
    start = 0
    for line in ctx.text.split("\n"):
        text = line.strip()
        if len(text) >= MIN_CHARS:
            lead = len(line) - len(line.lstrip())
            out.append(Paragraph(start + lead, start + lead + len(text), text))
        start += len(line) + 1
    return out


@check("defect_model", DefectParams, fields=("score",))
def defect_model(ctx: RuleContext, params: DefectParams) -> Iterator[Hit]:
    """A paragraph the defect classifier scores at or over its type's threshold."""
    model = default_defect_classifier()
    if model is None or params.type not in model.kinds:
        return
    if params.require_doc and not any(re.search(p, ctx.text) for p in params.require_doc):
        return
    if params.unless_doc and all(re.search(p, ctx.text) for p in params.unless_doc):
        return
    j = model.kinds.index(params.type)
    cut = float(model.thresholds_for(ctx.language)[j])
    units = ctx.memo("defect_model.paragraphs", lambda: paragraphs(ctx))
    probs = ctx.memo("defect_model.scores", lambda: model.scores([u.text for u in units]))
    for unit, row in zip(units, probs, strict=True):
        if row[j] < cut:
            continue
        whole = " ".join(_whole_sentences(ctx, unit).split())
        if any(re.search(p, whole) for p in params.unless_paragraph):
            continue
        sentences = [s for s in ctx.sentences if unit.start <= s.start < unit.end]
        span = ctx.span(unit.start, unit.end)
        if sentences:
            scores = model.scores([s.text for s in sentences])[:, j]
            if len(sentences) > 1 and scores.max() < cut:
                # a long paragraph (a whole section on one line, as in a flattened filing)
                # whose reading no single sentence carries: the words added up, not a defect
                continue
            best = sentences[int(np.argmax(scores))]
            if not sentence_ok(best.text, params):
                continue
            span = ctx.sentence_span(best)
        elif not sentence_ok(unit.text, params):
            continue
        yield Hit(span, {"score": f"{row[j]:.2f}"}, confidence=float(row[j]))


_ENDED = re.compile(r"[.;:!?。；：！？]\s*$")
_MAX_CARRIED = 3


def _whole_sentences(ctx: RuleContext, unit: Paragraph) -> str:
    """The paragraph with the sentences it cuts made whole: a PDF line ends mid-sentence, and
    the notice window of "shall renew automatically … unless either Party gives notice at least
    ninety (90) days before the end" may stand on the next line."""
    sentences = ctx.sentences
    cut = [k for k, s in enumerate(sentences) if s.start < unit.end and s.end > unit.start]
    if not cut:
        return unit.text
    last = cut[-1]
    # a sentence a line break split without a full stop goes on in the next one
    while (
        last + 1 < len(sentences)
        and last - cut[-1] < _MAX_CARRIED
        and not _ENDED.search(sentences[last].text)
    ):
        last += 1
    start = min(unit.start, sentences[cut[0]].start)
    end = max(unit.end, sentences[last].end)
    return ctx.text[start:end]


def sentence_ok(text: str, params: DefectParams) -> bool:
    text = " ".join(text.split())  # a filing's runs of spaces ("may mutually  agree") are one
    if params.sentence_any and not any(re.search(p, text, re.I) for p in params.sentence_any):
        return False
    return not any(re.search(p, text, re.I) for p in params.unless_sentence)
