"""One party given two identity numbers: a company's file number in the parties block and, under
its defined role, in a representation (dev miss en_n07); a natural person's 身份证号码 in the
parties block and on the signature page (dev miss zh_t08). Written here, not copied; the lawful
twins give the same number twice."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EN = """CATERING SERVICES AGREEMENT

This Agreement is made on March 3, 2025 between:
HOLLOWAY TABLE CATERING, LLC, a Delaware limited liability company, Delaware file number 7712048, having its principal office at 14 Front Street, Dover, Delaware 19901 ("Caterer"); and
NORTHBRIDGE ANALYTICS, INC., a Delaware corporation, Delaware file number 5520931, having its principal office at 8 Elm Road, Newark, Delaware 19711 ("Client").
1. SERVICES
1.1 Caterer shall provide catering for the Client's events for a fee of US$18,000 per event.
2. REPRESENTATIONS
2.1 Caterer represents that it is a limited liability company in good standing under Delaware file number {number}.
3. LAW
3.1 This Agreement is governed by the laws of the State of Delaware.
"""


@pytest.mark.parametrize(("number", "fires"), [("7710248", True), ("7712048", False)])
def test_a_companys_file_number_under_its_role_must_match_the_parties_block(
    stages: Stages, number: str, fires: bool
) -> None:
    found = "party_inconsistency" in finding_types(stages, _EN.format(number=number))
    assert found is fires


_ZH = """存量房买卖合同

出卖人一：陈立新，男，身份证号码：330103198203114517
出卖人二：吴晓萍，女，身份证号码：330103198509226028
买受人：杭州禾木科技有限公司，统一社会信用代码：91330106MA2H7K3Q4X

第一条 房屋
出卖人出售位于杭州市西湖区文三路100号的房屋，建筑面积98.5平方米。
第二条 价款
房屋总价款为人民币叁佰贰拾万元整（¥3,200,000.00）。
第三条 争议
因本合同引起的争议，由房屋所在地人民法院管辖。

出卖人一（签字）：陈立新；证件号码：330103198203114517
出卖人二（签字）：吴晓萍；证件号码：{number}
买受人（盖章）：杭州禾木科技有限公司
"""


@pytest.mark.parametrize(
    ("number", "fires"), [("330103198509266028", True), ("330103198509226028", False)]
)
def test_a_persons_id_number_on_the_signature_page_must_match_the_parties_block(
    stages: Stages, number: str, fires: bool
) -> None:
    found = "party_inconsistency" in finding_types(stages, _ZH.format(number=number))
    assert found is fires
