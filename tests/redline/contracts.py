"""The Word contract the redline tests review, built with python-docx: Word's own numbering,
a table, a header, and clauses whose problem words carry bold and italic runs.

The numbering is plain decimal ("3." / "3.1"): LibreOffice 7.4, which the tests use to accept
and reject the changes, ignores Word's legal-style numbering (``w:isLgl``) and would show the
clause numbers differently from Word and Intake."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.intake_docx.builder import add_list, new_document, numbered, save
from tests.redline.wordfiles import Runs, add_runs

HEADER = "合同编号：HT-2025-0418　保密"
EXEMPTION_BOLD = "乙方对因设备缺陷造成甲方人员人身伤害的，"
EXEMPTION_ITALIC = "不承担任何赔偿责任。"
ARBITRATION = "协商不成的，提交上海仲裁委员会仲裁。"
LITIGATION = "协商不成的，任何一方均可向甲方所在地人民法院提起诉讼。"
PAYMENT_TABLE = [
    ["期次", "比例", "金额（元）"],
    ["第一期", "30%", "300,000.00"],
    ["第二期", "70%", "700,000.00"],
]


def _mixed(doc: Any, runs: Runs, num_id: str, ilvl: int) -> Any:
    """A numbered paragraph of formatted runs."""
    return add_runs(numbered(doc, "", num_id, ilvl), runs)


def build_sale(path: Path) -> Path:
    """A Chinese sale contract: a void personal-injury exemption (3.1) and arbitration (4.1)
    beside litigation at 甲方's court (4.2)."""
    doc = new_document()
    doc.add_paragraph().add_run("设备买卖合同").bold = True
    doc.add_paragraph("甲方（买方）：上海恒远精密机械有限公司")
    doc.add_paragraph("乙方（卖方）：苏州博达数控设备有限公司")
    clauses = add_list(doc, [("decimal", "%1."), ("decimal", "%1.%2")])
    numbered(doc, "标的物", clauses, 0)
    _mixed(doc, [("", "乙方向甲方出售"), ("b", "五轴联动数控加工中心"), ("", "两台。")], clauses, 1)
    numbered(doc, "价款及支付", clauses, 0)
    numbered(doc, "合同总价款为人民币壹佰万元整（¥1,000,000.00）。", clauses, 1)
    numbered(doc, "价款按下表支付：", clauses, 1)
    table = doc.add_table(rows=len(PAYMENT_TABLE), cols=3)
    for r, row in enumerate(PAYMENT_TABLE):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    numbered(doc, "责任", clauses, 0)
    _mixed(doc, [("b", EXEMPTION_BOLD), ("i", EXEMPTION_ITALIC)], clauses, 1)
    _mixed(
        doc,
        [("", "乙方迟延交货的，每日按合同总价款的"), ("bi", "千分之一"), ("", "支付违约金。")],
        clauses,
        1,
    )
    numbered(doc, "争议解决", clauses, 0)
    _mixed(doc, [("", "协商不成的，提交"), ("b", "上海仲裁委员会"), ("", "仲裁。")], clauses, 1)
    _mixed(doc, [("i", LITIGATION)], clauses, 1)
    doc.add_paragraph("甲方（盖章）：　　　　乙方（盖章）：")
    doc.sections[0].header.paragraphs[0].text = HEADER
    return save(doc, path)
