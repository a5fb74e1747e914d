"""Whether a cited law reaches the contract at all: an article can exist, be in force and
read like the point, and still govern another kind of contract.

"9 U.S.C. § 2" makes arbitration agreements enforceable; it says nothing about a contract with
none. 民法典第680条 caps a loan's interest; a sale's late-payment charge is a penalty (585).
UCC Article 2 governs sales of goods, not an office lease. The test is deliberately generous
(precision first): a law reaches the contract when the contract anywhere uses the words of the
relation that law governs, so only a citation to a law whose subject the contract never
mentions is flagged. The Civil Code's sale chapter is never flagged: other paid contracts borrow
its rules where their own are silent (民法典646).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class LawScope:
    subject: str  # what the law governs, for the reason
    law_key: str  # the KB's law key the doc_id starts with
    articles: tuple[int, int] | None  # an article range within the law, or the whole law
    mentions: re.Pattern[str]  # words a contract it reaches uses somewhere


def _scope(subject: str, law_key: str, mentions: str, first: int = 0, last: int = 0) -> LawScope:
    return LawScope(subject, law_key, (first, last) if first else None, re.compile(mentions, re.I))


_CODE = "cn.civil-code"
_EMPLOYMENT = r"劳动者|用人单位|劳动合同|员工|职工|雇员|employ|staff|worker"
# the Civil Code's typical contracts after sale (Book 3, Part 2, chapters 10-27)
SCOPES: tuple[LawScope, ...] = (
    _scope("contracts to supply electricity, water, gas or heat", _CODE,
           r"供电|供水|供气|供热|用电|用水|用气|electricity|water supply|gas supply", 648, 656),
    _scope("gifts", _CODE, r"赠与|捐赠|\bgift|donat", 657, 666),
    _scope("loan contracts", _CODE, r"借款|贷款|借贷|出借|\bloan|borrow|\blend", 667, 680),
    _scope("guarantee contracts", _CODE,
           r"保证人|保证责任|保证期间|保证合同|担保人|担保责任|guarant|suret", 681, 702),
    _scope("leases", _CODE, r"租赁|租金|出租|承租|\blease|\brent|tenan|\bhire", 703, 734),
    _scope("finance leases", _CODE, r"融资租赁|financ(?:e|ial) lease", 735, 760),
    _scope("factoring", _CODE, r"保理|应收账款|factoring|receivable", 761, 769),
    _scope("contracts for work (承揽)", _CODE,
           r"承揽|定作|定制|加工|processing|manufactur|made to order|bespoke|custom", 770, 787),
    _scope("construction contracts", _CODE,
           r"建设工程|施工|工程|勘察|construction|building works|\bworks\b", 788, 808),
    _scope("contracts of carriage", _CODE,
           r"运输|承运|托运|货运|物流|carriage|carrier|freight|shipping|transport|logistic",
           809, 842),
    _scope("technology contracts", _CODE,
           r"技术|专利|软件|know-how|technolog|patent|software", 843, 887),
    _scope("custody contracts", _CODE,
           r"保管|寄存|仓储|custody|safekeeping|storage|warehous", 888, 903),
    _scope("warehousing contracts", _CODE, r"仓储|仓库|入库|warehous|storage", 904, 918),
    _scope("mandates (委托)", _CODE, r"委托|代理|代为|\bagen(?:t|cy)|mandate|on behalf", 919, 936),
    _scope("property services contracts", _CODE,
           r"物业|property (?:management|services)|facilit(?:y|ies) management", 937, 950),
    _scope("commission agency (行纪)", _CODE, r"行纪|commission agen|consign", 951, 960),
    _scope("intermediary contracts (中介)", _CODE,
           r"中介|居间|撮合|broker|intermediar|introduc|委托", 961, 966),
    _scope("partnership contracts", _CODE, r"合伙|partner", 967, 978),
    _scope("employment", "cn.labor-contract-law", _EMPLOYMENT),
    _scope("employment", "cn.labor-law", _EMPLOYMENT),
    _scope("arbitration", "cn.arbitration-law", r"仲裁|arbitra"),
    _scope("arbitration", "cn.spc-arbitration", r"仲裁|arbitra"),
    _scope("arbitration agreements", "us.9usc", r"仲裁|arbitra"),
    # UCC Article 2: a contract that never speaks of goods is no sale of goods
    _scope("sales of goods", "us.dc-ucc.2-",
           r"\bgoods\b|\bproducts?\b|merchandise|equipment|\bunits\b|inventory|materials"),
)  # fmt: skip


def _article_number(doc_id: str, law_key: str) -> int | None:
    tail = doc_id.removeprefix(law_key).lstrip(".")
    return int(tail) if tail.isdigit() else None


def out_of_scope(doc_id: str, contract_text: str) -> str | None:
    """Why the law of ``doc_id`` does not reach this contract, or None when it may."""
    for scope in SCOPES:
        if not doc_id.startswith(scope.law_key):
            continue
        if scope.articles is not None:
            number = _article_number(doc_id, scope.law_key)
            first, last = scope.articles
            if number is None or not first <= number <= last:
                continue
        if not scope.mentions.search(contract_text):
            return f"it governs {scope.subject}, and the contract nowhere speaks of one"
    return None
