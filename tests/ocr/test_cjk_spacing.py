"""The spaces tesseract's chi_sim puts inside Chinese are removed; every other space stays."""

from __future__ import annotations

import pytest

from pipeline.stages.intake_support.cjk_spacing import join_cjk_spacing

CASES = [
    # (OCR output, what the rules see)
    ("合 同 总 价 款", "合同总价款"),
    ("应 向 守 约 方 支 付 违 约 金 。", "应向守约方支付违约金。"),
    ("违约金 ， 双方", "违约金，双方"),  # CJK punctuation
    ("《 民 法 典 》 第 五 百 八 十 六 条", "《民法典》第五百八十六条"),
    ("买方 (甲方) : 杭州恒泽", "买方(甲方) :杭州恒泽"),  # ASCII marks OCR reads for （）：
    ("更换 ; 经两次整改", "更换;经两次整改"),
    ("甲方\t乙方", "甲方乙方"),
    ("第一条 标的物", "第一条标的物"),  # a heading needs no space: 第X条 is matched alone
    ("人民币壹佰贰拾万元整 (¥1,250,000.00)", "人民币壹佰贰拾万元整(¥1,250,000.00)"),
    # kept: spaces beside Latin words and figures, and every line break
    ("型号 RF-V850 数量", "型号 RF-V850 数量"),
    ("7.2 任何一方", "7.2 任何一方"),
    ("2025 年", "2025 年"),
    ("甲方\n乙方", "甲方\n乙方"),
    ("甲方 \n 乙方", "甲方 \n 乙方"),
    (
        "Party A (the Buyer) : pays USD 1,000 ; per day",
        "Party A (the Buyer) : pays USD 1,000 ; per day",
    ),
    ("Seller shall deliver 交货", "Seller shall deliver 交货"),
    ("", ""),
]


@pytest.mark.parametrize(("ocr", "expected"), CASES, ids=[c[0] or "empty" for c in CASES])
def test_spaces_inside_chinese_are_removed(ocr: str, expected: str) -> None:
    assert join_cjk_spacing(ocr) == expected


def test_it_is_idempotent_and_keeps_line_count() -> None:
    text = "第 七 条  违 约 责 任\n7.1 乙 方 逾 期 交 货 的 ， 每 逾 期 一 日\nLate delivery : 0.1% per day"
    once = join_cjk_spacing(text)
    assert join_cjk_spacing(once) == once
    assert once.count("\n") == text.count("\n")
    assert once.splitlines() == [
        "第七条违约责任",
        "7.1 乙方逾期交货的，每逾期一日",
        "Late delivery : 0.1% per day",
    ]
