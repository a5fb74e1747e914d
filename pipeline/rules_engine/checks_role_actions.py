"""An act that the contract's type gives to one side, written for the other.

In a sale the buyer inspects and may reject the goods, and the seller makes good a short or
defective delivery (民法典 620–621; UCC § 2-601); in a sale or a franchise the seller or the
franchisor supplies the goods. A clause that lets the seller reject the delivery, or makes the
buyer make it good or supply the goods, reverses the roles the rest of the contract sets, so who
holds the right or owes the act is uncertain, whatever words the clause uses around it.

Roles come from the parties block (卖方（乙方）: 乙方 is the seller), so a clause written with
the letter names is read with the role behind each letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.checks_roles import role_letters
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_ZH_SELLER = r"卖方|出卖人|出卖方|供方|供货方|供应商"
_ZH_BUYER = r"买方|买受人|买受方|需方|采购方"
_ZH_FRANCHISOR = r"特许人|特许方"
_ZH_FRANCHISEE = r"被特许人|被特许方"
_ZH_LESSOR = r"出租人|出租方"
_ZH_GOODS = r"货物|产品|商品|物料|原材料|原料|酱料|半成品|设备|配件"
# what a buyer lawfully hands over, and goods coming back: no supply of the contract's goods
_ZH_NOT_SUPPLY = re.compile(
    r"样品|资料|图纸|发票|单据|包装物|退回|退还|返还|归还|交还|届满|终止|解除"
)
_ZH_RETURNED = re.compile(r"退回|退还|返还|退货的")

_EN_SELLER = r"Seller|Vendor|Supplier|Manufacturer"
_EN_RETURNED = re.compile(r"\breturn(?:ed|s)?\b", re.I)


def _zh_actors(ctx: RuleContext, roles: str) -> str:
    """The role words and the letters (甲方, 乙方) the parties block gives those roles."""
    letters = [letter for letter, role in role_letters(ctx).items() if re.fullmatch(roles, role)]
    return "|".join([roles, *letters])


def _zh_patterns(ctx: RuleContext) -> list[tuple[str, re.Pattern[str], re.Pattern[str] | None]]:
    seller, buyer = _zh_actors(ctx, _ZH_SELLER), _zh_actors(ctx, _ZH_BUYER)
    giver = _zh_actors(ctx, f"{_ZH_SELLER}|{_ZH_FRANCHISOR}")
    taker = _zh_actors(ctx, f"{_ZH_BUYER}|{_ZH_FRANCHISEE}")
    return [
        (  # the seller "may reject" the goods it delivers
            "拒收货物",
            re.compile(
                rf"(?<![买卖供需])(?P<actor>{seller})(?:有权|可以|可)[^，。；]{{0,10}}?"
                r"(?:拒收|拒绝接收|拒绝收货)"
            ),
            _ZH_RETURNED,
        ),
        (  # the buyer is told to make up or replace the goods
            "补足或更换货物",
            re.compile(
                rf"(?:要求|由)(?P<actor>{buyer})[^，。；]{{0,12}}?(?:补足|补发|补齐|更换|调换)"
                rf"[^，。；]{{0,8}}?(?:{_ZH_GOODS}|合格)"
            ),
            None,
        ),
        (  # the buyer or the franchisee supplies the goods to the other side
            "供应货物",
            re.compile(
                rf"(?<![被买卖供需])(?P<actor>{taker})(?:应|须|负责)[^，。；]{{0,30}}?向"
                rf"(?:{giver})[^，。；]{{0,8}}?(?:统一)?(?:供应(?!商)|配送|供货|发货)"
                rf"[^，。；]{{0,30}}?(?:{_ZH_GOODS})"
            ),
            _ZH_NOT_SUPPLY,
        ),
        (  # at a lease's end the lessee that pays the buy-out price becomes the owner (民法典
            # 759); a sale-and-leaseback's transfer to the lessor at the start names no buy-out
            "在租期届满留购后取得租赁物所有权",
            re.compile(
                r"(?:留购|期满|届满)[^。]{0,80}?所有权[^，。；]{0,6}?(?:即|应|将|随即)?"
                rf"(?:转移|转归|归属|归)(?:至|给|于|为)?(?P<actor>{_zh_actors(ctx, _ZH_LESSOR)})"
            ),
            None,
        ),
    ]


_EN_PATTERNS: list[tuple[str, re.Pattern[str], re.Pattern[str] | None]] = [
    (
        "reject the goods",
        re.compile(
            rf"\b(?:the\s+)?(?P<actor>{_EN_SELLER})\s+(?:may|shall be entitled to|is entitled to"
            r"|has the right to)\s+reject\s+(?:(?:the|any|all|such|that|each|a|part of)\s+)*"
            r"(?:\w+\s+)?(?:Goods|Products?|Equipment|deliver(?:y|ies)|shipments?|consignments?"
            r"|batch|lots?)\b"
        ),
        _EN_RETURNED,
    ),
]


def _both_parties(ctx: RuleContext, actor: str) -> bool:
    """The actor is a party here, and the contract has a party on the other side too."""
    head = ctx.text[:3000]
    return actor in head and len(ctx.of_kind("party")) >= 2


@check("role_action_swapped", fields=("actor", "act", "sentence"))
def role_action_swapped(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """The seller rejects the goods, the buyer makes them good or supplies them, the lessor
    becomes the owner at the lease's end."""
    patterns = _zh_patterns(ctx) if ctx.language == "zh" else _EN_PATTERNS
    for sentence in ctx.sentences:
        for act, pattern, unless in patterns:
            m = pattern.search(sentence.text)
            if m is None or (unless is not None and unless.search(sentence.text)):
                continue
            if not _both_parties(ctx, m.group("actor")):
                continue
            start = sentence.start + m.start()
            yield Hit(
                ctx.span(start, sentence.start + m.end()),
                {"actor": m.group("actor"), "act": act,
                 "sentence": " ".join(sentence.text.split())[:120]},
            )  # fmt: skip
            return


