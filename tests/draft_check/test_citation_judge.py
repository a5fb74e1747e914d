"""CitationJudge turns the KB's verdict (a fake checker here: the service boundary) and the
registry of law titles (real) into one citation status, most certain first."""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.types import CitationRef, CitationVerdict, LookupResult
from pipeline.draft_check.citations import CitationJudge
from pipeline.model import EvidenceSource

ARTICLE = EvidenceSource(
    doc_id="cn.civil-code.586", law="民法典", article="第586条", anchor="第五百八十六条",
    quote="定金的数额由当事人约定；但是，不得超过主合同标的额的百分之二十。",
)  # fmt: skip
OTHER = ARTICLE.model_copy(update={"doc_id": "cn.civil-code.587", "article": "第587条"})


@dataclass
class FakeChecker:
    verdict: CitationVerdict
    scorer: str = "lexical"
    calls: list[str] = field(default_factory=list)

    def verify(self, citation: str, claim: str, search_conflicts: bool = True) -> CitationVerdict:
        self.calls.append(claim)
        return self.verdict

    def suggest_basis(self, claim: str, jurisdiction: str | None = None) -> EvidenceSource:
        return OTHER


def _verdict(**kw: object) -> CitationVerdict:
    lookup = {
        "citation": "民法典第586条",
        "parsed": CitationRef(raw="民法典第586条", law_key="cn.civil-code", article="586"),
        "exists": True, "status": "in_force", "evidence": ARTICLE, "message": "found",
        "held": True,
    }  # fmt: skip
    lookup.update({k: v for k, v in kw.items() if k in lookup})
    rest = {k: v for k, v in kw.items() if k not in lookup}
    return CitationVerdict(lookup=LookupResult.model_validate(lookup), **rest)


def judge(verdict: CitationVerdict, claim: str = "定金不得超过百分之二十") -> str:
    return CitationJudge(FakeChecker(verdict)).judge("民法典第586条", claim).status


def test_lookup_decides_before_support() -> None:
    assert judge(_verdict(exists=False, evidence=None, support="supports")) == "fabricated"
    assert judge(_verdict(status="repealed", support="supports")) == "repealed"


def test_a_section_outside_the_part_the_kb_holds_is_unverifiable_not_fabricated() -> None:
    outside = _verdict(exists=False, evidence=None, held=False, message="only in part")
    assert judge(outside) == "unverifiable"


def test_support_bands() -> None:
    assert judge(_verdict(support="supports", score=0.5)) == "supported"
    assert judge(_verdict(support="unrelated", score=0.25)) == "supported"  # the related band
    assert judge(_verdict(support="unrelated", score=0.1)) == "unsupported"
    assert judge(_verdict(support="conflicts", score=0.4)) == "unsupported"
    assert judge(_verdict(support="supports", score=0.5, conflicts=(OTHER,))) == "conflicting"


def test_an_unsupported_citation_names_the_article_that_does() -> None:
    check = CitationJudge(FakeChecker(_verdict(support="unrelated", score=0.1))).judge(
        "民法典第586条", "定金不得超过百分之二十"
    )
    assert check.better == OTHER and "第587条 does" in check.reason


def test_no_support_verdict_across_languages() -> None:
    verdict = _verdict(support="unrelated", score=0.1)
    check = CitationJudge(FakeChecker(verdict)).judge(
        "PRC Civil Code, Article 586", "The deposit may not exceed 20% of the price."
    )
    assert check.status == "supported" and not check.assessed
    assert "different languages" in check.reason


def test_laws_outside_the_kb_go_to_the_titles_registry() -> None:
    outside = _verdict(parsed=None, exists=False, evidence=None)
    judged = CitationJudge(FakeChecker(outside))
    assert judged.judge("《中华人民共和国房屋租赁条例》第十二条", "x").status == "fabricated"
    assert judged.judge("《物业管理条例》第八十八条", "x").status == "fabricated"
    assert judged.judge("《物业管理条例》第六十七条", "x").status == "unverifiable"
    assert judged.judge("《上海市住宅物业管理规定》第十条", "x").status == "unverifiable"
    assert judged.judge("某个说法", "x").status == "unverifiable"
    assert CitationJudge(None).judge("民法典第586条", "x").status == "unverifiable"


def test_an_english_name_the_registry_cannot_match_is_unverifiable_not_fabricated() -> None:
    """The registry holds Chinese titles and some English names: an English rendering it does
    not know is no evidence that the law is invented (a real SPC interpretation was called
    fabricated this way)."""
    outside = _verdict(parsed=None, exists=False, evidence=None)
    judged = CitationJudge(FakeChecker(outside))
    check = judged.judge("Article 12 of the SPC Provisions on Software Implementation", "x")
    assert check.status == "unverifiable"
    assert "check the citation by hand" in (check.reason or "")
    # the same law written in Chinese and unknown to the registry is still fabricated
    assert judged.judge("《最高人民法院关于软件实施合同纠纷的规定》第十二条", "x").status == (
        "fabricated"
    )


