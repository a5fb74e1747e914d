from __future__ import annotations

from kb.statute_text import parse_articles

CN = """# 中华人民共和国示例法

2020年1月1日 通过

第一条 这是前言里的假条文，不应解析。

<!-- INFO END -->

第一章 总则

第一条 为了测试，制定本法。

第二条 第一款内容。

第二款内容。

第二节 细则

第三条之一 补充条文。
"""

EN = """## CHAPTER 1— GENERAL

### § 1. Definitions
Words mean things.
(July 30, 1947, ch. 392, 61 Stat. 670.)

§ 28:2-316.01 Exclusion of warranties.
Text of the section.
[History: Apr. 27, 2013, D.C. Law 19-299, § 2, 60 DCR 2634]

Section 7. Plain text section
Body seven.
"""


def test_chinese_articles_paths_and_offsets() -> None:
    articles = parse_articles(CN)
    assert [(a.label, a.article_id) for a in articles] == [
        ("第一条", "1"),
        ("第二条", "2"),
        ("第三条之一", "3-1"),
    ]
    assert articles[1].text == "第一款内容。\n第二款内容。"
    assert articles[0].heading_path == ("第一章 总则",)
    assert articles[2].heading_path == ("第一章 总则", "第二节 细则")
    assert CN[articles[1].start : articles[1].end].startswith("第二条 第一款内容。")


def test_english_sections_drop_annotations() -> None:
    articles = parse_articles(EN)
    assert [(a.label, a.article_id, a.caption) for a in articles] == [
        ("§ 1", "1", "Definitions"),
        ("§ 28:2-316.01", "28:2-316.01", "Exclusion of warranties."),
        ("Section 7", "7", "Plain text section"),
    ]
    assert articles[0].text == "Words mean things."
    assert articles[1].text == "Text of the section."
    assert articles[0].heading_path == ("CHAPTER 1— GENERAL",)