# "Lessor shall, at its own cost and risk, de-install, crate and ship the Equipment" against
# "Lessee shall bear all costs of … de-installation, crating, transport": the verb and the noun
_EN_ACTS = {
    "deliver": "deliver", "install": "installation", "de-install": "de-installation",
    "deinstall": "de-installation", "crate": "crating", "ship": "shipping|transport",
    "transport": "transport", "relocate": "relocation", "remove": "removal",
    "dismantle": "dismantl", "insure": "insurance", "rig": "rigging",
}  # fmt: skip
_EN_OWN_COST = re.compile(
    r"\b(?:the\s+)?(?P<actor>[A-Z][a-z]+)\s+shall,?\s+at\s+its\s+(?:own\s+|sole\s+)?(?:cost|expense)"
    r"(?:\s+and\s+risk)?,?\s+(?P<acts>[^.;]{0,80})"
)
_EN_BEARS = re.compile(
    r"\b(?:the\s+)?(?P<actor>[A-Z][a-z]+)\s+shall\s+(?:bear|pay|be responsible for)\s+"
    r"(?:all\s+)?(?:the\s+)?(?:costs?|expenses?|charges?)\s+(?:of|for)\s+(?P<acts>[^.;]{0,200})"
)


def _own_cost_acts(acts: str) -> list[str]:
    """The acts a party takes on at its own cost, read up to the first object of the verbs."""
    head = re.split(r"\bthe\b|\bany\b|\ball\b", acts, maxsplit=1)[0]
    return [v for v in re.findall(r"[a-z-]+", head.lower()) if v in _EN_ACTS]


@check("cost_laid_on_both", fields=("actor", "other", "act", "sentence"))
def cost_laid_on_both(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """One party does an act at its own cost that another clause makes the other side pay for."""
    if ctx.language != "en":
        return
    parties = {
        str(p.attrs.get("term") or p.attrs.get("role") or p.value) for p in ctx.of_kind("party")
    }
    bears = [
        (m.group("actor"), m.group("acts").lower())
        for s in ctx.sentences
        for m in _EN_BEARS.finditer(s.text)
        if m.group("actor") in parties
    ]
    for sentence in ctx.sentences:
        for m in _EN_OWN_COST.finditer(sentence.text):
            actor = m.group("actor")
            if actor not in parties:
                continue
            for act in _own_cost_acts(m.group("acts")):
                other = next(
                    (o for o, acts in bears if o != actor and re.search(_EN_ACTS[act], acts)), None
                )
                if other is None:
                    continue
                start = sentence.start + m.start()
                yield Hit(
                    ctx.span(start, sentence.start + m.end()),
                    {"actor": actor, "other": other, "act": act,
                     "sentence": " ".join(sentence.text.split())[:160]},
                )  # fmt: skip
                return
