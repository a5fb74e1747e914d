"""Typed facts that do not depend on one wording: a date's role from the verb it times, and
a party named in capitals in an English parties clause."""

from __future__ import annotations

from pipeline.stages.parse_entities import ParseEntities
from tests.entities.helpers import make_document


def _entities(text: str, kind: str) -> list[tuple[str, dict[str, object]]]:
    out = ParseEntities().run(document=make_document(text))
    return [(e.text, dict(e.attrs)) for e in out["entities"] if e.kind == kind]


def test_a_chinese_date_takes_the_role_of_the_verb_a_place_phrase_away() -> None:
    text = "二手车买卖合同\n4.1 甲方应于2025年3月1日在武汉市洪山区二手车交易市场向乙方交付车辆。\n签订日期：2025年3月10日\n"
    roles = {t: a.get("role") for t, a in _entities(text, "date")}
    assert roles == {"2025年3月1日": "delivery", "2025年3月10日": "signing"}


def test_the_role_verb_is_not_taken_across_a_pause() -> None:
    text = "合同\n甲方应于2025年3月1日前，将场地清理完毕；乙方随后交付设备。\n"
    roles = [a.get("role") for _, a in _entities(text, "date")]
    assert roles == [None]


def test_a_registered_name_in_capitals_names_the_party() -> None:
    text = (
        "SUPPLY AGREEMENT\n(1) HARBOURSIDE PACKAGING SOLUTIONS LIMITED, incorporated in England "
        'with company number 08412736, whose registered office is at Unit 4, Wakefield (the "Supplier"); and\n'
        "(2) MEADOWVALE FOODS LIMITED, whose registered office is at Meadowvale House, Leicester "
        '(the "Buyer").\n'
    )
    names = {a.get("term"): a.get("name") for _, a in _entities(text, "party")}
    assert names == {
        "Supplier": "HARBOURSIDE PACKAGING SOLUTIONS LIMITED",
        "Buyer": "MEADOWVALE FOODS LIMITED",
    }


def test_a_body_name_that_differs_from_the_capitalised_party_name_is_flagged() -> None:
    from pipeline.stages.validate_rules import ValidateRules

    head = (
        "SUPPLY AGREEMENT\nThis agreement is governed by the law of England and Wales.\n"
        "(1) HARBOURSIDE PACKAGING SOLUTIONS LIMITED, incorporated in England "
        '(the "Supplier"); and\n(2) MEADOWVALE FOODS LIMITED (the "Buyer").\n'
    )
    parse, validate = ParseEntities(), ValidateRules()

    def types(text: str) -> set[str]:
        document = make_document(text)
        found = validate.run(document=document, **parse.run(document=document))
        return {f.type for f in found["rule_findings"]}

    wrong = "9.1 All invoices shall be issued by Harbourside Packaging Group Limited.\n"
    right = "9.1 All invoices shall be issued by Harbourside Packaging Solutions Limited.\n"
    assert "party_inconsistency" in types(head + wrong)
    assert "party_inconsistency" not in types(head + right)
