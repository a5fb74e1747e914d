"""Dispute forums and governing law: which arbitration body or court, and which law.

``forum`` entities carry ``forum`` = arbitration or court and the institution's name as
value (上海仲裁委员会, American Arbitration Association, 甲方所在地人民法院); ``governing_law``
entities carry the chosen law (中华人民共和国, State of California).
"""

from __future__ import annotations

import re

from pipeline.entities.model import Match

_CN_ARBITRATION = re.compile(r"(?P<name>[\u4e00-\u9fff（）]{2,24}?(?:仲裁委员会|仲裁院|仲裁中心))")
_CN_COURT = re.compile(r"(?P<name>[\u4e00-\u9fff]{2,20}?人民法院)")
_CN_LEAD = re.compile(r"^.*?(?:提交|提请|交由|向|由|在|至|到)")
_EN_ARBITRATION = re.compile(
    r"(?P<name>American Arbitration Association|JAMS|International Chamber of Commerce"
    r"|London Court of International Arbitration|Singapore International Arbitration Centre"
    r"|Hong Kong International Arbitration Centre|China International Economic and Trade "
    r"Arbitration Commission|CIETAC|ICC|AAA|LCIA|SIAC|HKIAC)\b"
)
_EN_COURT = re.compile(
    r"(?P<name>(?:[Ss]tate|[Ff]ederal|[Ss]tate and [Ff]ederal|[Tt]he) [Cc]ourts? (?:located )?"
    r"(?:in|of|for) (?:the )?[A-Z][\w.]*(?:,? [A-Z][\w.]*){0,4})"
)
_CN_LAW = re.compile(r"适用(?P<law>[\u4e00-\u9fff]{2,16}?)(?:法律|法)(?:[，。；]|$)")
_EN_LAW = re.compile(
    r"(?:governed by|construed (?:and enforced )?in accordance with|subject to) (?:and [a-z ]+ )?"
    r"the (?:internal )?laws? of (?P<law>(?:the )?(?:State|Commonwealth|Province|Republic) of "
    r"[A-Z][a-z]+(?: [A-Z][a-z]+)*|England and Wales|[A-Z][a-z]+(?: [A-Z][a-z]+)*)"
)


def find_forums(text: str, language: str) -> list[Match]:
    found: list[Match] = []
    if language == "zh":
        for m in _CN_ARBITRATION.finditer(text):
            name = _CN_LEAD.sub("", m.group("name"))
            if "劳动" not in name or "争议" in name:
                start = m.end() - len(name)
                found.append(Match("forum", start, m.end(), name, {"forum": "arbitration"}))
        for m in _CN_COURT.finditer(text):
            name = _CN_LEAD.sub("", m.group("name"))
            start = m.end() - len(name)
            found.append(Match("forum", start, m.end(), name, {"forum": "court"}))
        for m in _CN_LAW.finditer(text):
            found.append(Match("governing_law", m.start("law"), m.end("law"), m.group("law"), {}))
    else:
        for m in _EN_ARBITRATION.finditer(text):
            found.append(Match("forum", m.start(), m.end(), m.group(), {"forum": "arbitration"}))
        for m in _EN_COURT.finditer(text):
            name = m.group("name").rstrip(", ")
            found.append(Match("forum", m.start(), m.start() + len(name), name, {"forum": "court"}))
        for m in _EN_LAW.finditer(text):
            found.append(Match("governing_law", m.start("law"), m.end("law"), m.group("law"), {}))
    return found
