"""Keyword tables: what a clause is about (typed clauses) and what an amount, rate, date or
duration refers to (its ``topic`` or ``role``), taken from the words just before it.

Tables, not code, so a reviewer can read what counts as a deposit clause. 定金, 订金, 押金 and
保证金 are kept apart on purpose: only 定金 carries the double-return effect of 民法典 587.
"""

from __future__ import annotations

import re

CLAUSE_TYPES: dict[str, str] = {
    "deposit": r"定金",
    "earnest_money": r"订金|预付款|预付金",
    "security_deposit": r"押金|保证金|security deposit",
    "penalty": r"违约金|罚款|罚金|滞纳金|liquidated damages|penalt(?:y|ies)",
    "interest": r"利息|利率|interest(?! in)|per annum",
    "liability_cap": r"累计赔偿|赔偿总额|赔偿责任(?:以|不超过)|最高赔偿|责任上限"
    r"|(?:aggregate|total|maximum|cumulative) liability"
    r"|liability[^.]{0,80}(?:shall not|will not|not) exceed|limitation of liability",
    "indemnity": r"赔偿并使.{0,6}免受|使.{0,6}免受损害|indemnif|hold harmless",
    "governing_law": r"适用.{0,12}法律|管辖法律|准据法|governed by|governing law"
    r"|construed in accordance",
    "arbitration": r"仲裁|arbitrat",
    "court": r"人民法院|法院|诉讼|court|litigation|jurisdiction",
    "renewal": r"续签|续订|续约|续期|顺延|renew",
    "termination": r"解除|终止|terminat",
    "probation": r"试用期|probation",
    "non_compete": r"竞业限制|竞业禁止|竞争业务|non-?compet|not\s+(?:to\s+)?compete",
    "lease_term": r"租赁期限|租期|租赁期|lease term|term of (?:the|this) lease",
    "guarantee_period": r"保证期间|保证期限|保证责任期间|guarantee period",
    "confidentiality": r"保密|confidential",
    "payment": r"支付|付款|价款|payment|pay\b|fees?\b",
    "delivery": r"交货|交付|运抵|发货|deliver",
    "warranty": r"质量保证|保修|质保|warrant",
    "amendment": r"变更|修改|修订|amend|modif",
    "assignment": r"转让|assign",
}
_COMPILED = {k: re.compile(v, re.I) for k, v in CLAUSE_TYPES.items()}

