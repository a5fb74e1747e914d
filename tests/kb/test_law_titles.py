"""The titles-only registry: real laws outside the KB are found, invented ones are not, article
numbers are checked against counts that agree with the texts they were counted from."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.catalog import default_catalog
from kb.citations import default_parser
from kb.law_titles import (
    TITLES_PATH,
    TitleCitation,
    default_law_titles,
    judge,
    load_law_titles,
    title_citations,
)
from kb.registry import CORPUS_DIR, default_registry
from kb.title_counts import count_articles, recount
from pipeline.errors import KBRegistryError

REPO = CORPUS_DIR.parent.parent


def _one(text: str) -> TitleCitation:
    found = title_citations(text)
    assert len(found) == 1, (text, found)
    return found[0]


def test_the_registry_is_broad() -> None:
    kinds = [entry.kind for entry in default_law_titles().laws]
    assert kinds.count("law") >= 150
    assert kinds.count("administrative_regulation") >= 60
    assert kinds.count("judicial_interpretation") >= 60


@pytest.mark.parametrize(
    "name",
    [
        "物业管理条例",
        "《物业管理条例》",
        "中华人民共和国物业管理条例",
        "Property Management Regulations",
        "the property management regulations",
        "Regulations on Property Management",
    ],
)
def test_a_real_law_outside_the_kb_is_found_by_any_name(name: str) -> None:
    entry = default_law_titles().find(name)
    assert entry is not None and entry.title == "物业管理条例"
    assert entry.kb_key is None and entry.status == "in_force"


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("PRC Civil Code", "cn.civil-code"),
        ("Civil Code of the People's Republic of China", "cn.civil-code"),
        ("Labour Contract Law", "cn.labor-contract-law"),
        ("labor contract law", "cn.labor-contract-law"),
        ("Contract Law", "cn.contract-law-1999"),
        ("Arbitration Law Interpretation", "cn.spc-arbitration-law"),
        ("公司法（2018修正）", "cn.company-law"),
        ("民间借贷新规", "cn.spc-private-lending"),  # an alias that lives in registry.yaml
    ],
)
def test_kb_laws_are_entries_with_their_registry_names(name: str, key: str) -> None:
    entry = default_law_titles().find(name)
    assert entry is not None and entry.kb_key == key


@pytest.mark.parametrize(
    "name", ["中华人民共和国房屋租赁条例", "房屋租赁条例", "PRC Housing Lease Regulations", "UCC"]
)
def test_an_invented_law_is_not_found(name: str) -> None:
    assert default_law_titles().find(name) is None


def test_every_kb_law_is_an_entry_that_agrees_with_the_registry_and_the_catalog() -> None:
    titles, catalog = default_law_titles(), default_catalog()
    for law in default_registry().laws:
        if law.jurisdiction != "cn":
            continue
        entry = titles.get(law.title)
        assert entry is not None and entry.kb_key == law.key, law.key
        assert entry.status == law.status, law.key
        if law.article_count is not None:
            assert entry.article_count == law.article_count, law.key
        else:  # the whole text is bundled: the count is its last article
            numbers = [int(a.article_id.split("-")[0]) for a in catalog.law_articles(law.key)]
            assert entry.article_count == max(numbers), law.key


def test_bundled_counts_agree_with_their_texts() -> None:
    """Re-count every count taken from a bundled text, twice: with the catalog's parser, and
    with the corpus's own per-article index (articles.jsonl, parsed by another regex)."""
    index: dict[str, int] = {}
    for line in (CORPUS_DIR / "cn_laws" / "articles.jsonl").read_text(encoding="utf-8").split("\n"):
        if line:
            record = json.loads(line)
            index[record["law"]] = max(index.get(record["law"], 0), record["article_no"])
    checked = 0
    for entry in default_law_titles().laws:
        source = entry.count_source or ""
        if source.startswith("kb/corpus/") and source.endswith(".md"):
            text = (REPO / source).read_text(encoding="utf-8")
            assert count_articles(text) == entry.article_count, entry.title
            assert index[entry.title] == entry.article_count, entry.title
            checked += 1
    assert checked >= 50
    assert recount(TITLES_PATH, None, write=False)[0] == []


