"""Facts about the parties that must agree.

A party's duty written for the other side: the seller pays the purchase price, the tenant
receives the rent, the buyer delivers the goods. Each role of a two-sided contract has one
direction for its core duty; an operative clause that reverses it leaves who owes what
uncertain, whatever else the clause says. And one company given two registration codes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.entities.parties import CN_PARTY_LINE, COMPANY_WORD, SUFFIX_CHAIN
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

# who gives the thing (and is paid) / who pays (and receives the thing)
_EN_GIVER = r"Seller|Vendor|Lessor|Landlord|Licensor|Transferor|Assignor|Supplier|Franchisor"
_EN_PAYER = r"Buyer|Purchaser|Lessee|Tenant|Licensee|Transferee|Assignee|Franchisee"
_ZH_GIVER = (
    r"卖方|出卖人|出卖方|出租方|出租人|转让方|转让人|供方|供货方|许可方|许可人|特许人|特许方"
)
_ZH_PAYER = (
    r"买方|买受人|买受方|承租方|承租人|受让方|受让人|需方|采购方|被许可方|被许可人|被特许人"
    r"|被特许方"
)
# the core price of the contract, not a refund, an adjustment or damages
_EN_PRICE = (
    r"(?:the\s+)?(?:Purchase Price|Contract Price|Closing Payment|Consideration|Rent"
    r"|Licen[cs]e Fee|Franchise Fee)\b"
)
_ZH_PRICE = r"(?:转让价款|转让款|股权转让款|合同价款|价款|货款|租金|许可使用费|加盟费)"
_EN_SWAPPED_PAY = re.compile(
    rf"\b(?:the\s+)?(?P<payer>{_EN_GIVER})\s+shall\s+pay\s+(?:to\s+)?(?:the\s+)?(?P<payee>{_EN_PAYER})\b"
    rf"(?P<rest>[^.;]{{0,260}})"
)
_ZH_SWAPPED_PAY = (
    r"(?P<payer>{giver})(?:应|须|应当)[^，。；]{{0,24}}?向(?P<payee>{payer})"
    r"(?:支付|付清|缴纳|交纳)(?P<rest>[^。；]{{0,30}})"
)
# "乙方应于收到甲方支付的每期租金后…": the price described as the giver's payment
_ZH_PAID_BY = (
    r"(?P<payee>{payer})(?:应|须|应当)?[^，。；]{{0,8}}?(?:收到|收取|收讫)"
    r"(?P<payer>{giver})(?:所|已|实际)?(?:支付|付清|缴纳|交纳)的(?P<rest>[^，。；]{{0,16}})"
)
# "the Tenant shall, within five days of receipt of the Rent paid by the Landlord, …"
_EN_PAID_BY = re.compile(
    rf"\b(?:the\s+)?(?P<payee>{_EN_PAYER})\b[^.;]{{0,80}}?\breceipt of\s+"
    rf"(?P<rest>[^.;]{{0,50}}?)\s+paid by\s+(?:the\s+)?(?P<payer>{_EN_GIVER})\b"
)
_LETTERS = ("甲方", "乙方", "丙方", "丁方")
_EN_SWAPPED_GIVE = re.compile(
    # a tenant or a lessee hands the premises back at the end by design: buyers only
    rf"\b(?:the\s+)?(?P<payer>Buyer|Purchaser|Transferee|Assignee)\s+shall\s+"
    rf"(?:deliver|transfer|assign|sell|hand over|lease)\s+"
    rf"(?:to\s+(?:the\s+)?(?P<payee>{_EN_GIVER})\b)?(?P<rest>[^.;]{{0,120}})"
)
# a seller pays back, makes good or compensates: those run the other way by design
_EN_OTHER_WAY = re.compile(
    r"refund|return|repay|reimburs|indemnif|damages|penalt|interest|excess|shortfall|difference"
    r"|adjust|deficit|double|twice|overpa|cost|expense|tax|deposit|security|guarantee|bond"
    r"|retention|margin",
    re.I,
)
_ZH_OTHER_WAY = re.compile(
    r"退还|返还|退回|赔偿|违约金|利息|差额|多付|双倍|补偿|费用|税|保证金|押金|定金|质保金"
)
_EN_GOODS = re.compile(
    r"Goods|Products|Equipment|Premises|Property|Purchased|Interests|Shares|Assets", re.I
)


def role_letters(ctx: RuleContext) -> dict[str, str]:
    """Each letter name (甲方, 乙方) and the role word the parties block gives it."""
    letters: dict[str, str] = {}
    for p in ctx.of_kind("party"):
        role, alias = str(p.attrs.get("role") or ""), str(p.attrs.get("alias") or "")
        if role in _LETTERS:
            role, alias = alias, role
        # the alias may be a whole phrase: 以下简称“甲方”
        letter = next((x for x in _LETTERS if x in alias), None)
        if letter and role and role not in _LETTERS:
            letters.setdefault(letter, role)
    return letters


def _zh_swapped_pay(ctx: RuleContext, template: str = _ZH_SWAPPED_PAY) -> re.Pattern[str]:
    """The pattern with each side's letter name too (出租方（甲方）: 甲方 pays nothing for rent)."""
    giver, payer = [_ZH_GIVER], [_ZH_PAYER]
    for letter, role in role_letters(ctx).items():
        if re.fullmatch(_ZH_GIVER, role):
            giver.append(letter)
        elif re.fullmatch(_ZH_PAYER, role):
            payer.append(letter)
    return re.compile(template.format(giver="|".join(giver), payer="|".join(payer)))


