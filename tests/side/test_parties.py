"""Who is party A/B, and whom a sentence makes the payer or indemnitor (real ParseEntities)."""

from __future__ import annotations

import hashlib

import pytest

from pipeline.entities import parse_contract
from pipeline.model import Document, Finding, PageMap
from pipeline.side import contract_parties, hurt_party, resolve_side

ZH_HEAD = (
    "买卖合同\n\n甲方（买方）：上海恒远精密机械有限公司\n乙方（卖方）：苏州博达数控设备有限公司\n\n"
)
EN_HEAD = (
    "This Agreement is made by and between Northwind Analytics, Inc., a Delaware corporation "
    '("Provider"), and Harbor Freight Logistics LLC, a Washington company ("Customer").\n\n'
)


def _document(text: str) -> Document:
    return Document(
        source_path="contract.txt",
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        media_type="text",
        text=text,
        page_map=PageMap(page_starts=(0,), text_length=len(text)),
    )


@pytest.mark.parametrize(
    ("head", "clause", "anchor", "role", "expected"),
    [
        (ZH_HEAD, "2.1 乙方应于签约时向甲方支付定金人民币10万元。", "定金", "payer", "party_b"),
        (ZH_HEAD, "2.1 定金人民币10万元由甲方于签约当日支付给乙方。", "定金", "payer", "party_a"),
        (ZH_HEAD, "2.1 定金人民币10万元由甲方于签约当日支付给乙方。", "定金", "payee", "party_b"),
        (ZH_HEAD, "6.1 卖方逾期交货的，应向买方支付合同总价20%的违约金。", "违约金", "payer",
         "party_b"),
        (ZH_HEAD, "6.1 双方约定违约方应向守约方支付违约金。", "违约金", "payer", None),
        (ZH_HEAD, "1.1 乙方向甲方出售设备。", "设备", "seller", "party_b"),
        (EN_HEAD, "9.1 Customer shall indemnify and hold harmless Provider from all claims.",
         "indemnify", "indemnitor", "party_b"),
        (EN_HEAD, "9.1 Customer shall indemnify and hold harmless Provider from all claims.",
         "indemnify", "indemnitee", "party_a"),
        (EN_HEAD, "4.2 Provider shall pay to Customer a service credit of 10% of the fees.",
         "service credit", "payer", "party_a"),
        (EN_HEAD, "4.2 Provider shall pay to Customer a service credit of 10% of the fees.",
         "service credit", "buyer", "party_b"),
    ],
)  # fmt: skip
def test_hurt_party(head: str, clause: str, anchor: str, role: str, expected: str | None) -> None:
    document = _document(head + clause + "\n")
    parties = contract_parties(parse_contract(document).entities)
    start = document.text.index(anchor, len(head))
    finding = Finding(
        type="test_finding",
        severity="HIGH",
        span=document.span(start, start + len(anchor)),
        quote=anchor,
        message="m",
        stage="test",
    )
    assert hurt_party(role, finding, document, parties) == expected


def test_parties_and_role_words() -> None:
    zh = contract_parties(
        parse_contract(_document(ZH_HEAD + "1.1 乙方向甲方出售设备。\n")).entities
    )
    assert {k: (p.label, sorted(p.roles)) for k, p in zh.items()} == {
        "party_a": ("甲方/买方", ["buyer"]),
        "party_b": ("乙方/卖方", ["seller"]),
    }
    assert resolve_side("buyer", zh, "c.txt") == "party_a"
    assert resolve_side("乙方", zh, "c.txt") == "party_b"
    assert resolve_side("neutral", zh, "c.txt") is None
    en = contract_parties(parse_contract(_document(EN_HEAD + "1.1 Services.\n")).entities)
    assert {k: p.label for k, p in en.items()} == {"party_a": "Provider", "party_b": "Customer"}
    assert resolve_side("buyer", en, "c.txt") == "party_b"
    assert resolve_side("seller", en, "c.txt") == "party_a"