def test_count_articles_reads_the_highest_article() -> None:
    text = "# 某条例\n\n第一条 总则。\n\n第二条 定义。\n\n第三条之一 补充。\n\n第三条 施行。\n"
    assert count_articles(text) == 3
    assert count_articles("no articles here") is None


def test_an_invented_law_is_unknown() -> None:
    for text in (
        "根据《中华人民共和国房屋租赁条例》第五条，出租人应当",
        "依据中华人民共和国房屋租赁条例第5条",
    ):
        citation = _one(text)
        assert citation.name == "中华人民共和国房屋租赁条例" and citation.article == 5
        assert citation.entry is None
        assert judge(citation).verdict == "unknown_law"
    bare = _one("适用《中华人民共和国房屋租赁条例》的规定")
    assert bare.article is None and judge(bare).verdict == "unknown_law"


def test_an_article_beyond_the_count_does_not_exist() -> None:
    judgement = judge(_one("依据《物业管理条例》第八十八条的规定"))
    assert judgement.verdict == "no_such_article"
    assert "物业管理条例 has 67 articles" in judgement.reason
    assert "物业管理条例(2018-03-19).md" in judgement.reason and "第88条" in judgement.reason


def test_the_last_article_exists_and_the_next_does_not_for_every_counted_law() -> None:
    """Boundary over every in-force entry outside the KB with a count, cited by its title."""
    checked = 0
    for entry in default_law_titles().laws:
        if entry.kb_key or entry.status != "in_force" or entry.article_count is None:
            continue
        count = entry.article_count
        last = _one(f"依照《{entry.title}》第{count}条")
        after = _one(f"依照《{entry.title}》第{count + 1}条")
        assert last.entry == entry and judge(last).verdict == "exists_outside_kb", entry.title
        assert judge(after).verdict == "no_such_article", entry.title
        checked += 1
    assert checked > 300


def test_article_zero_never_exists() -> None:
    assert judge(_one("物业管理条例第0条")).verdict == "no_such_article"


def test_a_repealed_law_says_what_replaced_it() -> None:
    judgement = judge(_one("《增值税暂行条例》第五条"))
    assert judgement.verdict == "repealed"
    assert "2026-01-01" in judgement.reason and "中华人民共和国增值税法" in judgement.reason
    beyond = judge(_one("《中华人民共和国增值税暂行条例》第二十九条"))  # it had 28
    assert beyond.verdict == "no_such_article" and "repealed" in beyond.reason


def test_a_document_number_between_the_name_and_the_article_is_skipped() -> None:
    # the 2004 construction interpretation, cited with its number (法释〔2004〕14号): repealed
    old = "依《最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释》（法释〔2004〕14号）第二十条"
    judgement = judge(_one(old))
    assert judgement.verdict == "repealed" and "2021-01-01" in judgement.reason
    # its successor, cited the same way, is the KB's law and article
    new = "依《最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）》（法释〔2020〕25号）第二十一条"
    (found,) = default_parser().find_all(new)
    assert (found.ref.law_key, found.ref.article) == ("cn.spc-construction-contract-1", "21")


def test_a_kb_law_is_left_to_the_catalog() -> None:
    judgement = judge(_one("民法典第585条"))
    assert judgement.verdict == "in_kb" and "cn.civil-code" in judgement.reason


def test_a_count_of_another_version_is_not_used() -> None:
    """The 2019 证券法 has 226 articles; the 2014 text cited here had more."""
    citation = _one("依据《证券法》（2014修正）第229条")
    assert citation.version == 2014
    assert judge(citation).verdict == "exists_outside_kb"
    assert judge(_one("依据《证券法》第229条")).verdict == "no_such_article"


