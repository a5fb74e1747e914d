"""Positive and negative texts for arbitration chosen in one sentence and a lawsuit allowed as an
alternative in the next, under PRC law: the negative keeps the court to enforcing the award."""

from __future__ import annotations

EN_PRC_FORUMS = """EQUIPMENT SUPPLY CONTRACT

This Contract is made on 3 March 2025 between Suzhou Jingke Machinery Co., Ltd. ("Seller") and Wuxi Huada Auto Parts Co., Ltd. ("Buyer").
16.1 This Contract is governed by the laws of the People's Republic of China.
17.1 Any dispute arising from this Contract shall be submitted to the Shanghai International Arbitration Center for arbitration in Shanghai.
17.2 {second}
"""

FORUM_SPLIT_CASES: list[tuple[str, str, str]] = [
    (
        "en.prc.dispute.arbitration_and_litigation",
        EN_PRC_FORUMS.format(
            second="Either Party may alternatively bring a lawsuit before the competent "
            "people's court at the place where the Buyer is domiciled."
        ),
        EN_PRC_FORUMS.format(
            second="Either Party may bring proceedings before the competent people's court "
            "to enforce the arbitral award."
        ),
    ),
]