def _defined(ctx: RuleContext, *roles: str) -> bool:
    """Both roles are parties of this contract (named in its parties or its definitions)."""
    return all(re.search(rf"\b{re.escape(r)}\b|{re.escape(r)}", ctx.text[:3000]) for r in roles)


@check("duty_for_the_other_side", fields=("payer", "payee", "sentence"))
def duty_for_the_other_side(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """The seller (出租方, Licensor) pays the price to the buyer, or the buyer delivers."""
    if ctx.language == "zh":
        patterns = [
            (_zh_swapped_pay(ctx), _ZH_PRICE, _ZH_OTHER_WAY),
            (_zh_swapped_pay(ctx, _ZH_PAID_BY), _ZH_PRICE, _ZH_OTHER_WAY),
        ]
    else:
        patterns = [
            (_EN_SWAPPED_PAY, _EN_PRICE, _EN_OTHER_WAY),
            (_EN_PAID_BY, _EN_PRICE, _EN_OTHER_WAY),
            (_EN_SWAPPED_GIVE, _EN_GOODS.pattern, _EN_OTHER_WAY),
        ]
    for sentence in ctx.sentences:
        for pattern, thing, other_way in patterns:
            m = pattern.search(sentence.text)
            if m is None or not re.search(thing, m.group("rest"), re.I if thing else 0):
                continue
            if other_way.search(m.group("rest")) or other_way.search(sentence.text[: m.start()]):
                continue
            payee = m.group("payee") or ""
            if not _defined(ctx, m.group("payer"), *(payee and [payee])):
                continue
            start = sentence.start + m.start()
            yield Hit(
                ctx.span(start, sentence.start + m.end()),
                {"payer": m.group("payer"), "payee": payee, "sentence": m.group()[:120]},
            )
            return


# a party's registration code: 统一社会信用代码 (18 characters) or a company number
_ZH_CODE = re.compile(
    r"(?:统一社会信用代码|注册号|营业执照号码?)\s*[：:]?\s*(?P<code>[0-9A-Z]{15,18})"
    # a natural person's identity number: "身份证号码：330103198509226028", "证件号码：…"
    r"|(?:公民)?(?:身份证|证件)(?:号码|号)\s*[：:]?\s*(?P<id>\d{17}[\dXx])(?!\d)"
)
_EN_CODE = re.compile(
    r"\b(?:(?:company|registration|registered|file|entity)\s+(?:number|no\.?)"
    # a Chinese company in an English contract: its 18-character unified social credit code
    r"|(?:unified\s+)?social\s+credit\s+code|USCC"
    r"|taxpayer identification (?:number|no\.?)(?:\s*\(USCC\))?)\s*:?\s*(?P<code>[A-Z0-9]{5,18})\b",
    re.I,
)
_NAME_END = re.compile(r"统一社会信用代码|注册号|营业执照|住所|地址|法定代表人|[，,；;]")
_ZH_NAME = re.compile(
    r"[\u4e00-\u9fff（）()]{4,40}?(?:有限责任公司|股份有限公司|有限公司|合伙企业[（(]有限合伙[）)])"
)
_EN_NAME = re.compile(rf"(?:{COMPANY_WORD},?\s+){{1,6}}?{SUFFIX_CHAIN}")
# a code on a line of its own ("Unified Social Credit Code: 9132…") belongs to the name above it
_CODE_LINE = re.compile(
    r"\s*(?:统一社会信用代码|注册号|营业执照号码?|(?:unified\s+)?social\s+credit\s+code|USCC"
    r"|(?:company|registration|registered|file|entity)\s+(?:number|no\.?)"
    r"|taxpayer identification (?:number|no\.?)(?:\s*\(USCC\))?)\s*[：:]?\s*",
    re.I,
)
# "Institution: Hangzhou Xilin People's Hospital, unified social credit code …": the labelled name
_EN_ROLE_NAME = re.compile(r"^\s*[A-Z][\w ]{1,30}:\s*(?P<name>[^,;:(]{3,80}?)\s*[,;(]")


# "Computer Software Copyright Registration No. 2022SR0419837": a thing's registration
_THING_REGISTERED = re.compile(
    r"\b(?:copyright|software|trade ?marks?|patents?|designs?|vehicles?|vessels?|ships?|aircraft"
    r"|land|property|title|product|device|drug|domain|plate)\b[\w ]{0,25}$",
    re.I,
)


# a natural person named after a label, before the ID number on the same line
_PERSON = re.compile(r"[:：]\s*(?P<name>[\u4e00-\u9fff·]{2,5})\s*[，,；;（(]")


def _named_by_role(before: str, roles: dict[str, str]) -> list[str]:
    """The company whose defined role ("Producer") stands last before the code on its line."""
    at = {
        m.start(): name
        for term, name in roles.items()
        for m in re.finditer(rf"\b{re.escape(term)}\b", before)
    }
    return [at[max(at)]] if at else []


@check("registration_code_mismatch", fields=("name", "first", "second"))
def registration_code_mismatch(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """One company given two registration codes (the parties block against the signature
    block): which legal person signs is uncertain."""
    code_re, name_re = (_ZH_CODE, _ZH_NAME) if ctx.language == "zh" else (_EN_CODE, _EN_NAME)
    roles = {
        str(p.attrs["term"]): str(p.attrs["name"])
        for p in ctx.of_kind("party")
        if p.attrs.get("term") and p.attrs.get("name")
    }
    seen: dict[str, tuple[str, int]] = {}
    recent: list[str] = []  # company names on this line and the two before it
    above: list[str] = []  # those on the line just above
    offset = 0
    for line in ctx.text.split("\n"):
        # a party's line names it whatever its form (洛川县金塬果业专业合作社, a research institute)
        labelled = CN_PARTY_LINE.match(line) if ctx.language == "zh" else None
        found = [(m.start(), m.group().strip()) for m in name_re.finditer(line)]
        if labelled and not found:
            name = _NAME_END.split(labelled.group("name"))[0].strip().rstrip("（(")
            found.append((labelled.start("name"), name))
        names = [name for _, name in sorted(found)]
        for code in code_re.finditer(line):
            if _THING_REGISTERED.search(line[max(0, code.start() - 50) : code.start()]):
                continue  # a registration of a copyright, a patent, a vehicle: not the party's
            before = [name for at, name in sorted(found) if at < code.start()]
            person = _PERSON.search(line[: code.start()]) if code.groupdict().get("id") else None
            if not before and person:  # "出卖人二（签字）：周晓岚；证件号码：…"
                before = [person.group("name")]
            if not before and ctx.language != "zh":
                # "Producer represents … under Delaware file number 6814327": the party the
                # line names by its defined role
                before = _named_by_role(line[: code.start()], roles)
            on_its_own = _CODE_LINE.fullmatch(line[: code.start("code")]) is not None
            role_named = _EN_ROLE_NAME.match(line) if ctx.language != "zh" else None
            if not before and not on_its_own and role_named:
                before = [role_named.group("name")]
            # a code on a line of its own ("Unified Social Credit Code: 9132…") belongs to the
            # name above it; so does one on the rest of a wrapped party paragraph, a line that
            # goes on from the name's line ("(苏州金润…), a limited liability company …")
            goes_on = not found and (line.lstrip()[:1] in ("(", "（", ",") or line[:1].islower())
            owners = before or (recent[-1:] if on_its_own else above[-1:] if goes_on else [])
            if not owners:
                continue
            owner = owners[-1]
            key = re.sub(r"\s+", "", owner).lower()
            group = "code" if code.groupdict().get("code") else "id"
            value = code.group(group).upper()
            first = seen.setdefault(key, (value, offset + code.start(group)))
            if first[0] != value:
                start = offset + code.start(group)
                yield Hit(
                    ctx.span(start, start + len(value)),
                    {"name": owner, "first": first[0], "second": value},
                    (ctx.span(first[1], first[1] + len(first[0])),),
                )
                return
        recent = (recent + names)[-3:] if names else recent[-2:]
        above = names
        offset += len(line) + 1