# What a number refers to: the nearest keyword before it in its sentence wins.
TOPICS: dict[str, str] = {
    "deposit": r"定金|earnest money|(?<!security )(?<!Security )\bdeposit\b",
    "earnest_money": r"订金|预付款",
    "security_deposit": r"押金|保证金|security deposit",
    "penalty": r"违约金|罚款|罚金|滞纳金|liquidated damages|penalty",
    "total_price": r"总价款|总价|合同价款|合同金额|合同总额|总金额|价款总计|总计|合同价格|租金总额"
    r"|(?:股权|股份|资产)?(?:转让|交易|成交)(?:总)?(?:价款|价格|对价)|签约合同价|承包(?:总)?价"
    # "该车辆成交价为人民币…", "车辆成交价（含税） | ¥…": what a sale closed at, stated as its
    # price; not "成交价的1.2%，但最高不超过…" (a fee measured on it)
    r"|成交(?:总)?价(?=\s*(?:[（(][^）)]{0,6}[）)])?\s*(?:为|是|[:：|]|人民币|[¥￥]))"
    r"|工程价款|工程总价|货款总额|总货款|服务费总额|(?:特许经营|加盟|许可|技术)?费用总额"
    r"|(?:设计|监理|咨询|代理|技术服务|开发|勘察|加工|承揽|定作)费总额"
    # "研究开发经费和报酬合计为…" (民法典 852's words for a development contract's price)
    r"|(?:报酬|酬金)(?:合计|共计|总计|总额)"
    r"|total (?:contract |purchase )?price|(?:contract|purchase) price|total consideration"
    r"|aggregate fees|total fees"
    # English names of the whole price of a lease or a works contract ("the total Rent for the
    # Lease Term", "the Contract Sum"), as 租金总额 / 签约合同价 are in Chinese
    r"|total (?:amount of (?:the )?)?rent(?:al)?s?\b|aggregate rent|contract sum(?! analysis)"
    r"|total contract (?:value|sum|amount)"
    # a framework or distribution contract's subject amount is its purchase commitment
    r"|aggregate (?:FOB |CIF |CIP |EXW )?value|minimum purchase (?:amount|commitment)"
    r"|最低采购(?:金额|额)|年度采购总额",
    # the parts of a tax-inclusive price are not the price: 不含税价款 / 增值税税额 / VAT amount
    "net_price": r"不含税(?:价款|价格|金额|总价|总额|单价)?"
    r"|(?:price|amount|fees?) (?:excluding|exclusive of|net of) (?:VAT|tax)",
    "tax": r"增值税(?:税额|额)|税额|税金|税款|\bVAT amount|amount of (?:VAT|tax)|tax amount",
    "principal": r"借款金额|借款本金|本金|借款|贷款金额|loan amount|principal",
    # a measure of a company (what a price was based on), not a sum the contract moves
    "company_metric": r"净资产|注册资本|实缴资本|营业收入|净利润|资产总额|估值"
    r"|net assets|registered capital|net profit|valuation|EBITDA",
    # "the Sale Interest", "a security interest", "an interest in the Company": a share or a
    # lien, not interest on money
    "interest": r"利率|利息|年息|月息"
    r"|(?<![Ss]ale )(?<![Ee]quity )(?<![Oo]wnership )(?<![Mm]embership )(?<![Pp]artnership )"
    r"(?<![Ss]ecurity )(?<![Ss]ubject )\binterest(?!s? in\b)",
    "rent": r"租金|租用费|租赁费|场地费|场地使用费|rent",
    "salary": r"工资|月薪|薪酬|salary|wage",
    "compensation": r"经济补偿|补偿金|补偿|compensation",
    "liability_cap": r"赔偿总额|累计赔偿|最高赔偿|shall not exceed|\bcap\b",
    "fee": r"服务费|费用|fee"
    r"|(?:许可|设计|咨询|代理|运|管理|维护|培训|实施|技术|使用|开办|保险|检测|安装|调试|监理|仓储|保管|加盟"
    r"|装卸|佣|手续|包装)费",
    # retention money held back from the price (质保金), not the price stated again
    "retention": r"质保金|质量保证金|保留金|retention money|Retention Money|retention amount"
    r"|\bretention\b(?! period)",
    "instalment": r"首付款|首期|进度款|尾款|余款|剩余价款|分期|第[一二三四五六七八九十\d]+期"
    r"|instal?lment",
}
_TOPIC_RE = re.compile("|".join(f"(?P<{k}>{v})" for k, v in TOPICS.items()), re.I)

DATE_ROLES: dict[str, str] = {
    "signing": r"签订|签署|签约|签字|\bexecuted\b|\bentered into\b|\bdated\b|\bsigned\b",
    "effective": r"生效|\beffective\b",
    "delivery": r"交货|交付|运抵|发货|\bdeliver|\bship",
    "payment": r"支付|付款|付清|\bpa(?:y|id)\b|\bpayment",
    "start": r"自|起始|开始|起租|开工|\bcommenc|\bbegin|\bstart|\bfrom\b",
    # 运至/送至 is "carry to" a place, not "until"
    "end": r"(?<![运送发寄交移转搬])至|止|届满|到期|终止|竣工|完工|\buntil\b|\bexpir"
    r"|\bend(?:s|ing)?\b|\bthrough\b",
}
_CJK = re.compile(r"[\u4e00-\u9fff]")
_ROLE_RE = re.compile("|".join(f"(?P<{k}>{v})" for k, v in DATE_ROLES.items()), re.I)


def clause_types(text: str) -> tuple[str, ...]:
    return tuple(k for k, rx in _COMPILED.items() if rx.search(text))


def clause_types_matrix(texts: list[str] | tuple[str, ...]) -> list[list[float]]:
    """Keyword hits per text, one column per ``CLAUSE_TYPES`` entry (features for the
    clause-kind classifier)."""
    patterns = list(_COMPILED.values())
    return [[1.0 if rx.search(text) else 0.0 for rx in patterns] for text in texts]


def nearest_topic(before: str) -> tuple[str | None, int]:
    """The topic of the last keyword in ``before`` (the sentence up to the entity), and how
    many characters lie between that keyword and the entity (-1 when there is none)."""
    last: re.Match[str] | None = None
    for m in _TOPIC_RE.finditer(before):
        last = m
    if last is None:
        return None, -1
    between = before[last.end() :]
    gap = -1 if re.search(r"[，,；;。]", between) else len(between)
    return last.lastgroup, gap


