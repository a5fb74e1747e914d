"""Catalogue cases for the same payment owed both ways (payment_direction_conflict). Each
negative is the same contract with the clause the right way round."""

from __future__ import annotations

ZH_AGENCY = """销售代理合同

委托方（甲方）：杭州明川电子有限公司
代理方（乙方）：宁波东港贸易有限公司

第五条 甲方应按本合同附件二所列比例向乙方支付佣金，佣金按季度结算。
第六条 佣金于每季度结束后三十日内由{payer}向{payee}支付。
第七条 乙方代收的货款，应于收到之日起五日内转付甲方；乙方应向甲方支付代收的货款，不得截留。
第九条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

EN_AGENCY = """COMMERCIAL AGENCY AGREEMENT

This Agreement is made on 2 June 2025 between Kunshan Veldmark Components Co., Ltd. (the "Principal") and Harbour Trading Ltd (the "Agent").
7.1 The Principal shall pay the Agent Commission on all Orders concluded as a result of the Agent's action.
7.4 Commission due in each calendar quarter shall be paid by the {payer} to the {payee} within thirty days after the quarter ends.
12. This Agreement is governed by {law}.
"""

_ENGLAND = "the laws of England and Wales"
_PRC = "the laws of the People's Republic of China"

PAYMENT_CASES: list[tuple[str, str, str]] = [
    (
        "cn.party.payment_reversed",
        ZH_AGENCY.format(payer="乙方", payee="甲方"),
        ZH_AGENCY.format(payer="甲方", payee="乙方"),
    ),
    (
        "en.party.payment_reversed",
        EN_AGENCY.format(payer="Agent", payee="Principal", law=_ENGLAND),
        EN_AGENCY.format(payer="Principal", payee="Agent", law=_ENGLAND),
    ),
    (
        "en.prc.party.payment_reversed",
        EN_AGENCY.format(payer="Agent", payee="Principal", law=_PRC),
        EN_AGENCY.format(payer="Principal", payee="Agent", law=_PRC),
    ),
]
