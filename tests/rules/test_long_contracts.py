"""Long contracts rendered to real multi-page PDFs, where several rules interact.

Each scenario lists the rules that must fire (and only those), and the page each finding must
be anchored to after a real PDF round trip (reportlab -> pypdf -> Intake).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.catalog import default_catalog
from pipeline.config import IntakeLimits
from pipeline.runner import Pipeline
from pipeline.stages.intake import Intake
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from pipeline.testing.pdf import render_text_pdf

FILLER_ZH = "\n".join(
    f"{n}.{k} 乙方应按照国家标准和行业规范组织生产、包装和运输，并对其履行本合同的人员进行安全培训，"
    f"确保设备在运输、装卸和安装过程中不受损坏。"
    for n in (3,)
    for k in range(1, 40)
)

LONG_ZH = f"""工业设备采购合同

合同编号：CG-2025-117
签订日期：2025年7月1日
甲方（买方）：苏州瑞丰新材料有限公司
乙方（卖方）：常州恒力重工机械有限公司
标的物：HL-800型数控冲压机3台

第一条 价款
1.1 合同总价款为人民币贰佰万元整（¥2,000,000.00）。
1.2 本合同签订之日起五日内，甲方向乙方支付定金人民币伍拾万元整（¥500,000.00）。
1.3 设备交付后十日内，甲方支付合同总价款的70%；验收合格后十日内，甲方支付合同总价款的40%。
第二条 交货
2.1 乙方应于2025年9月30日前将设备交付至甲方位于苏州市相城区的工厂。
第三条 质量与安全
{FILLER_ZH}
\f第四条 违约责任
4.1 乙方逾期交货的，每逾期一日，按合同总价款的万分之五支付违约金，违约金总额不超过合同总价款的百分之十。
4.2 乙方对因设备缺陷造成甲方人员人身伤害的，不承担任何赔偿责任。
4.3 本合同的最终解释权归乙方所有。
第五条 争议解决
5.1 因本合同引起的争议，提交苏州仲裁委员会仲裁。
5.2 一方申请撤销仲裁裁决的，由仲裁委员会所在地的中级人民法院管辖。
甲方（盖章）：苏州瑞丰新材料有限公司
乙方（盖章）：常州恒力重工机械有限公司
"""

LONG_EN = (
    """SUPPLY AGREEMENT

This Supply Agreement (the "Agreement") is entered into as of February 3, 2025 by and between Granite Peak Components, Inc., a Colorado corporation ("Supplier"), and Bayview Robotics LLC, a California limited liability company ("Buyer").
1. PRICE
1.1 Buyer shall pay Supplier the total contract price of Two Hundred Thousand Dollars (US$200,000) for 40 units of the Products, in two instalments.
2. TERM
2.1 This Agreement continues for twenty-four (24) months and renews automatically for successive one-year terms unless either party gives notice of non-renewal at least ninety (90) days before the end of the then-current term.
"""
    + "\n".join(
        f"3.{k} Supplier shall manufacture the Products in accordance with the quality plan, keep "
        "calibration records for all test equipment and give Buyer reasonable access to them."
        for k in range(1, 45)
    )
    + """
\f4. LIABILITY
4.1 Each party's aggregate liability under this Agreement shall not exceed the total contract price.
4.2 Supplier shall indemnify and hold harmless Buyer from all third-party claims arising out of defective Products, and such indemnification obligations shall be unlimited.
4.3 If Supplier delivers late, Supplier shall pay liquidated damages of US$2,000 per day, which the parties agree is a reasonable pre-estimate of Buyer's loss and not a penalty.
5. GOVERNING LAW AND DISPUTES
5.1 This Agreement is governed by the laws of the State of California.
5.2 Any dispute arising out of this Agreement shall be finally resolved by arbitration administered by JAMS in San Francisco.
5.3 Judgment on the award may be entered in any court having jurisdiction.
"""
)


LAST = -1  # the last page: the clause follows a forced page break


@pytest.fixture(scope="session")
def pipeline() -> Pipeline:
    validate = ValidateRules(resolver=default_catalog())
    return Pipeline.build([Intake(IntakeLimits()), ParseEntities(), validate], {"source_path": str})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            LONG_ZH,
            {
                "cn.deposit.over_20_percent": 1,
                "cn.amount.instalments_exceed_total": 1,
                "cn.exemption.personal_injury": LAST,
                "cn.standard_terms.unfair": LAST,
            },
        ),
        (
            LONG_EN,
            {"en.indemnity.uncapped_vs_cap": LAST},
        ),
    ],
    ids=["zh_sale_two_pages", "en_supply_two_pages"],
)
def test_long_contract_findings_and_pages(
    pipeline: Pipeline, tmp_path: Path, text: str, expected: dict[str, int]
) -> None:
    pdf = tmp_path / "contract.pdf"
    pages = render_text_pdf(text, pdf)
    assert pages >= 2
    result = pipeline.run({"source_path": str(pdf)})
    document = result.artifacts["document"]
    findings = result.artifacts["rule_findings"]
    fired = {f.rule_id: f for f in findings}
    assert set(fired) == set(expected), [(f.rule_id, f.quote) for f in findings]
    for rule, page in expected.items():
        finding = fired[rule]
        assert finding.span.page == (pages if page == LAST else page)
        assert document.text[finding.span.start : finding.span.end] == finding.quote
