"""Fixtures for the foundation tests: real PDFs rendered with reportlab."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.testing.pdf import render_text_pdf

ZH_PAGES = [
    "房屋租赁合同\n第一条 出租人：北京瑞丰置业有限公司（以下简称甲方）\n承租人：李明（以下简称乙方）\n"
    "第二条 租赁物为北京市海淀区中关村大街27号1单元502室，建筑面积89.5平方米。",
    "第三条 租赁期限自2025年3月1日起至2027年2月28日止，共24个月。\n"
    "第四条 月租金为人民币捌仟伍佰元整（¥8,500.00），乙方应于每月5日前支付。",
    "第五条 乙方应于签约时支付押金人民币壹万柒仟元整（¥17,000.00）。\n"
    "第六条 因本合同发生的争议，提交北京仲裁委员会仲裁。\n甲方（签章）：        乙方（签字）：",
]

EN_PAGES = [
    "SOFTWARE LICENSE AGREEMENT\n1. Grant. Licensor grants Licensee a non-exclusive licence to use the "
    "Software.\n2. Fees. Licensee shall pay USD 120,000 within thirty (30) days.",
    "3. Term. This Agreement continues for twelve (12) months from May 20, 2025.\n"
    "4. Governing Law. This Agreement is governed by the laws of the State of New York.",
    "5. Notices. All notices shall be in writing.\nSigned by the parties on May 20, 2025.",
]


@pytest.fixture(scope="session")
def zh_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pdf") / "lease_zh.pdf"
    render_text_pdf("\f".join(ZH_PAGES), path)
    return path


@pytest.fixture(scope="session")
def en_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pdf") / "licence_en.pdf"
    render_text_pdf("\f".join(EN_PAGES), path)
    return path