def test_unknown_count_is_not_checked() -> None:
    judgement = judge(_one("《中华人民共和国民营经济促进法》第九十九条"))
    assert judgement.verdict == "exists_outside_kb" and "not checked" in judgement.reason


def test_chained_articles_carry_the_law() -> None:
    text = "依据《物业管理条例》第五条、第八十八条"
    found = title_citations(text)
    assert [(c.name, c.article) for c in found] == [("物业管理条例", 5), ("物业管理条例", 88)]
    assert [c.raw for c in found] == ["《物业管理条例》第五条", "《物业管理条例》第八十八条"]
    assert [text[c.start : c.end] for c in found] == ["《物业管理条例》第五条", "第八十八条"]
    assert [judge(c).verdict for c in found] == ["exists_outside_kb", "no_such_article"]


def test_a_name_inside_a_longer_name_is_not_taken() -> None:
    local = _one("违反上海市物业管理条例第5条")
    assert local.name == "上海市物业管理条例" and local.entry is None
    assert "local regulation" in judge(local).reason
    assert all(c.name != "买卖合同解释" for c in title_citations("二手房买卖合同解释第3条"))
    after_prose = _one("出租人违反物业管理条例第5条")
    assert after_prose.name == "物业管理条例" and after_prose.entry is not None


@pytest.mark.parametrize(
    "text",
    [
        "本法第5条",
        "依照本条例第88条",
        "本合同第5条",
        "《房屋租赁合同》第5条",
        "按照公司章程规定第5条",
        "违约金计算方法第5条",
        "依据《年度奖金管理办法》第三条",  # a company's policy, not a law
        "Article 2 of the UCC",
        "Section 7 of this Agreement",
        "第585条",
    ],
)
def test_prose_and_contract_references_are_not_law_citations(text: str) -> None:
    assert title_citations(text) == []


@pytest.mark.parametrize(
    ("text", "title", "article", "verdict"),
    [
        (
            "Article 88 of the Property Management Regulations",
            "物业管理条例",
            88,
            "no_such_article",
        ),
        (
            "Labor Contract Law Implementing Regulations, Article 38",
            "中华人民共和国劳动合同法实施条例",
            38,
            "exists_outside_kb",
        ),
        ("Article 5 of the PRC Housing Lease Regulations", None, 5, "unknown_law"),
        ("PRC Civil Code, Article 509", "中华人民共和国民法典", 509, "in_kb"),
        ("Article 3 of the Marriage Law", "中华人民共和国婚姻法", 3, "repealed"),
    ],
)
def test_english_forms(text: str, title: str | None, article: int, verdict: str) -> None:
    citation = _one(text)
    assert (citation.entry.title if citation.entry else None) == title
    assert citation.article == article and judge(citation).verdict == verdict


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Under the PRC Housing Lease Regulations, Article 5, the lessor",
            "PRC Housing Lease Regulations",
        ),
        ("Housing Lease Regulations of the PRC, Article 5", "Housing Lease Regulations of the PRC"),
        (
            "Article 5 of the Housing Lease Regulations of the PRC applies",
            "Housing Lease Regulations of the PRC",
        ),
        (
            "Article 5 of the PRC Housing Lease Regulations and the Civil Code",
            "PRC Housing Lease Regulations",
        ),
    ],
)
def test_an_unknown_english_name_is_taken_whole(text: str, name: str) -> None:
    citation = _one(text)
    assert (citation.name, citation.article, citation.entry) == (name, 5, None)


def test_english_reason_uses_the_english_label() -> None:
    reason = judge(_one("Article 88 of the Property Management Regulations")).reason
    assert "Article 88 does not exist" in reason


