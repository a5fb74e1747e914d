"""A cited law that does not reach the contract: the article exists and reads like the point,
but governs another kind of contract (the KB's verdict is a fake here: the service boundary)."""

from __future__ import annotations

import pytest

from kb.types import CitationRef, CitationVerdict, LookupResult
from pipeline.draft_check.citations import CitationJudge
from pipeline.draft_check.law_scope import out_of_scope
from pipeline.draft_check.points import DraftPoint
from pipeline.draft_check.verdicts import PointChecker
from pipeline.model import EvidenceSource
from pipeline.testing.documents import single_page_document
from tests.draft_check.test_citation_judge import FakeChecker

_SALE = "买卖合同\n第一条 甲方向乙方购买钢材100吨，总价款人民币50万元。\n第八条 乙方逾期付款的，每日按万分之五支付违约金。\n"
_LEASE = "OFFICE LEASE\n1. The Landlord lets the Premises to the Tenant for five years at a rent of $12,000 a month.\n9. Disputes go to the courts of New York County.\n"
_ARBITRATED = _LEASE.replace(
    "the courts of New York County", "arbitration under the AAA Commercial Rules"
)


@pytest.mark.parametrize(
    ("doc_id", "text", "flagged"),
    [
        ("cn.civil-code.680", _SALE, True),  # a loan's interest cap cited on a sale
        ("cn.civil-code.585", _SALE, False),  # general contract law reaches every contract
        ("cn.civil-code.626", _SALE, False),  # the sale chapter itself
        ("cn.civil-code.680", _SALE.replace("买卖合同", "借款及买卖合同"), False),
        ("us.9usc.2", _LEASE, True),  # the FAA on a lease whose disputes go to court
        ("us.9usc.2", _ARBITRATED, False),
        ("us.dc-ucc.2-718", _LEASE, True),  # UCC Article 2 on a lease of premises
        ("us.dc-ucc.2-718", _LEASE.replace("the Premises", "the Premises and the goods"), False),
        ("us.dc-ucc.1-201", _LEASE, False),  # Article 1 is general
        ("cn.labor-contract-law.24", _SALE, True),
        ("cn.labor-contract-law.24", _SALE + "第九条 乙方员工不得……\n", False),
    ],
)  # fmt: skip
def test_a_law_reaches_a_contract_that_speaks_of_its_subject(
    doc_id: str, text: str, flagged: bool
) -> None:
    assert (out_of_scope(doc_id, text) is not None) is flagged


def _supported(doc_id: str, citation: str) -> CitationVerdict:
    evidence = EvidenceSource(
        doc_id=doc_id, law="9 U.S.C.", article="§ 2", anchor="§ 2",
        quote="A written provision in any contract … to settle by arbitration … shall be valid.",
    )  # fmt: skip
    lookup = LookupResult.model_validate(
        {"citation": citation, "parsed": CitationRef(raw=citation, law_key="us.9usc", article="2"),
         "exists": True, "status": "in_force", "evidence": evidence, "message": "found",
         "held": True}
    )  # fmt: skip
    return CitationVerdict(lookup=lookup, support="supports", score=0.9)


@pytest.mark.parametrize(
    ("text", "verdict"), [(_LEASE, "unsupported_citation"), (_ARBITRATED, "ok")]
)
def test_the_point_checker_flags_a_law_outside_the_contract(text: str, verdict: str) -> None:
    judge = CitationJudge(FakeChecker(_supported("us.9usc.2", "9 U.S.C. § 2")))
    point = DraftPoint(
        index=0, quotes=("Disputes go to",), reasoning="The dispute clause is enforceable.",
        citations=("9 U.S.C. § 2",),
    )  # fmt: skip
    (check,) = PointChecker(single_page_document(text), judge).check_all([point])
    assert check.verdict == verdict
    if verdict != "ok":
        assert "nowhere speaks of one" in check.reasons[0]
