"""Remove the spaces OCR puts inside Chinese text, so the rules see normal Chinese.

Tesseract's ``chi_sim`` model may write a space between two Chinese characters (合 同 总 价 款)
and around the punctuation it reads beside them (买方 (甲方) :). Chinese text has no spaces
between words, and the rules' patterns expect none. A run of spaces or tabs is dropped when
the characters on both sides are CJK (ideographs, CJK punctuation, full-width forms), or when
one side is CJK and the other one of the ASCII marks OCR reads for full-width ones (``( ) : ;
,``). Everything else is kept: spaces between Latin words and figures, and every line break.
"""

from __future__ import annotations

import re

# Ideographs (with extension A and the compatibility block), CJK symbols and punctuation
# (、。「」《》…), full-width forms (（）：；，０-９ and half-width katakana are harmless here).
_CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_ASCII_MARKS = "():;,"
_GAP = re.compile(
    rf"(?<=[{_CJK}])[ \t]+(?=[{_CJK}{re.escape(_ASCII_MARKS)}])"
    rf"|(?<=[{re.escape(_ASCII_MARKS)}])[ \t]+(?=[{_CJK}])"
)


def join_cjk_spacing(text: str) -> str:
    """``text`` without the spaces between two CJK characters, or between a CJK character and
    an ASCII bracket, colon, semicolon or comma; other spaces and all newlines stay."""
    return _GAP.sub("", text)
