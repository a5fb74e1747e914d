"""Checks that read a sentence for what it does, not for a fixed phrase.

``unilateral_right`` finds a term by which one side may, on its own, change the price or the
terms, end the contract at will with the other side's money kept, or take away the other side's
remedies (民法典 496–497 for standard terms; mutual assent at common law). The parts may stand
anywhere in the sentence in any order ("甲方有权根据市场价格变动情况单方调整合同单价"), which is
what a fixed pattern misses; a sentence that makes the right mutual, or ties a change to an
objective measure (a price index, a government price), does not fire.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from pipeline.rules_engine.cap_facts import definitions_used
from pipeline.rules_engine.checks_patterns import contract_title, regex
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.own_money import forfeits_own_payment
from pipeline.rules_engine.registry import Hit, Params, check

# a bar on one side ending the contract, for any reason at all
_ZH_EXIT_BAR = (
    r"(?:不得|无权)以任何理由[^，。；]{0,4}(?:单方)?(?:解除|终止)"
    r"|(?:无论|不论)[^，。；]{0,10}(?:均|都)?不得(?:单方)?(?:解除|终止)"
)
_EN_EXIT_BAR = r"may not terminate (?:this Agreement )?for any reason"
_ZH = {
    "right": r"有权|可以|可(?=[\u4e00-\u9fff])|得以|保留[^，。；]{0,10}权利|有权利|自主决定|自行决定",
    "change": r"调整|变更|修改|修订|上调|提高|更改|增加|另行(?:制定|确定)|(?:自行|单方|重新)(?:确定|制定|决定)",
    "object": r"价格|单价|价款|费用|收费|标准|服务内容|服务项目|条款|本合同|本协议|合同内容|佣金"
    r"|费率|租金|规则|方案|运价|报酬|提成|比例",
    "unilateral": r"单方|单方面|自行|随时|无需[^，。；]{0,8}同意|无须[^，。；]{0,8}同意|不需[^，。；]{0,8}同意"
    r"|根据[^，。；]{0,24}(?:市场|行情|经营|需要)|视[^，。；]{0,10}情况|有权决定|不可协商|无需通知|无须通知"
    r"|无需征得|无须征得|以[^，。；]{0,6}通知为准"
    # "变更方案自供电人书面告知用电人之日起生效": the change binds on one side's notice
    r"|自[^，。；]{0,12}(?:通知|告知|公告|公布)[^，。；]{0,8}之日起(?:即)?生效",
    "terminate": r"解除|终止|解约",
    "at_will": r"随时|任何理由|无需(?:说明)?理由|无须(?:说明)?理由|无论[^，。；]{0,8}原因|不论[^，。；]{0,8}原因"
    r"|无条件|单方(?:面)?解除|其他(?:经营|商业)?(?:需要|原因|理由)|经营需要|业务调整|规划调整",
    "one_sided": r"不予退还|不退还|不退|概不|无需承担|无须承担|不承担[^，。；]{0,6}责任|归[^，。；]{0,8}所有"
    r"|不予返还|不返还|没收",
    # an exit that pays for what was done (定作人 may end a work contract at any time but must
    # compensate, 民法典787) is not one-sided
    "fair_exit": r"赔偿[^，。；]{0,10}损失|予以补偿|据实结算|(?:支付|承担|结清)[^，。；]{0,16}(?:已完成|已发生|已支出|必要费用|合理费用)"
    r"|(?<!不予)(?<!不)(?:退还|返还)[^，。；]{0,10}(?:剩余|未发生|未使用)"
    # a cooling-off exit in the days after signing (商业特许经营管理条例 12) ends nothing begun
    r"|冷静期|(?:签订|签署|成立)之日起[^，。；]{0,4}\d{1,2}日内",
    "forfeit_any": r"(?:无论|不论|任何)[^，。；]{0,16}(?:原因|情形|理由)[^。；]{0,40}(?:不予退还|不退还|概不退|不予返还|不返还)",
    "remedy_waiver": r"放弃[^，。；]{0,16}(?:诉讼|起诉|仲裁|索赔|追究|抗辩|追偿)(?:的)?权"
    r"|不得(?:以任何理由)?[^，。；]{0,6}(?:提起诉讼|起诉|申请仲裁|提出索赔|要求赔偿|主张赔偿|提出异议)"
    # "乙方不得以此为由拒付服务费或要求甲方赔偿": the claim barred may stand a phrase away
    r"|(?:不得|无权)[^。；]{0,16}(?:要求|请求|主张)[^，。；]{0,4}[甲乙丙]方[^，。；]{0,4}(?:赔偿|承担[^，。；]{0,4}责任)"
    rf"|{_ZH_EXIT_BAR}",
    # a bar on ending the contract at all (the part of remedy_waiver a finance lease may lawfully
    # have: see _FINANCE_LEASE)
    "exit_bar": _ZH_EXIT_BAR,
    # the right governs the change ("甲方有权…调整单价"), not a change described before it
    # ("调整后单价上涨超过10%的，甲方有权自行…采购")
    "right_then_change": r"(?:有权|可以|可(?=[\u4e00-\u9fff])|得以|保留[^，。；]{0,10}权利|自主决定|自行决定)"
    r"[^。；]{0,80}?(?:调整|变更|修改|修订|上调|提高|更改|增加|另行(?:制定|确定)|(?:自行|单方|重新)(?:确定|制定|决定))",
    # mitigation (民法典591) and the other side's own breach are not remedies taken away; a bar
    # on claims for injury is an exemption (民法典506), read by its own rule, not a second finding
    "waiver_lawful": r"扩大的损失|扩大部分|因[^，。；]{0,8}(?:自身|本身|自己|其)原因|不可抗力"
    r"|人身|伤亡",
    "mutual": r"协商一致|双方(?:书面)?同意|(?<!无需)(?<!无须)(?<!不需)(?<!不必)(?<!未)经[^，。；]{0,6}方(?:书面)?同意"
    r"|双方(?:另行)?协商|协商(?:后)?确定"
    r"|任何一方|双方均|各方|一方[^，。；]{0,6}另一方|签订补充协议|书面补充",
    "objective": r"政府(?:指导价|定价)|国家(?:规定|政策|标准)调整|法律法规|指数|CPI|调价公式|物价部门",
    # the changer bears the cost, or the other side may walk away: not imposed on it
    "fair_change": r"由[^，。；]{0,6}自行(?:承担|负担)|不(?:另行)?(?:增加|调整|收取)[^，。；]{0,6}(?:费用|价格|服务费)"
    r"|不同意[^。]{0,30}(?:有权|可以)(?:解除|终止)"
    # the other side chooses whether to go on at the new price
    r"|可(?:以)?自行(?:决定|选择)是否(?:继续)?(?:使用|购买|接受|订购)",
}
# what one side may not change alone: the price and terms, and what the drafting side owes (its
# service levels, the scope of its services, its support policy: "Licensor may amend the Support
# Policy at any time")
_EN_OBJECTS = (
    r"fees?|rates?|charges?|terms|conditions|this Agreement|the Agreement|commission|Price List"
    r"|tariff|salary|remuneration"
    r"|(?:support|service|maintenance) (?:policy|policies|levels?|description)|service levels?"
    r"|SLAs?|scope of (?:the )?(?:services|support|work)"
)
_EN = {
    "right": r"\bmay\b|reserves? the right|is entitled to|shall be entitled to|at (?:its|their) "
    r"(?:sole |absolute )?(?:discretion|option)|\bcan\b",
    "change": r"\b(?:amend|modify|change|vary|revise|increase|adjust|update|replace)\w*",
    "object": rf"\b(?:prices?|Fees|{_EN_OBJECTS})\b",
    "change_object": r"\b(?:amend|modify|change|vary|revise|increase|adjust|update|replace)\w*"
    # within one clause part: "modify the Services …, or … terminate this Agreement" changes no
    # term of the Agreement
    rf"(?: (?:or |and )?\w+)*?[^.;,]{{0,50}}?\b(?:prices?|{_EN_OBJECTS})\b",
    "unilateral": r"at any time|for any reason|as it (?:sees|deems) fit|sole (?:and absolute )?discretion|without (?:the )?(?:prior )?"
    r"(?:consent|agreement|approval)|unilaterally|from time to time|(?:by|on|upon) (?:giving )?"
    r"(?:[\w()'’]+ ){0,4}notice|by posting|effective (?:immediately|upon)|shall (?:take effect and )?bind",
    "terminate": r"\bterminat\w*|\bcancel\w*",
    "at_will": r"at any time|for any reason|for convenience|without cause|with or without cause"
    r"|for no reason|business (?:adjustment|reasons|needs)|any other reason",
    "one_sided": r"non-refundable|without (?:any )?(?:refund|liability|compensation)|shall not "
    r"(?:be )?refund|forfeit\w*|retain all|no refund|shall have no liability|(?:be )?retained by",
    "fair_exit": r"compensate|reimburse|pay (?:for )?(?:all )?(?:work|Services|Deliverables) "
    r"(?:performed|provided|completed)|refund (?:any|all|the) (?:unused|unearned|prepaid)"
    r"|cooling-off|within (?:\w+ )?\(?\d{1,2}\)? days (?:after|of|from) (?:signing|execution)",
    "forfeit_any": r"(?:for any reason|in any event|regardless of (?:the )?(?:reason|cause))[^.]{0,60}"
    r"(?:non-refundable|not (?:be )?refund|forfeit)",
    "remedy_waiver": r"waives? (?:any|all|its|his|her|their) rights? to (?:sue|bring|claim|recover"
    r"|seek)|shall (?:have|has) no (?:claim|recourse|remedy) against|may not bring any (?:claim|action)"
    rf"|{_EN_EXIT_BAR}",
    "exit_bar": _EN_EXIT_BAR,
    "waiver_lawful": r"mitigat",
    "mutual": r"mutual\w*|both parties|each party|either party|\bthe parties (?:hereto )?may\b"
    r"|written agreement of|signed by "
    r"(?:both|each|the parties)|with the (?:prior )?(?:written )?(?:consent|agreement) of|"
    r"agreed (?:in writing )?by the parties",
    "objective": r"index|CPI|formula|government[- ]set|regulated tariff|by law",
    "fair_change": r"\bmay (?:terminate|cancel|reject|object to|decline)\b"
    # a change fenced off from reducing what is owed ("provided that no update materially
    # reduces the Support Services")
    r"|\b(?:provided (?:always )?that|but) (?:no|any) [^.;]{0,40}\b(?:shall|will|may|does) not "
    r"(?:materially )?(?:reduce|degrade|diminish|decrease|lower)"
    r"|\bprovided (?:always )?that no [^.;]{0,40}\b(?:materially )?(?:reduces|degrades"
    r"|diminishes|decreases)"
    # a change power fenced off from the price ("provided that no update increases the fees")
    r"|provided (?:always )?that no (?:such )?(?:update|change|amendment|variation|revision)"
    # a change with a ceiling on its size ("no increase … may exceed six percent") is no change
    # at will
    r"|\bno (?:such )?(?:increase|change|adjustment|rise)\b[^.;]{0,60}\b(?:may|shall|will) exceed"
    r"|\b(?:increases?|changes?|adjustments?)\b[^.;]{0,60}\b(?:may|shall|will) not exceed"
    r"|\b(?:by|of) (?:no|not) more than [^.;]{0,25}(?:%|per ?cent)"
    r"|(?:from|at|with effect from)"
    r" the (?:start|beginning|commencement) of (?:a|the|any|each|the next) Renewal Term"
    r"|at (?:the )?(?:next )?renewal|upon renewal",
    # the right word must govern the change ("Provider may increase the Fees"), not stand in
    # another sentence part ("If a revision increases the price, Reseller may terminate")
    "right_then_change": r"(?:\bmay\b|reserves? the right to|is entitled to|shall be entitled to)"
    # ("The Provider may, at any time during the Subscription Term, revise the Subscription Fee")
    r"[^.;]{0,80}?\b(?:amend|modify|change|vary|revise|increase|adjust|update|replace)\w*"
    # "The Provider may, by a notice posted … thirty (30) days in advance, revise the Fees"
    r"|\bmay,[^,.;]{0,160},\s*(?:amend|modify|change|vary|revise|increase|adjust|update|replace)\w*",
}


# no party's right: another document's amendability ("as the same may be amended from time to
# time"), a passive change with no one named who makes it ("Such plans may be updated"); taken out
# of the sentence before it is read, so a right beside them still counts
_EN_NO_RIGHT = re.compile(
    r"(?:\bas (?:the same |it |they |each |such [\w ]{1,30} )?may (?:from time to time )?be "
    r"(?:amended|modified|supplemented|updated|changed|varied|restated|replaced)"
    r"|\bmay be (?:amended|modified|updated|changed|revised|varied|supplemented))\b"
    r"(?!,? (?:from time to time,? )?(?:by|at the (?:sole |absolute )?discretion of)\b)"
)
# a proposal is no right to change: "Provider may propose a change to the Monthly Fee" needs the
# other side's yes
_EN_PROPOSAL = re.compile(
    r"\b(?:propose|request|suggest|seek|ask for)\w*\s+(?:a |an |any |the )?(?:\w+ )?"
    r"(?:change|amendment|modification|variation|revision|increase|adjustment)s?\b",
    re.I,
)
_RECITAL = re.compile(r"^\s*WHEREAS\b")


RightKind = Literal["change", "terminate", "waiver"]


def _all_kinds() -> list[RightKind]:
    return ["change", "terminate", "waiver"]


class UnilateralParams(Params):
    kinds: list[RightKind] = Field(default_factory=_all_kinds)


# A finance lease binds the lessee to the whole term: the lessor bought the equipment the lessee
# chose from the supplier it chose (民法典735, 747) and the rent stays due whatever the
# equipment's faults (742), so a bar on the lessee ending the lease early is the contract's
# nature, not a main right taken away.
_FINANCE_LEASE = re.compile(r"融资租赁|finance lease|financial lease", re.I)


# "供电人……可对……作出变更……改造费用由用电人自行承担": the side that changes the terms is not
# the side that bears the cost, so "由…自行承担" makes the change no fairer
_ZH_HOLDER = re.compile(
    r"(?P<who>[\u4e00-\u9fff]{1,4}?[方人])[^。；]{0,40}?(?:有权|可以|可(?=[对将就]))"
)
_ZH_BEARER = re.compile(r"由(?P<who>[\u4e00-\u9fff]{1,4}?[方人])自行(?:承担|负担)")


def _other_side_bears(sentence: str, clause: str) -> bool:
    holder = _ZH_HOLDER.search(sentence)
    bearers = {m.group("who") for m in _ZH_BEARER.finditer(sentence + clause)}
    return holder is not None and bool(bearers) and holder.group("who") not in bearers


def _kind(
    sentence: str,
    clause: str,
    table: dict[str, str],
    kinds: list[str],
    finance_lease: bool = False,
) -> str | None:
    """Which unilateral right the sentence gives, if any. ``clause`` is the rest of its
    numbered clause: a right to end at will and the forfeiture it triggers may be two
    sentences apart. ``finance_lease``: the contract is one (its bar on ending early is lawful)."""
    if table is _EN:
        if _RECITAL.match(sentence):
            return None
        sentence = _EN_PROPOSAL.sub(" ", _EN_NO_RIGHT.sub(" ", sentence))
    has = {k: bool(regex(v).search(sentence)) for k, v in table.items()}
    if has["mutual"]:
        return None
    waiver = has["remedy_waiver"] or has["forfeit_any"]
    if finance_lease and has["exit_bar"] and not has["forfeit_any"]:
        rest = regex(table["exit_bar"]).sub(" ", sentence)
        waiver = bool(regex(table["remedy_waiver"]).search(rest))
    if "waiver" in kinds and waiver and not has["waiver_lawful"]:
        return "waiver"
    if not has["right"]:
        return None
    changes = has["change"] and has["object"] and has["right_then_change"]
    if "change_object" in table:  # English: the verb must govern the object ("modify the fees")
        changes = has["change_object"] and has["right_then_change"]
    if "change" in kinds and changes and has["unilateral"]:
        fair = has["fair_change"] or bool(regex(table["fair_change"]).search(clause))
        if fair and table is _ZH and _other_side_bears(sentence, clause):
            fair = False
        return None if has["objective"] or fair else "change"
    one_sided = has["one_sided"] or bool(regex(table["one_sided"]).search(clause))
    fair = has["fair_exit"] or bool(regex(table["fair_exit"]).search(clause))
    if "terminate" in kinds and has["terminate"] and has["at_will"] and one_sided and not fair:
        return "terminate"
    return None


def _highlight(ctx: RuleContext, sentence: Sentence) -> Hit:
    return Hit(ctx.sentence_span(sentence), {"sentence": sentence.text.strip()})


@check("unilateral_right", UnilateralParams, fields=("sentence",))
def unilateral_right(ctx: RuleContext, params: UnilateralParams) -> Iterator[Hit]:
    """A sentence giving one side alone the right to change the price or terms, to end the
    contract at will while keeping the other side's money, or to cut off the other side's
    remedies."""
    table = _ZH if ctx.language == "zh" else _EN
    finance_lease = bool(_FINANCE_LEASE.search(contract_title(ctx)))
    for sentence in ctx.sentences:
        body = ctx.clause_of(sentence)
        kind = _kind(sentence.text, body, table, list(params.kinds), finance_lease)
        if kind == "terminate" and table is _EN and forfeits_own_payment(ctx, sentence.text, body):
            continue  # the one who leaves gives up its own payment: nothing taken from the other
        if kind is not None:
            yield _highlight(ctx, sentence)


_FAULT = {
    "zh": {
        "exclusion": r"不(?:再)?承担|免除|概不负责|不负责任|不负任何|不予赔偿|无须承担|无需承担|免责|仅(?:退还|赔偿|承担)"
        r"|以[^，。；]{0,20}为限|限额|最高赔偿",
        "fault": r"故意|重大过失|酒后驾驶|醉酒|监守自盗|盗窃|(?:不论|无论|不管)(?:是否)?[^，。；]{0,30}(?:任何|其他任何|何种|什么)"
        r"(?:原因|行为|情形)|任何原因(?:造成|导致|所致)|因任何原因"
        # "不论其过失程度如何": gross negligence included
        r"|(?:不论|无论|不管)[^，。；]{0,6}(?:过失|过错)(?:程度|大小|轻重)",
        "harm": r"损失|损害|毁损|灭失|伤害|伤亡|变质|损坏|腐烂|丢失|短少",
        "carve_out": r"除外|不适用|不免除|不在此限|仍(?:应当?|须|需)(?:依法)?(?:承担|赔偿)"
        r"|但[^，。；]{0,20}(?:故意|重大过失)"
        r"|不受[^，。；]{0,10}限|除[^。；]{0,60}(?:故意|重大过失)[^。；]{0,60}外"
        # "除下列情形外，…累计不超过合同总价：（1）因一方故意或者重大过失造成的损失": the list
        # that follows names what the cap leaves out
        r"|除(?:下列|以下|下述)[^，。；：]{0,12}外"
        # an exclusion that holds only where the party did its duty excludes no fault of its own
        r"|已(?:按照|依照|按|依)[^，。；]{0,30}履行[^，。；]{0,20}义务的|尽到[^，。；]{0,12}义务的"
        r"|第三(?:人|方)[^，。；]{0,10}(?:侵权|盗窃|行为)",
    },
    "en": {
        "exclusion": r"not (?:be )?(?:liable|responsible)|no liability|in no event|exclude[sd]? "
        r"(?:all |any )?liability|limited to|shall not exceed"
        r"|releases? (?:the )?\w+ from (?:all |any )?liabilit",
        "fault": r"gross(?:ly)? neglig|wil(?:l)?ful|intentional|deliberate|regardless of (?:the )?cause"
        r"|how(?:so)?ever (?:caused|arising)|any cause whatsoever|even if caused by|whether or not caused by"
        r"|from whatever cause|whatever (?:the|its|their) cause",
        "harm": r"loss|damage|injury|death",
        "carve_out": r"(?:except|save|other than|excluding|unless|but not)[^.;]{0,60}(?:gross(?:ly)? "
        r"neglig|wil(?:l)?ful|intentional|deliberate|fraud)|nothing in this"
        r"|(?:except|save|other than)\s+(?:in\s+|for\s+|in respect of\s+)?(?:the following|as follows)"
        r"|(?:shall|does|do|will) not (?:apply|exclude|limit|restrict)",
    },
}


# a definition that itself takes in deliberate or grossly negligent harm ("whatever the cause,
# including the negligence or wilful default of any person"); "howsoever arising" alone is the
# usual breadth of a defined "Losses", not a statement about fault
_NAMED_FAULT = re.compile(
    r"gross(?:ly)? neglig|wil(?:l)?ful (?:default|misconduct|act)|intentional|deliberate", re.I
)


_SAVING_NEXT = re.compile(r"\s*(?:但|但是|然而|However\b|Provided\b|provided\b|but\b)")


@check("exclusion_reaches_fault", fields=("sentence",))
def exclusion_reaches_fault(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """An exclusion or cap of liability that reaches loss caused intentionally or by gross
    negligence: named ("即使系故意或者重大过失造成，亦同"), or by a blanket "whatever the cause"
    that takes them in (民法典 506). The exclusion may sit in the sentence before, as in
    "不承担其他任何赔偿责任；即使……亦同"."""
    table = _FAULT["zh" if ctx.language == "zh" else "en"]
    sentences = list(ctx.sentences)
    for i, sentence in enumerate(sentences):
        text = sentence.text
        before, after = _line_neighbours(ctx, sentences, i)
        context = (before.text if before else "") + text
        # "the Lessee assumes all Site Risks and releases the Lessor": the defined term's
        # definition ("whatever the cause, including … wilful default") is part of what it says
        meant = ""
        if ctx.language != "zh" and regex(table["exclusion"]).search(context):
            used = definitions_used(ctx, text)
            meant = " ".join(d for d in used if _NAMED_FAULT.search(d))
        has = {
            k: bool(regex(v).search((context if k != "fault" else text) + " " + meant))
            for k, v in table.items()
        }
        # "……甲方不承担赔偿责任；但因甲方故意或者重大过失造成的损失，甲方仍应承担": the saving
        # that follows on the same line answers the exclusion before it
        if after is not None:
            saved = _SAVING_NEXT.match(after.text) and regex(table["carve_out"]).search(after.text)
            has["carve_out"] = has["carve_out"] or bool(saved)
        if has["exclusion"] and has["fault"] and has["harm"] and not has["carve_out"]:
            yield Hit(ctx.sentence_span(sentence), {"sentence": text.strip()})


def _line_neighbours(
    ctx: RuleContext, sentences: list[Sentence], i: int
) -> tuple[Sentence | None, Sentence | None]:
    """The sentences just before and just after sentence ``i`` that stand on its line."""
    here = sentences[i]
    before = sentences[i - 1] if i > 0 else None
    after = sentences[i + 1] if i + 1 < len(sentences) else None
    if before is not None and "\n" in ctx.text[before.start : here.start]:
        before = None
    if after is not None and "\n" in ctx.text[here.end : after.start]:
        after = None
    return before, after