def test_no_citation_in_the_bundled_statutes_names_an_unknown_law() -> None:
    """The statutes cite only real laws (each other, and laws outside the KB)."""
    seen = 0
    for article in default_catalog().articles():
        if article.jurisdiction != "cn":
            continue
        for citation in title_citations(article.text):
            assert judge(citation).verdict != "unknown_law", (article.doc_id, citation.raw)
            seen += 1
    assert seen > 300


_FRAGMENTS = [
    *(
        "《",
        "》",
        "〈",
        "〉",
        "物业管理条例",
        "中华人民共和国",
        "房屋租赁条例",
        "上海市",
        "本法",
        "民法典",
    ),
    *(
        "第",
        "八十八",
        "五八五",
        "67",
        "条",
        "、",
        "，",
        "（2018修正）",
        "（一）",
        "最高人民法院关于",
    ),
    *("解释", "规定", "Article 88", " of the ", "PRC ", "Property Management Regulations", ", "),
]


@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=14))
def test_mentions_in_citation_like_noise(parts: list[str]) -> None:
    """Never raises, spans do not overlap, and each raw finds the same law and article again."""
    text = "".join(parts)
    found = title_citations(text)
    assert all(a.end <= b.start for a, b in itertools.pairwise(found)), text
    for citation in found:
        assert 0 <= citation.start < citation.end <= len(text)
        again = title_citations(citation.raw)
        assert again, (text, citation.raw)
        assert (again[0].entry, again[0].article) == (citation.entry, citation.article), text
        judge(citation)


def _titles_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "law_titles.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def test_loader_rejects_a_file_that_misses_a_kb_law(tmp_path: Path) -> None:
    body = "sources: [test]\nlaws:\n  - title: 物业管理条例\n    kind: administrative_regulation\n    status: in_force\n"
    with pytest.raises(KBRegistryError, match=r"cn\.civil-code"):
        load_law_titles(_titles_file(tmp_path, body))


def test_loader_rejects_a_name_given_to_two_laws(tmp_path: Path) -> None:
    text = TITLES_PATH.read_text(encoding="utf-8")
    text = text.replace("aliases: [Trust Law]", "aliases: [Trust Law, 物业管理条例]")
    with pytest.raises(KBRegistryError, match="物业管理条例"):
        load_law_titles(_titles_file(tmp_path, text))


def test_loader_rejects_a_status_the_registry_contradicts(tmp_path: Path) -> None:
    text = TITLES_PATH.read_text(encoding="utf-8")
    marker = (
        "  - title: 中华人民共和国合同法\n    aliases: []\n    kind: law\n    status: repealed\n"
    )
    assert marker in text
    text = text.replace(marker, marker.replace("repealed", "in_force"))
    with pytest.raises(KBRegistryError, match="中华人民共和国合同法"):
        load_law_titles(_titles_file(tmp_path, text))


def test_loader_rejects_kb_key_in_the_file(tmp_path: Path) -> None:
    text = TITLES_PATH.read_text(encoding="utf-8")
    text = text.replace("aliases: [Trust Law]", "aliases: [Trust Law]\n    kb_key: cn.trust")
    with pytest.raises(KBRegistryError, match="kb_key"):
        load_law_titles(_titles_file(tmp_path, text))


def test_a_known_name_ending_a_longer_bracketed_title_is_not_that_law() -> None:
    parser = default_parser()
    assert parser.find_all("《中华人民共和国商事仲裁法》第十六条") == []
    assert [f.ref.law_key for f in parser.find_all("《中华人民共和国仲裁法》第十六条")] == [
        "cn.arbitration-law"
    ]
    interpretation = "《最高人民法院关于适用〈中华人民共和国仲裁法〉若干问题的解释》第七条"
    assert [f.ref.article for f in parser.find_all(interpretation)] == ["7"]
    # the titles registry reports the longer, unknown name
    mentions = title_citations("《中华人民共和国商事仲裁法》第十六条")
    assert [(m.name, m.entry) for m in mentions] == [("中华人民共和国商事仲裁法", None)]
