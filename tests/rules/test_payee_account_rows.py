"""The payee named in a bank-details table ("Account name | …", "户名 | …") is the party the
contract pays: a company there named unlike the party is a variant, as after a colon."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import en_prc
from tests.rules.helpers import Stages, rule_ids

_EN_BANK = (
    "Schedule 2 Bank Details\nAccount name | {payee}\nBank | Bank of Jiangsu, Suzhou Branch\n"
)

ZH_SERVICE = """技术服务合同

甲方：宁波海曙智联科技有限公司
乙方：宁波东港精密机械有限公司

第一条 甲方应于验收合格后十日内向乙方支付服务费人民币贰拾万元整（¥200,000.00）。
第二条 因本合同发生的争议，提交宁波仲裁委员会仲裁。
附件一 收款账户
户名 | {payee}
开户行 | 中国银行宁波分行
"""


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def test_an_english_account_row_in_another_companys_name(stages: Stages) -> None:
    rule = "en.prc.party.name_variant"
    assert rule in rule_ids(stages, en_prc(extra=_EN_BANK.format(payee="Hanse Werkzeug GmbH")))
    assert rule not in rule_ids(stages, en_prc(extra=_EN_BANK.format(payee="Hanse Maschinen GmbH")))


def test_a_chinese_account_row_in_another_companys_name(stages: Stages) -> None:
    rule = "cn.party.name_variant"
    assert rule in rule_ids(stages, ZH_SERVICE.format(payee="宁波东港机械制造有限公司"))
    assert rule not in rule_ids(stages, ZH_SERVICE.format(payee="宁波东港精密机械有限公司"))