_ANCHOR_AFTER = re.compile(
    r"(?:之|以)?后\d|(?:之|以)?后[^\d年月日]{0,3}\d+\s*(?:个)?(?:工作)?[日天月周]"
)


def nearest_role(before: str, after: str) -> str | None:
    """A date's role: the last role word before it, else one right after it (…之日起)."""
    last: str | None = None
    # Chinese role words sit right before the date; English ones can be a clause away.
    window = 24 if _CJK.search(before[-8:]) else 150
    near = before[-window:]
    for m in _ROLE_RE.finditer(near):
        # "在交付后10日内完成安装，并于2025年9月30日前培训": 交付后 counts from delivery, it does
        # not date it
        if _ANCHOR_AFTER.match(near, m.end()):
            continue
        last = m.lastgroup
    if last:
        return last
    # 应于2025年3月1日在…市场向乙方交付车辆: a Chinese date used as the time of a verb
    # takes its role from that verb, which may stand a place phrase away (to the next pause)
    reach = (
        re.split(r"[，。；,;：:\n]", after[:40], maxsplit=1)[0]
        if _CJK.search(after[:3])
        else after[:6]
    )
    following = _ROLE_RE.search(reach)
    return following.lastgroup if following else None


DURATION_TOPICS: dict[str, str] = {
    "probation": r"试用期|probation",
    "non_compete": r"竞业限制|竞业禁止|non-?compet",
    "lease_term": r"租赁期限|租期|租赁期|lease term|term of (?:the|this) lease"
    r"|(?:Contractual|Lease) Term\b[\"”]?\s*(?:means|shall be|is)\s+a (?:term|period) of",
    "guarantee_period": r"保证期间|保证期限|保证责任期间|guarantee period",
    "contract_term": r"合同期限|劳动合同期限|聘用期|本合同有效期|有效期|initial term"
    r"|(?:委托|服务|代理|承包|经营|合作|许可|特许经营|居间|加盟|授权|仓储|储存|存储|保管|发布|托管|运营|维保"
    r"|维护|租用|使用许可|经销|分销|行纪|寄售|代销|借用|顾问|咨询|培训|赞助|外包|监理|托运|承运)(?:期限|期间)"
    r"|term of (?:the )?(?:engagement|licen[cs]e|franchise|appointment)"
    r"|\b(?:storage|rental|hire|subscription|engagement|warehousing|supply|distribution|agency"
    r"|franchise|cooperation|licen[cs]e|services?|commitment|committed) (?:period|term)\b"
    r"|(?<!renewal )(?<!Renewal )\bTerm\s*[:：]"
    r"|term of this (?:agreement|contract)|(?:agreement|contract) (?:runs|continues) for"
    # "This Agreement commences on the Effective Date and, unless terminated earlier …, shall
    # continue for": the agreement's own length, however far its verb stands from it
    r"|\b(?:this|the) (?:agreement|contract)\b[^.;]{0,160}?\b(?:shall |will )?"
    r"(?:continue|run|remain in (?:full )?force(?: and effect)?) for (?:a (?:period|term) of )?$"
    r"|(?:continues?|remains?) in (?:full )?force(?: and effect)? for"
    r"|(?:Contract|Agreement|Initial|Subscription|Licen[cs]e) Term\b[\"”]?\s*"
    r"(?:means|shall be|is)\s+(?:a|the) (?:term|period) of",
    "renewal": r"续期|续签|续订|renewal term|renew",
    "notice": r"提前|书面通知|notice",
    "warranty": r"质量保证期|保修期|质保期|warranty period",
    "service_period": r"服务期",
    "loan_term": r"借款期限|贷款期限|loan term",
}
_DURATION_RE = re.compile("|".join(f"(?P<{k}>{v})" for k, v in DURATION_TOPICS.items()), re.I)


def duration_topic(before: str) -> str | None:
    last: str | None = None
    for m in _DURATION_RE.finditer(before):
        last = m.lastgroup
    return last


def sentence_topics(sentence: str) -> str:
    """Every number topic named anywhere in the sentence, comma-joined (for rule filters)."""
    return ",".join(sorted({m.lastgroup for m in _TOPIC_RE.finditer(sentence) if m.lastgroup}))
