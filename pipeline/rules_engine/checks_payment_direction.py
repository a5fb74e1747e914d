"""The same payment owed both ways: "The Principal shall pay the Agent Commission" and "Commission
… shall be paid by the Agent to the Principal"; "甲方应向乙方支付佣金" and "佣金由乙方向甲方支付".
One clause swaps the parties' roles, so who owes the contract's consideration is uncertain
(民法典 470; for English law, the identification of the parties' obligations).

Facts, not wording: each statement is read as (payer, payee, what is paid), with the parties as
the contract defines them; a sum collected for the other side and passed on is not the payment.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_EN_WHAT = (
    r"(?P<what>(?:Sponsorship |Service |Licen[cs]e |Management |Agency |Base |Monthly |Annual )?"
    r"(?:Commission|Fees?|Rent|Royalt(?:y|ies)|Charges?)|(?:Purchase |Contract )Price)"
)
_ZH_WHAT = (
    r"(?P<what>佣金|租金|服务费|物业服务费|物业费|报酬|许可使用费|使用费|加盟费|代理费|管理费"
    r"|咨询费|居间费|转让价款|合同价款|货款|价款)"
)
_ZH_PARTY = r"甲方|乙方|丙方"
_ROLE_NAME = re.compile(r"[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?")
_PASSED_ON = re.compile(r"代收|代为收取|收取的|收到的|collected|received by|on behalf of", re.I)


# a sum measured by the payment, not the payment: "相当于两个月月租金的违约金", "月租金的两倍"
_MEASURE_BEFORE = re.compile(r"(?:相当于|等同于|按照?|以)[^，。；]{0,12}$")
_MEASURE_AFTER = re.compile(r"^的[^，。；]")


def _measures_another_sum(text: str, m: re.Match[str]) -> bool:
    # only the words between the verb and the sum: "乙方应以转账方式向甲方支付租金" pays rent
    gap = re.split(r"支付|缴纳|交纳", text[m.start() : m.start("what")])[-1]
    return bool(_MEASURE_BEFORE.search(gap) or _MEASURE_AFTER.match(text[m.end("what") :]))


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    what: str
    start: int
    end: int


class PaymentDirectionParams(Params):
    pass


def _en_patterns(roles: list[str]) -> list[re.Pattern[str]]:
    role = "|".join(re.escape(r) for r in sorted(roles, key=len, reverse=True))
    the = r"(?:the\s+)?"
    return [
        re.compile(
            rf"\b{the}(?P<payer>{role})\s+shall\s+(?:promptly\s+)?pay\s+(?:to\s+)?{the}"
            rf"(?P<payee>{role})\s+(?:the\s+|a\s+|any\s+|all\s+)?{_EN_WHAT}\b"
        ),
        re.compile(
            rf"\b{the}(?P<payer>{role})\s+shall\s+pay\s+(?:the\s+|a\s+|any\s+|all\s+)?{_EN_WHAT}"
            rf"\b[^.;]{{0,60}}?\bto\s+{the}(?P<payee>{role})\b"
        ),
        re.compile(
            rf"\b{_EN_WHAT}\b[^.;]{{0,80}}?\bshall be paid by\s+{the}(?P<payer>{role})\s+to\s+"
            rf"{the}(?P<payee>{role})\b"
        ),
        re.compile(
            rf"\b{_EN_WHAT}\b[^.;]{{0,80}}?\bshall be paid to\s+{the}(?P<payee>{role})\s+by\s+"
            rf"{the}(?P<payer>{role})\b"
        ),
    ]


_ZH_PATTERNS = [
    re.compile(
        rf"(?P<payer>{_ZH_PARTY})(?:应当?|须|同意)?(?:按[^，。；]{{0,20}}?)?向(?P<payee>{_ZH_PARTY})"
        rf"(?:支付|缴纳|交纳)[^，。；]{{0,12}}?{_ZH_WHAT}"
    ),
    re.compile(
        rf"{_ZH_WHAT}[^。；]{{0,20}}?由(?P<payer>{_ZH_PARTY})向(?P<payee>{_ZH_PARTY})(?:支付|缴纳|交纳)"
    ),
]


def _roles(ctx: RuleContext) -> list[str]:
    """The parties' defined names ("Principal", "Agent")."""
    out = set()
    for p in ctx.of_kind("party"):
        for key in ("term", "role"):
            value = p.attrs.get(key)
            if isinstance(value, str) and re.fullmatch(
                r"[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?", value
            ):
                out.add(value)
    return sorted(out)


def _payments(ctx: RuleContext) -> Iterator[Payment]:
    if ctx.language == "zh":
        patterns = _ZH_PATTERNS
    else:
        roles = _roles(ctx)
        if len(roles) < 2:
            return
        patterns = _en_patterns(roles)
    for pattern in patterns:
        for m in pattern.finditer(ctx.text):
            sentence = ctx.sentence_at(m.start())
            if m.group("payer") == m.group("payee"):
                continue
            if _PASSED_ON.search(sentence.text if sentence else m.group()):
                continue
            if ctx.language == "zh" and _measures_another_sum(ctx.text, m):
                continue  # "支付相当于两个月月租金的违约金": the rent measures a penalty
            what = m.group("what").casefold().rstrip("s")
            yield Payment(m.group("payer"), m.group("payee"), what, m.start(), m.end())


@check("payment_direction_conflict", PaymentDirectionParams, fields=("what", "first", "second"))
def payment_direction_conflict(ctx: RuleContext, params: PaymentDirectionParams) -> Iterator[Hit]:
    """One payment the contract makes one party owe the other, and elsewhere the reverse."""
    seen: dict[str, Payment] = {}
    for pay in sorted(_payments(ctx), key=lambda p: p.start):
        first = seen.setdefault(pay.what, pay)
        if (first.payer, first.payee) == (pay.payee, pay.payer):
            yield Hit(
                ctx.span(pay.start, pay.end),
                {"what": pay.what, "first": f"{first.payer} → {first.payee}",
                 "second": f"{pay.payer} → {pay.payee}"},
                (ctx.span(first.start, first.end),),
            )  # fmt: skip
            return
