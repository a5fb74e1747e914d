"""One citation of a review point, judged: does the law exist, does the article exist, is it
in force, does it say what the point needs, does other authority say otherwise?

The KB (``kb.verify.CitationVerifier`` through CrossCheckKB's ``CitationChecker``) answers for
the laws it holds. For the others, the titles-only registry (``kb.law_titles``) tells a real
law outside the KB (``unverifiable``: real, but its text is not here) from a law or article
that does not exist (``fabricated``). CrossCheckKB judges our own Generate draft's citations
with this same class: one code path for ``review`` and ``check``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from kb.bridge import coverage, terms_of
from kb.contract_instruments import invented_contract_kind
from kb.law_titles import TitleCitation, judge_title, reads_local, title_citations
from kb.types import CitationVerdict
from kb.verify import THRESHOLDS, conflicting_passages
from pipeline.model import CitationCheck, CitationStatus, EvidenceSource

_CJK = re.compile(r"[\u4e00-\u9fff]")
RIVAL_MARGIN = 0.02  # see CitationJudge.rival
# A rival from another instrument must win clearly: an SPC interpretation or a regulation
# elaborates the Code article a point cites, and often scores a little higher for the same
# point (民法典第568条 against 合同编通则解释第31条 on set-off) without making the article wrong.
# On golden_set/check/dev such rivals beat three true citations by 0.024-0.046 (a fourth by
# 0.127) and the wrong ones by 0.042-0.128.
OTHER_LAW_RIVAL_MARGIN = 0.05
BRIDGE_MIN_TERMS = 2  # see CitationJudge._bridged
# On golden_set/check/dev's English points citing one Chinese article, the cited article of
# every true point stated at least as many of the point's terms as any other article; the
# wrong ones stated 1-2 fewer (621: 1 against 641's 4; 605: 3 against 642's 5)
BRIDGE_MARGIN = 2
# the laws whose terms the glossary (kb/corpus/glossary_en_zh.yaml) speaks: the Civil Code and
# the SPC's interpretations of it
BRIDGED_LAWS = ("cn.civil-code", "cn.spc-")


class CitationChecker(Protocol):
    """What ``kb.verify.CitationVerifier`` provides: existence, status and support."""

    def verify(
        self, citation: str, claim: str, search_conflicts: bool = True
    ) -> CitationVerdict: ...


def _languages_differ(claim: str, article: EvidenceSource) -> bool:
    return bool(_CJK.search(claim)) != bool(_CJK.search(article.quote))


class CitationJudge:
    """Judges citations against the KB (``checker``) and the titles registry."""

    def __init__(self, checker: CitationChecker | None) -> None:
        self.checker = checker

    def judge(
        self, citation: str, claim: str, near: str = "", search_conflicts: bool = True
    ) -> CitationCheck:
        """``claim`` is what the point asserts; ``near`` the sentence the citation sits in,
        scored too (a point citing three articles needs each for a part of it)."""
        if self.checker is None:
            return CitationCheck(
                citation=citation, status="unverifiable", reason="no knowledge base is configured",
                assessed=False,
            )  # fmt: skip
        verdict = self.checker.verify(citation, claim, search_conflicts=search_conflicts)
        lookup = verdict.lookup
        if lookup.parsed is None:
            return self._outside_kb(citation)
        if not lookup.held:
            return CitationCheck(
                citation=citation, status="unverifiable", reason=lookup.message, assessed=False
            )
        if near and near != claim and verdict.support not in (None, "supports"):
            local = self.checker.verify(citation, near, search_conflicts=False)
            if local.support == "supports" or (local.score or 0) > (verdict.score or 0):
                verdict = verdict.model_copy(
                    update={"support": local.support, "score": local.score}
                )
        cited = lookup.evidence
        if cited is not None and verdict.support is not None and _languages_differ(claim, cited):
            # e5 cosines across languages sit at 0.78-0.81 for supporting and unrelated
            # articles alike (measured on golden_set/check/dev): no verdict to be had
            verdict = verdict.model_copy(update={"support": None, "score": None})
        found = CitationCheck(
            citation=citation, status="supported", reason=lookup.message, evidence=cited,
            score=verdict.score, support=verdict.support, kb_message=lookup.message,
            assessed=verdict.support is not None,
            conflicts=tuple(
                ev for ev in verdict.conflicts if cited is None or ev.doc_id != cited.doc_id
            ),
        )  # fmt: skip
        update = self._status(found, lookup.exists, lookup.status, claim)
        # the sentence the citation sits in is what it must carry (rival() reads a point's only
        # citation against the whole point)
        crosses = bool(near) and cited is not None and _languages_differ(near, cited)
        if update.get("status") is None and crosses and cited is not None:
            update = self._bridged(cited, near) or update
        return found.model_copy(update=update)

    def _bridged(self, cited: EvidenceSource, claim: str) -> dict[str, object] | None:
        """An English point citing a Chinese article, read through the glossary of statutory
        terms: ``unsupported`` when another in-force article of the same law states at least
        ``BRIDGE_MIN_TERMS`` of the terms the point speaks of, and ``BRIDGE_MARGIN`` more of them
        than the cited article (a point on retention of title citing 民法典621, on inspection,
        where 641 states 所有权保留 and three more of its terms)."""
        catalog = getattr(self.checker, "catalog", None)
        if catalog is None:
            return None
        article = catalog.get(cited.doc_id)
        terms = terms_of(claim)
        if article is None or len(terms) < BRIDGE_MIN_TERMS:
            return None
        if not article.law_key.startswith(BRIDGED_LAWS):
            return None  # the glossary's words are contract law's: PIPL's 加工 is no 承揽
        own = coverage(terms, article.text)
        rivals = [
            (coverage(terms, other.text), other)
            for other in catalog.law_articles(article.law_key)
            if other.status == "in_force" and other.doc_id != article.doc_id
        ]
        stated, better = max(rivals, key=lambda pair: pair[0], default=(0, None))
        if better is None or stated < BRIDGE_MIN_TERMS or stated - own < BRIDGE_MARGIN:
            return None
        named = ", ".join(t.zh[0] for t in terms if t.stated_in(better.text))
        says = "none" if own == 0 else f"only {own}"
        return {
            "status": "unsupported",
            "better": better.evidence(),
            "reason": f"{cited.law}{cited.article or ''} states {says} of the legal terms the "
            f"point relies on; {better.citation} states {stated} of them ({named})",
        }

    def _status(
        self, found: CitationCheck, exists: bool, law_status: str | None, claim: str
    ) -> dict[str, object]:
        """The verdict's fields: most certain first (lookup, then support, then conflicts)."""
        citation = found.citation
        if not exists:
            return {"status": "fabricated", "evidence": None}
        if law_status == "repealed":
            return {"status": "repealed"}
        if found.support == "conflicts" and found.evidence is not None:
            said = " … ".join(conflicting_passages(claim, found.evidence.quote))
            return {
                "status": "unsupported",
                "reason": f"{citation} states the point's subject with other figures: "
                f"“{said or found.evidence.quote[:120]}”",
                "better": self._better(claim, exclude=found.evidence),
            }
        if found.support == "unrelated" and not self._related(found.score):
            better = self._better(claim, exclude=found.evidence)
            hint = f"; {better.law}{better.article or ''} does" if better else ""
            return {
                "status": "unsupported",
                "reason": f"{citation} exists but does not say what the point needs it to say "
                f"(support {found.score}){hint}",
                "better": better,
            }
        if found.conflicts:
            names = ", ".join(f"{ev.law}{ev.article or ''}" for ev in found.conflicts)
            return {
                "status": "conflicting",
                "reason": f"{citation} is cited, but {names} states the subject differently",
            }
        if not found.assessed:
            why = (
                "the point and the article are in different languages"
                if found.evidence is not None and _languages_differ(claim, found.evidence)
                else "no support scorer ran"
            )
            return {"reason": f"{citation} exists and is in force; support not assessed ({why})"}
        return {"reason": f"{citation} exists, is in force and supports the point"}

    def rival(self, check: CitationCheck, claim: str) -> CitationCheck:
        """A point's only citation, supported by the score, may still be the wrong article: a
        neighbour (民法典第944条 cited, 第949条 meant). When an in-force article of the same
        jurisdiction scores clearly higher for the point, the citation is ``unsupported`` and
        that article is shown. (On golden_set/check/dev's Chinese points, every single
        citation labelled true scored highest, by 0.03-0.08; every wrong one 0.04-0.06 below
        the best.)"""
        cited = check.evidence
        if check.status == "supported" and cited is not None and _languages_differ(claim, cited):
            bridged = self._bridged(cited, claim)
            return check.model_copy(update=bridged) if bridged else check
        best_support = getattr(self.checker, "best_support", None)
        if best_support is None or cited is None or check.status not in ("supported",):
            return check
        if not check.assessed or check.score is None:
            return check
        found = best_support(claim, "cn" if _CJK.search(cited.quote) else "us")
        if found is None:
            return check
        better, score = found
        margin = RIVAL_MARGIN if better.law == cited.law else OTHER_LAW_RIVAL_MARGIN
        if better.doc_id == cited.doc_id or score - check.score < margin:
            return check
        return check.model_copy(
            update={
                "status": "unsupported",
                "better": better,
                "reason": f"{check.citation} exists, but {better.law}{better.article or ''} "
                f"fits the point better (support {score} against {check.score})",
            }
        )

    def _related(self, score: float | None) -> bool:
        """Between 'related' and 'supports': not flagged (see THRESHOLDS)."""
        scorer = getattr(self.checker, "scorer", "lexical")
        _, related = THRESHOLDS.get(scorer, THRESHOLDS["lexical"])
        return (score or 0.0) >= related

    def _better(self, claim: str, exclude: EvidenceSource | None = None) -> EvidenceSource | None:
        suggest = getattr(self.checker, "suggest_basis", None)
        if suggest is None:
            return None
        found: EvidenceSource | None = suggest(claim, "cn" if _CJK.search(claim) else "us")
        if found is None or (exclude is not None and found.doc_id == exclude.doc_id):
            return None
        return found

    def _outside_kb(self, citation: str) -> CitationCheck:
        mentions = title_citations(citation)
        if not mentions:
            return CitationCheck(
                citation=citation, status="unverifiable", assessed=False,
                reason=f"{citation!r} names no law the KB or the registry of PRC law titles "
                "knows; it could not be checked",
            )  # fmt: skip
        return self._from_titles(citation, mentions[0])

    def _from_titles(self, citation: str, mention: TitleCitation) -> CitationCheck:
        judged = judge_title(mention)
        invented = invented_contract_kind(mention.name) if judged.verdict == "unknown_law" else None
        if invented is not None and not _CJK.search(mention.name):
            return CitationCheck(
                citation=citation, status="fabricated", assessed=False,
                reason=f"{mention.name!r} is named after {invented} contracts, which no PRC "
                "instrument covers: the Civil Code's Book Three governs the kinds of contract, "
                "and the SPC interpretations and regulations named after one (sales, leases, "
                "construction, technology, financial leasing, land use, labour ...) are in "
                "kb/corpus/law_titles.yaml",
            )  # fmt: skip
        if judged.verdict == "unknown_law" and not _CJK.search(mention.name):
            # the registry holds Chinese titles and a few English names: an English rendering
            # it cannot match is no evidence that the law is invented
            return CitationCheck(
                citation=citation, status="unverifiable", assessed=False,
                reason=f"the English name {mention.name!r} matches no entry of the titles "
                "registry (kb/corpus/law_titles.yaml holds Chinese titles and some English "
                "names); check the citation by hand",
            )  # fmt: skip
        status: CitationStatus = {
            "unknown_law": "unverifiable" if reads_local(mention.name) else "fabricated",
            "no_such_article": "fabricated",
            "repealed": "repealed",
        }.get(judged.verdict, "unverifiable")
        return CitationCheck(citation=citation, status=status, reason=judged.reason, assessed=False)


def outside_kb_citations(text: str, known: list[str]) -> list[str]:
    """Citations of laws the KB does not hold (real or not) in ``text``: the titles registry's
    parser, minus the laws the KB holds (the KB parser finds those) and what it already found."""
    found: list[str] = []
    for mention in title_citations(text):
        if mention.article is None and mention.entry is not None:
            continue  # a real law named in passing (根据《物业管理条例》): no article to check
        if judge_title(mention).verdict == "in_kb":
            continue
        if any(mention.raw in k or k in mention.raw for k in (*known, *found)):
            continue
        found.append(mention.raw)
    return found


def citation_finder(find: Callable[[str], list[str]] | None) -> Callable[[str], list[str]]:
    """The KB parser's citations, then those of laws outside the KB (titles registry)."""

    def cites(text: str) -> list[str]:
        known = find(text) if find else []
        return known + outside_kb_citations(text, known)

    return cites
