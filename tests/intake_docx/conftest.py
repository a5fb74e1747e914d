"""Real .docx contracts for the DOCX intake tests, built with python-docx.

Each builder records, as it adds them, the paragraph number (¶) of the paragraphs the tests
look for: the ¶ counts every paragraph of the body in order, a table's cells included (each
cell python-docx creates holds one paragraph).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.intake_docx.builder import add_list, new_document, numbered, save


@dataclass
class Built:
    """A contract under construction: the document, its expected lines and named ¶s."""

    doc: Any = field(default_factory=new_document)
    lines: list[str] = field(default_factory=list)
    marks: dict[str, int] = field(default_factory=dict)
    count: int = 0

    def para(self, text: str, mark: str | None = None) -> None:
        self.doc.add_paragraph(text)
        self._record(text, mark)

    def item(self, number: str, text: str, num_id: str, ilvl: int, mark: str | None = None) -> None:
        """A paragraph Word numbers itself; ``number`` is what Word shows for it."""
        numbered(self.doc, text, num_id, ilvl)
        self._record(f"{number} {text}", mark)

    def table(self, rows: Sequence[Sequence[str]]) -> int:
        """Add a table; return the ¶ of its first cell."""
        table = self.doc.add_table(rows=len(rows), cols=len(rows[0]))
        first = self.count + 1
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                table.cell(r, c).text = value
                self.count += 1
            self.lines.append(" | ".join(row))
        return first

    def _record(self, line: str, mark: str | None) -> None:
        self.count += 1
        self.lines.append(line)
        if mark:
            self.marks[mark] = self.count

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


PAYMENT_TABLE = [
    ["期次", "比例", "金额（元）"],
    ["第一期", "30%", "300,000.00"],
    ["第二期", "60%", "600,000.00"],
    ["第三期", "10%", "50,000.00"],  # planted: the instalments add up to 950,000.00
    ["合计", "100%", "1,000,000.00"],
]
ZH_HEADER = "合同编号：HT-2025-0418　保密"
ZH_FOOTER = "第九条 本页眉页脚不属于合同条款"


def build_zh_sale(path: Path) -> Built:
    """A Chinese sale contract numbered by Word (第%1条 / %1.%2, legal style): a 定金 of 30%
    of the price (planted), a payment table whose instalments do not add up (planted), a
    header and a footer (the footer looks like a clause: it must not become one)."""
    b = Built()
    b.para("设备买卖合同", "title")
    b.para("合同编号：HT-2025-0418")
    b.para("甲方（买方）：上海恒远精密机械有限公司")
    b.para("乙方（卖方）：苏州博达数控设备有限公司")
    clauses = add_list(b.doc, [("chineseCounting", "第%1条"), ("decimal", "%1.%2")], legal=True)
    b.item("第一条", "标的物", clauses, 0, "clause1")
    b.item("1.1", "乙方向甲方出售五轴联动数控加工中心（型号：BD-V650）两台。", clauses, 1)
    b.item("第二条", "价款及支付方式", clauses, 0)
    b.item(
        "2.1", "合同总价款为人民币壹佰万元整（¥1,000,000.00），含13%增值税。", clauses, 1, "price"
    )
    b.item(
        "2.2",
        "本合同签订之日起五个工作日内，甲方向乙方支付定金人民币叁拾万元整（¥300,000.00）。",
        clauses,
        1,
        "deposit",
    )
    b.item("2.3", "其余价款按下表支付：", clauses, 1, "schedule")
    b.marks["table"] = b.table(PAYMENT_TABLE)
    b.item("第三条", "交货", clauses, 0)
    b.item("3.1", "乙方应于2025年6月30日前将设备运抵甲方位于上海市浦东新区的工厂。", clauses, 1)
    b.item("第四条", "争议解决", clauses, 0)
    b.item("4.1", "因本合同发生的争议，提交上海仲裁委员会仲裁。", clauses, 1)
    b.para("甲方（盖章）：　　　　乙方（盖章）：", "signature")
    section = b.doc.sections[0]
    section.header.paragraphs[0].text = ZH_HEADER
    section.footer.paragraphs[0].text = ZH_FOOTER
    save(b.doc, path)
    return b


def build_en_services(path: Path) -> Built:
    """An English services agreement numbered by Word ("Section %1" / "%1.%2", legal style),
    with liquidated damages stipulated "as a penalty" (planted) and a fee table."""
    b = Built()
    b.para("MASTER SERVICES AGREEMENT", "title")
    b.para(
        'This Master Services Agreement (the "Agreement") is entered into as of March 3, 2025 '
        'by and between Northwind Analytics, Inc., a Delaware corporation ("Provider"), and '
        'Harbor Freight Logistics LLC, a Washington limited liability company ("Customer").'
    )
    sections = add_list(b.doc, [("decimal", "Section %1"), ("decimal", "%1.%2")], legal=True)
    b.item("Section 1", "SERVICES", sections, 0)
    b.item(
        "1.1",
        "Provider shall perform the data analytics services described in each Statement of "
        "Work in a professional and workmanlike manner.",
        sections,
        1,
    )
    b.item("Section 2", "FEES", sections, 0)
    b.item(
        "2.1",
        "Customer shall pay Provider the fees set out below within thirty (30) days of invoice.",
        sections,
        1,
    )
    b.marks["table"] = b.table(
        [["Item", "Fee (USD)"], ["Onboarding", "15,000"], ["Monthly analytics", "25,000"]]
    )
    b.item("Section 3", "LIQUIDATED DAMAGES", sections, 0)
    b.item(
        "3.1",
        "If Provider fails to meet a delivery milestone, Provider shall pay Customer liquidated "
        "damages of $50,000 per day of delay, as a penalty, regardless of Customer's actual loss.",
        sections,
        1,
        "penalty",
    )
    b.item("Section 4", "GOVERNING LAW", sections, 0)
    b.item(
        "4.1",
        "This Agreement is governed by the laws of the State of New York.",
        sections,
        1,
    )
    b.doc.sections[0].header.paragraphs[0].text = "CONFIDENTIAL - Northwind / Harbor Freight"
    save(b.doc, path)
    return b


@pytest.fixture(scope="session")
def zh_sale(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Built]:
    path = tmp_path_factory.mktemp("docx") / "设备买卖合同.docx"
    return path, build_zh_sale(path)


@pytest.fixture(scope="session")
def en_services(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Built]:
    path = tmp_path_factory.mktemp("docx") / "services_agreement.docx"
    return path, build_en_services(path)
