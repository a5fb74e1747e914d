"""Find every citation-like mention of a law in free text, known or not, for the titles check.

Where :mod:`kb.citations` finds only the KB's laws, this finds any name that is cited like a
law, so that an invented one can be reported:

- ``《X》第N条`` and ``《X》`` alone (no article), when X is a known name or ends like a law:
  法 or 条例, or 规定, 解释, 办法, 决定, 细则, 规则, 意见 with an issuer in the name (国务院,
  最高人民法院, 中华人民共和国, 关于...), an ordinal such as （一） allowed after.
  ``《房屋租赁合同》第5条`` is a contract and ``《年度奖金管理办法》`` a company's policy, not laws;
- ``X第N条`` without brackets: the longest known name ending before 第 (``民法典585条`` too),
  or an unknown name ending like a law, taken from where the law's name starts (中华人民共和国,
  最高人民法院, 国务院, or after a word such as 根据/依照/违反). A known name is not taken when
  it starts in the middle of a longer one: ``上海市物业管理条例`` is a local regulation, not
  物业管理条例, and ``二手房买卖合同解释`` is not 买卖合同解释; the longer name is reported instead.
  Self-references (本法, 该条例) and contract prose (本合同规定, 计算方法) are not law names;
- ``第N条、第M条`` after a citation carries its law over;
- English forms through :func:`kb.english_cites.find_english` (``Article 88 of the Property
  Management Regulations``, ``PRC Housing Lease Regulations, Article 5``).

``lookup`` resolves a name (as written) to whatever the caller keeps; spans are half-open offsets
into the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from kb.english_cites import find_english
from kb.numerals import CN_NUMERAL_CHARS, cn_to_int
from kb.registry import normalise_name

T = TypeVar("T")

_N = f"[{CN_NUMERAL_CHARS}0-9０-９]+"
_ARTICLE = re.compile(
    rf"\s*(?:第\s*(?P<cn>{_N})|(?P<bare>[0-9０-９]+))\s*[条條](?:之(?P<sub>{_N}))?"
)
_CHAIN = re.compile(
    rf"(?:[\s、，,和及与或以至到]|第{_N}[款项目])*第\s*(?P<cn>{_N})\s*[条條](?:之{_N})?"
)
_VERSION = re.compile(
    r"\s*[（(]\s*(?P<year>(?:19|20)\d{2})\s*年?\s*(?:第[一二三四五六七八九十]次)?"
    r"(?:修订|修正|修改|版)?\s*[)）]"
)
_VERSION_END = re.compile(_VERSION.pattern + r"\s*$")
# "《…解释》（法释〔2004〕14号）第二十条": the instrument's document number names which text is
# meant, not a version of it, so it is skipped like a bracket
DOC_NUMBER = re.compile(
    r"\s*[（(]\s*(?:法释|法发|法|国务院令|主席令|国发|国办发)\s*[〔\[［(（]\s*(?:19|20)\d{2}\s*"
    r"[〕\]］)）]\s*(?:第\s*)?[0-9０-９]+\s*号\s*[)）]"
)
DOC_NUMBER_END = re.compile(DOC_NUMBER.pattern + r"\s*$")
_ORDINAL = r"(?:[（(][一二三四五六七八九十]+[)）])?(?:[（(]试行[)）])?"
_LAW_END = re.compile(rf"(?:法|法典|条例|规定|解释|办法|决定|细则|规则|意见){_ORDINAL}$")
# 方法, 司法, 违法 ... end in 法 without being a law's name
_NOT_LAW_END = re.compile(rf"(?:[方做说看想算用写手司执立守违合非依]法|本条例){_ORDINAL}$")
_WEAK_END = re.compile(rf"(?:规定|办法|决定|解释|意见|规则){_ORDINAL}$")
_ISSUER = re.compile(r"中华人民共和国|最高人民法院|最高人民检察院|国务院|全国人民代表大会|^关于")
_STATE_START = re.compile(
    r"中华人民共和国|最高人民法院|最高人民检察院|国务院|全国人民代表大会常务委员会"
)
_SELF = re.compile(r"^(?:本|该|此|上述|前述|前款|下列|以下|相关|有关|其他|其|各|原|新|旧|现行)")
# Words after which a law's name starts (根据民法典, 违反物业管理条例, 和合同法 ...).
_BOUNDARY_WORDS = (
    "根据|依据|依照|按照|遵照|参照|比照|违反|适用|援引|引用|符合|对照|结合|参见|详见|遵守|执行|"
    "履行|遵循|实施|落实|贯彻|参考|不受|属于|具备|载明|承担|享有|采取|"
    "规定|约定|以及|或者|并且|还是|即|及|和|与|或|并|且|的|了|在|于|由|为|是|经|对|向|从|就|将|"
    "把|被|其|等|中|之|条|款|项|见|按|依|据|照|也|均|应|须|可|所|已|如|若"
)
_ENDS_WITH_BOUNDARY = re.compile(rf"(?:{_BOUNDARY_WORDS})$")
_UNKNOWN_SPLIT = re.compile(
    r"根据|依据|依照|按照|遵照|参照|比照|违反|适用|援引|引用|符合|对照|结合|参见|详见|遵守|以及|或者|"
    r"即|和|与|及|或|的|在|按|依|向|经|由|将|把|被|从|条|款|项"
)
_SELF_TAIL = re.compile(
    rf"(?:本|该|此|上述|前述)(?:法律|法|条例|规定|办法|解释|决定|细则|规则){_ORDINAL}$"
)
_LOCAL = re.compile(r"[省市县区州盟旗]$|自治区$|特别行政区$")
_NAME_CHARS = re.compile(r"[\u3400-\u9fff（）()〈〉0-9０-９]")
_LOOKBEHIND = 80


@dataclass(frozen=True)
class Mention(Generic[T]):
    raw: str  # readable on its own: 《物业管理条例》第八十八条, 民法典第586条 (chained)
    name: str  # the law's name as written, without brackets or version suffix
    article: int | None
    target: T | None
    start: int
    end: int
    version: int | None = None  # 公司法（2018修正） -> 2018


def scan(
    text: str, lookup: Callable[[str], T | None], known_names: Mapping[str, T] | None = None
) -> list[Mention[T]]:
    """Every mention in ``text``, in order, without overlaps. ``known_names`` (each name folded
    by :func:`kb.registry.normalise_name`, with its target) tell when a known name sits inside
    a longer one."""
    known_names = known_names if known_names is not None else {}
    found = _bracketed(text, lookup)
    taken = [(m.start, m.end) for m in found]
    unbracketed = _unbracketed(text, lookup, known_names)
    found += [m for m in unbracketed if not _overlaps(m, taken)]
    taken = [(m.start, m.end) for m in found]
    for mention in find_english(text, lookup, unknown=True):
        for index, article in enumerate(mention.articles):
            item = Mention(
                mention.raw(index),
                mention.name,
                article.number,
                mention.target,
                article.start,
                article.end,
            )
            if not _overlaps(item, taken):
                found.append(item)
    return sorted(found, key=lambda m: m.start)


def _overlaps(mention: Mention[T], taken: list[tuple[int, int]]) -> bool:
    return any(mention.start < end and start < mention.end for start, end in taken)


def _closing(text: str, start: int) -> int | None:
    """Index just past the 》 that closes the 《 at ``start`` (nested 《》 and 〈〉 allowed)."""
    depth = 0
    for index in range(start, min(len(text), start + 200)):
        char = text[index]
        if char == "《":
            depth += 1
        elif char == "》":
            depth -= 1
            if depth == 0:
                return index + 1
        elif char in "\n。；;":
            return None
    return None


def _bracketed(text: str, lookup: Callable[[str], T | None]) -> list[Mention[T]]:
    found: list[Mention[T]] = []
    index = text.find("《")
    while index != -1:
        close = _closing(text, index)
        if close is None:
            index = text.find("《", index + 1)
            continue
        inner = text[index + 1 : close - 1].strip()
        version = None
        if suffix := _VERSION_END.search(inner):
            version, inner = int(suffix.group("year")), inner[: suffix.start()]
        pos = close
        if suffix := _VERSION.match(text, pos):
            version, pos = int(suffix.group("year")), suffix.end()
        if number := DOC_NUMBER.match(text, pos):
            pos = number.end()
        target = lookup(inner)
        if target is not None or _law_like(inner):
            head = text[index:pos]
            found += _with_articles(text, head, inner, target, index, pos, version)
        index = text.find("《", close)
    return found


def _with_articles(
    text: str, head: str, name: str, target: T | None, start: int, pos: int, version: int | None
) -> list[Mention[T]]:
    """The mention at ``start``..``pos`` with its article, and the articles chained after it."""
    match = _ARTICLE.match(text, pos)
    if match is None:
        return [Mention(head, name, None, target, start, pos, version)]
    article = _number(match.group("cn") or match.group("bare"))
    first = Mention(
        head + match.group().strip(), name, article, target, start, match.end(), version
    )
    found = [first] if article is not None else []
    end = match.end()
    while chained := _CHAIN.match(text, end):
        number = _number(chained.group("cn"))
        label = text[chained.start("cn") - 1 : chained.end()].lstrip()
        if number is not None:
            at = chained.start("cn") - 1
            found.append(Mention(head + label, name, number, target, at, chained.end(), version))
        end = chained.end()
    return found


def _number(numeral: str) -> int | None:
    try:
        return cn_to_int(numeral.translate(str.maketrans("０１２３４５６７８９", "0123456789")))
    except ValueError:  # 第五百八五条 is not a numeral; not a citation either
        return None


def _unbracketed(
    text: str, lookup: Callable[[str], T | None], known_names: Mapping[str, T]
) -> list[Mention[T]]:
    found: list[Mention[T]] = []
    consumed = 0
    for match in re.finditer(rf"第\s*{_N}\s*[条條]|(?<![第0-9０-９.．])[0-9０-９]+[条條]", text):
        if match.start() < consumed:
            continue
        bare = not match.group().startswith("第")
        named = _name_before(text, match.start(), lookup, known_names, bare=bare)
        if named is None:
            continue
        name, target, start, version = named
        head = text[start : match.start()]
        mentions = _with_articles(text, head, name, target, start, match.start(), version)
        found += mentions
        consumed = max([consumed, *(m.end for m in mentions)])
    return found


def _name_before(
    text: str,
    end: int,
    lookup: Callable[[str], T | None],
    known_names: Mapping[str, T],
    *,
    bare: bool,
) -> tuple[str, T | None, int, int | None] | None:
    """The law name ending right before ``end``: (name, target, start, version)."""
    stop = end
    version = None
    window_start = max(0, end - _LOOKBEHIND)
    window = text[window_start:end]
    if number := DOC_NUMBER_END.search(window):
        stop = window_start + number.start()
        window = window[: number.start()]
    if suffix := _VERSION_END.search(window):
        version = int(suffix.group("year"))
        stop = window_start + suffix.start()
    start = stop
    while start > max(0, stop - _LOOKBEHIND) and _NAME_CHARS.match(text, start - 1):
        start -= 1
    run = text[start:stop]
    if not run:
        return None
    for length in range(len(run), 1, -1):
        name = run[-length:]
        target = lookup(name)
        if target is None:
            continue
        prefix = run[:-length]
        if prefix and not _ENDS_WITH_BOUNDARY.search(prefix):
            probe = normalise_name(prefix[-1] + name[:2])
            if _LOCAL.search(prefix) or any(
                probe in other for other, law in known_names.items() if law != target
            ):
                break  # inside a longer name: report that one (unknown) instead
        return name, target, stop - length, version
    if bare:
        return None  # 585条 with no 第 only after a known name
    unknown = _unknown_name(run)
    if unknown is None:
        return None
    return unknown, lookup(unknown), stop - len(unknown), version


def _unknown_name(run: str) -> str | None:
    """Where an unknown law's name starts in ``run``, or None when ``run`` is not one."""
    if _SELF_TAIL.search(run):
        return None  # 债务人有本法第X条: the law cites itself
    starts = [m.start() for m in _STATE_START.finditer(run)]
    if starts:
        name = run[starts[-1] :]
    else:
        splits = [m.end() for m in _UNKNOWN_SPLIT.finditer(run) if m.end() < len(run) - 1]
        name = run[splits[-1] :] if splits else run
    return name if _law_like(name) else None


def _law_like(name: str) -> bool:
    """Ends like a law's name and is not a self-reference. 规定, 办法, 规则, 解释 ... also need an
    issuer (国务院, 最高人民法院, 中华人民共和国, 关于...): contracts cite their own policies so
    (《差旅费报销管理办法》, 《远程办公管理规定》), and no list can tell those from a ministry's."""
    name = name.strip()
    if len(name) < 3 or not _LAW_END.search(name) or _NOT_LAW_END.search(name):
        return False
    if _SELF.match(name):
        return False
    return not (_WEAK_END.search(name) and not _ISSUER.search(name))