def test_an_english_prc_instrument_named_after_a_contract_kind_no_instrument_covers() -> None:
    """PRC law governs the kinds of contract in the Civil Code; a "PRC Law on Processing
    Contracts" is the shape of an invented law. A kind that a real instrument covers (sales,
    leases, lending) stays unverifiable whatever English name it is given."""
    outside = _verdict(parsed=None, exists=False, evidence=None)
    judged = CitationJudge(FakeChecker(outside))
    invented = [
        "PRC Law on Processing Contracts, Article 22",
        "Article 12 of the PRC Regulations on Warehousing Service Contracts",
        "Article 8 of the SPC Provisions on Disputes over Software Implementation Contracts",
    ]
    for citation in invented:
        check = judged.judge(citation, "x")
        assert check.status == "fabricated", citation
        assert "Civil Code's Book Three" in (check.reason or "")
    real_kinds = [
        "Article 7 of the SPC Interpretation on Disputes over Sales Contracts",
        "Article 5 of the SPC Provisions on Private Lending Contracts",
        "PRC Regulations on Electricity Supply Contracts, Article 3",
    ]
    for citation in real_kinds:
        assert judged.judge(citation, "x").status == "unverifiable", citation


@dataclass
class RivalChecker(FakeChecker):
    rival: tuple[EvidenceSource, float] | None = None

    def best_support(
        self, claim: str, jurisdiction: str | None = None
    ) -> tuple[EvidenceSource, float] | None:
        return self.rival


def test_a_single_citation_with_a_clearly_better_neighbour_is_unsupported() -> None:
    cited = _verdict(support="supports", score=0.65)
    judge = CitationJudge(RivalChecker(cited, rival=(OTHER, 0.70)))
    check = judge.rival(judge.judge("民法典第586条", "定金不得超过百分之二十"), "定金不得超过")
    assert check.status == "unsupported" and check.better == OTHER
    close = CitationJudge(RivalChecker(cited, rival=(OTHER, 0.66)))  # within the margin
    assert close.rival(close.judge("民法典第586条", "定金"), "定金").status == "supported"
    itself = CitationJudge(RivalChecker(cited, rival=(ARTICLE, 0.9)))
    assert itself.rival(itself.judge("民法典第586条", "定金"), "定金").status == "supported"


def test_an_interpretation_that_scores_a_little_higher_does_not_unseat_the_code_article() -> None:
    """An SPC interpretation elaborates the Code article a point cites and often scores a
    little higher for the same point; only a clear lead makes the article the wrong one."""
    cited = _verdict(support="supports", score=0.69)
    interpretation = ARTICLE.model_copy(
        update={
            "doc_id": "cn.spc-contract-general.31",
            "law": "合同编通则解释",
            "article": "第31条",
        }
    )
    near = CitationJudge(RivalChecker(cited, rival=(interpretation, 0.72)))
    assert near.rival(near.judge("民法典第586条", "抵销"), "抵销").status == "supported"
    same_law = CitationJudge(RivalChecker(cited, rival=(OTHER, 0.72)))  # a neighbour: 0.02 will do
    assert same_law.rival(same_law.judge("民法典第586条", "抵销"), "抵销").status == "unsupported"
    clear = CitationJudge(RivalChecker(cited, rival=(interpretation, 0.76)))
    check = clear.rival(clear.judge("民法典第586条", "抵销"), "抵销")
    assert check.status == "unsupported" and check.better == interpretation


@dataclass
class PerCitationChecker(FakeChecker):
    by_citation: dict[str, CitationVerdict] = field(default_factory=dict)

    def verify(self, citation: str, claim: str, search_conflicts: bool = True) -> CitationVerdict:
        return self.by_citation.get(citation, self.verdict)


def test_an_article_cited_beside_one_that_supports_the_point_is_not_judged_alone() -> None:
    """Two articles cited together each carry a part of the point: the one that scores low
    against the whole point is unverifiable, not unsupported; alone, it is unsupported."""
    from pipeline.draft_check.points import DraftPoint
    from pipeline.draft_check.verdicts import judge_citations

    good = _verdict(support="supports", score=0.7)
    low = _verdict(support="unrelated", score=0.05, evidence=OTHER)
    checker = PerCitationChecker(good, by_citation={"民法典第585条": low})
    both = DraftPoint(index=0, reasoning="违约金过高", citations=("民法典第586条", "民法典第585条"))
    statuses = [c.status for c in judge_citations(CitationJudge(checker), both)]
    assert statuses == ["supported", "unverifiable"]
    alone = DraftPoint(index=0, reasoning="违约金过高", citations=("民法典第585条",))
    assert [c.status for c in judge_citations(CitationJudge(checker), alone)] == ["unsupported"]
