"""Party names that disagree: one role given two names, or a party's registered name written
differently where it acts, is named as payee or signs."""

from __future__ import annotations

import re
from collections.abc import Iterator

import Levenshtein

from pipeline.entities.parties import COMPANY_SUFFIX, COMPANY_WORD, SUFFIX_CHAIN
from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

# "业主委员会（代表翠湖天地小区全体业主）": a note on whom the party acts for, not its name
# "（以下亦称“禾味总部”）": the alias the contract gives it, not another name
_NAME_NOTE = re.compile(
    r"[（(](?:代表|系|即|作为|以下(?:简|亦|又)?称|下称|for and on behalf of|acting for)"
    r"[^）)]*[）)]\s*$"
)


def _norm_name(name: str) -> str:
    return re.sub(r"[\s（）()“”\"'.,，。]", "", _NAME_NOTE.sub("", name)).lower()


@check("party_name_mismatch", fields=("role", "first", "second"))
def party_name_mismatch(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """One party role (甲方, "Provider") given two different names, or two different roles."""
    seen: dict[str, Entity] = {}
    aliases: dict[str, Entity] = {}
    for p in ctx.of_kind("party"):
        if p.attrs.get("how") == "bracket" and not p.attrs.get("name"):
            continue  # a role given no registered name ("Twin Cities Power Generation")
        role = str(p.attrs.get("role") or p.value)
        name = str(p.attrs.get("name") or p.value)
        if role in seen:
            first = seen[role]
            first_name = str(first.attrs.get("name") or first.value)
            if _norm_name(first_name) != _norm_name(name):
                yield Hit(
                    p.span, {"role": role, "first": first_name, "second": name}, (first.span,)
                )
        else:
            seen[role] = p
        alias = p.attrs.get("alias")
        if isinstance(alias, str) and alias:
            if role in aliases and aliases[role].attrs.get("alias") != alias:
                first_alias = str(aliases[role].attrs.get("alias"))
                yield Hit(p.span, {"role": role, "first": first_alias, "second": alias},
                          (aliases[role].span,))  # fmt: skip
            aliases.setdefault(role, p)


_SUFFIX_ALONE = re.compile(rf"\n(?=[ \t]*{SUFFIX_CHAIN}[ \t]*$)", re.M)


# Only a name used as the one who acts (…有限公司应…, … LLC shall …) is taken for a party;
# other companies (an affiliate, a general partner) may be mentioned under their own names.
_CN_ACTOR = re.compile(r"\s?(?:应|须|必须|负责|承担|同意|有权|将|不得|保证|承诺|向)")
_EN_ACTOR = re.compile(
    r",?\s+(?:shall|will|must|may|agrees|warrants|represents|undertakes"
    # an operative grant in the present tense: "Kestrel Logistics Systems, Inc. grants Provider"
    r"|grants|licenses|licences|assigns|appoints|sells|leases|transfers|indemnifies)\b"
)
_CN_COMPANY_END = re.compile(
    r"合伙企业[（(]有限合伙[）)]|合伙企业|有限责任公司|股份有限公司|有限公司|集团公司|公司"
)
# a comma only before the suffix ("Harborline Technical Supplies, Inc."), never between names
_EN_COMPANY = re.compile(
    rf"(?:{COMPANY_WORD}[ \t]+){{0,6}}?(?:{COMPANY_WORD},?[ \t]+)?{SUFFIX_CHAIN}"
)
# ... or as the one who signs: a name on its own line with "By:" or "Name:" under it
_EN_SIGNS = re.compile(
    r"[ \t]*\n(?:[ \t]*\n)?[ \t]*(?:By\s*:|Signature|Signed|Name\s*:|Authori[sz]ed)", re.I
)


# ... or as the one who pays, is paid or issues (由…公司支付, 承包人…公司, issued by … Limited)
_CN_ROLE_BEFORE = re.compile(
    r"(?:由|向|承包人|发包人|出租人|承租人|委托人|受托人|买方|卖方|收款人|付款人|户名|账户名称|开户名称"
    # 将股权变更登记至…名下: the one who receives what the contract transfers
    r"|(?:登记|过户|转让|转移|变更)(?:至|到|给|予))\s*[:：|｜]?\s*$"
    # the signature block: "乙方（受托人）（盖章）：上海恒裕供应链服务有限公司"
    r"|(?:甲方|乙方|丙方|丁方)(?:[（(][^（）()\n]{1,8}[）)]){0,3}\s*[:：]\s*$"
)
# "以成都蜀味轩餐饮连锁有限公司的名义": the one in whose name a party must act
_CN_IN_NAME_OF = re.compile(r"^的?名义")
_EN_ROLE_BEFORE = re.compile(
    r"(?:issued by|payable to|paid to|in fav(?:ou)?r of|on behalf of"
    # bank and invoicing details name the payee the contract pays
    # ("Account name: …", or a table row "Account name | …")
    r"|(?:account|payee|beneficiary|account holder|invoicing entity|invoicing party)(?: name)?"
    r"\s*[:|])\s*$",
    re.I,
)


_SUFFIX_TAIL = re.compile(rf"(?:,?\s*{COMPANY_SUFFIX})+\s*$")


def _split_suffix(name: str) -> tuple[str, str]:
    """The name without its company suffix chain, and the chain ("Acme Supply", ", LLC")."""
    tail = _SUFFIX_TAIL.search(name)
    return (name[: tail.start()], tail.group()) if tail else (name, "")


def _core_and_suffix(name: str) -> tuple[str, str]:
    core, suffix = _split_suffix(name)
    return _norm_name(core), _norm_name(suffix)


def same_company(a: str, b: str) -> bool:
    """One name with and without its suffix, or with a shorter suffix chain ("Marathon Partners"
    and "Marathon Partners L.P."; "… Service Co." and "… Service Co., Ltd.")."""
    (core_a, suffix_a), (core_b, suffix_b) = _core_and_suffix(a), _core_and_suffix(b)
    if core_a != core_b:
        return False
    return (
        not suffix_a
        or not suffix_b
        or suffix_a.startswith(suffix_b)
        or suffix_b.startswith(suffix_a)
    )


def _core_words(name: str) -> list[str]:
    return re.sub(r"[^\w\s&]", " ", _split_suffix(name)[0]).lower().split()


def _misspelt(variant: str, name: str) -> bool:
    """A signatory named almost as the party, word for word ("… Technical Supplies, Inc." for
    "… Technical Supply, LLC"), not an affiliate that signs for itself ("Reynolds Consumer
    Products Inc." beside "Reynolds Group Holdings Inc.", "… (Zhongshan) Co., Ltd." beside
    "… Japan Co., Ltd.", "Marathon Partners LUX Fund, L.P." beside "Marathon Partners")."""
    ours, theirs = _core_words(name), _core_words(variant)
    if len(ours) != len(theirs):
        return False
    return all(a == b or Levenshtein.ratio(a, b) >= 0.6 for a, b in zip(ours, theirs, strict=True))


def _variants(ctx: RuleContext, name: str) -> Iterator[tuple[int, int, str]]:
    """Company names in the text that start like ``name`` but are not ``name``."""
    if ctx.language == "zh":
        if not _CN_COMPANY_END.search(name) or len(name) < 6:
            return
        for m in re.finditer(re.escape(name[:4]), ctx.text):
            end = _CN_COMPANY_END.search(ctx.text, m.start(), m.start() + 30)
            acts = end is not None and (
                _CN_ACTOR.match(ctx.text, end.end()) or _CN_IN_NAME_OF.match(ctx.text[end.end() :])
            )
            named = _CN_ROLE_BEFORE.search(ctx.text[max(0, m.start() - 16) : m.start()])
            if end and (acts or named):
                yield m.start(), end.end(), ctx.text[m.start() : end.end()]
        return
    words = [w for w in name.split() if w.lower() not in ("the", "a", "an")]
    first = words[0] if words else ""
    if len(first) < 3 or not first[0].isupper():
        return
    # a signature line the page cut before its suffix ("… CIVILS (NORTHERN)⏎LIMITED") reads
    # as one name; a space for the break keeps every offset
    text = _SUFFIX_ALONE.sub(" ", ctx.text)
    for m in re.finditer(rf"\b{re.escape(first)}\b", text, re.I):
        found = _EN_COMPANY.match(text, m.start())
        if not found or "\n" in found.group():
            continue
        acts = _EN_ACTOR.match(text, found.end())
        named = _EN_ROLE_BEFORE.search(text[max(0, m.start() - 20) : m.start()])
        line_start = text.rfind("\n", 0, m.start()) + 1
        signs = (
            not text[line_start : m.start()].strip()
            and _EN_SIGNS.match(text, found.end())
            and _misspelt(found.group(), name)
        )
        if (acts or named or signs) and _same_trade_name(found.group(), name):
            yield m.start(), found.end(), found.group()


# a province, a city or a word many companies open with is no trade name ("Zhejiang Tianheng
# Asset Appraisal" is not "ZHEJIANG LANXI INDUSTRIAL INVESTMENT" written otherwise)
_SHARED_OPENING = re.compile(
    r"anhui|beijing|chongqing|fujian|gansu|guangdong|guangxi|guizhou|hainan|hebei|heilongjiang"
    r"|henan|hubei|hunan|jiangsu|jiangxi|jilin|liaoning|ningxia|qinghai|shaanxi|shandong"
    r"|shanghai|shanxi|sichuan|tianjin|xinjiang|yunnan|zhejiang|hong|macau|taiwan|shenzhen"
    r"|guangzhou|hangzhou|suzhou|ningbo|wuxi|nanjing|wuhan|chengdu|xiamen|qingdao|dalian|kunshan"
    r"|changzhou|foshan|dongguan|hefei|jinan|zhengzhou|changsha|shenyang|wenzhou|jiaxing"
    r"|nantong|zhuhai|zhongshan|china|sino|asia|pacific|international|global|national|american"
    r"|united|general|first|new|great",
)


def _same_trade_name(variant: str, name: str) -> bool:
    """The words that tell a company apart agree: its first word, or its first two where the
    first is a place or a common opening; or the name is misspelt word for word."""
    ours, theirs = _core_words(name), _core_words(variant)
    width = 2 if ours and _SHARED_OPENING.fullmatch(ours[0]) else 1
    return ours[:width] == theirs[:width] or _misspelt(variant, name)


@check("party_name_variant", fields=("name", "variant"))
def party_name_variant(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A party's company name written differently in the body (宁波东港精密机械有限公司 for
    宁波东港机械有限公司; Spotless Cleaning Services LLC for Spotless Cleaning Co.)."""
    parties = [p for p in ctx.of_kind("party") if not p.attrs.get("signature_block")]
    names = {str(p.attrs.get("name") or p.value) for p in parties}
    known = {_norm_name(n) for n in names}
    for name in sorted(names):
        for start, end, variant in _variants(ctx, name):
            folded = _norm_name(variant)
            if folded in known or any(folded in k for k in known):
                continue
            if any(same_company(variant, n) for n in names):
                continue
            if ctx.language == "en" and _another_entity(ctx.text, variant, parties):
                continue
            yield Hit(ctx.span(start, end), {"name": name, "variant": variant})
            return


_OWN_ROLE = (
    r",\s+(?:the|its|an?|our)\s+(?:owner|affiliate|parent|subsidiary|guarantor|licensor|"
    r"publisher|distributor|agent|manufacturer|supplier|holding company|group company)\b"
)
_THIRD_PARTY = re.compile(r"Rights of Third Parties|\bthird part(?:y|ies)\b", re.I)


def _another_entity(text: str, variant: str, parties: list[Entity]) -> bool:
    """The contract itself treats the name as someone else: beside a party ("indemnify the
    Licensor and Harrow Lane Recordings Limited"), with a role of its own ("…, the owner of the
    copyright"), or as a third party with rights ("… may enforce … under the Contracts (Rights
    of Third Parties) Act")."""
    v = re.escape(variant)
    roles = "|".join(
        re.escape(str(p.attrs.get("role") or p.value))
        for p in parties
        if p.attrs.get("role") or p.value
    )
    if roles and re.search(
        rf"\b(?:{roles})\s+(?:and|or|nor)\s+{v}|{v}\s+(?:and|or)\s+the\s+(?:{roles})\b", text
    ):
        return True
    if re.search(v + _OWN_ROLE, text):
        return True
    return any(
        _THIRD_PARTY.search(sentence) for sentence in re.findall(rf"[^.\n]*{v}[^.\n]*", text)
    )
