"""Checks golden_set/kb/queries.jsonl, the hand-written retrieval evaluation set for the statute KB.

The file is maintained by hand, so these tests guard against mistakes a person makes while
editing it: broken JSON, duplicate ids, the wrong language or kind mix, a typo in a law's short
name, an article number that does not exist in the bundled statute text, and a "paraphrase" that
just copies the statute. The validators return lists of problems; the last tests feed them
broken rows on purpose to show that they fail.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
GOLDEN_DIR = REPO / "golden_set" / "kb"
QUERIES = GOLDEN_DIR / "queries.jsonl"
README = GOLDEN_DIR / "README.md"
DATA_ENV = "GOLDEN_KB_DATA_DIR"
# The statute corpus vendored into the repo (kb/corpus/SOURCES.md says where it came from).
DEFAULT_DATA_ROOT = Path(__file__).resolve().parents[2] / "kb" / "corpus"

MIN_COUNTS = {"zh": 110, "en": 55}
CITATION_SHARE = (0.10, 0.30)  # most queries must be paraphrases, but every form gets exercised
MAX_SHARED_ZH_CHARS = 9  # a longer run copied from the article makes retrieval trivially lexical
MAX_SHARED_EN_WORDS = 7

FIELDS = {"id", "lang", "query", "kind", "expected", "note"}
KINDS = {"paraphrase", "citation"}

_JI = "cn_laws/judicial_interpretations/"
# Short name -> source path under the data root. Keep in step with the table in README.md.
CN_SOURCES: dict[str, str] = {
    "民法典": "cn_laws/minfadian",
    "合同编通则解释": _JI + "最高人民法院关于适用《民法典》合同编通则若干问题的解释(2023-12-04).md",
    "担保制度解释": _JI + "最高人民法院关于适用《民法典》有关担保制度的解释(2020-12-31).md",
    "民间借贷规定": _JI + "最高人民法院关于审理民间借贷案件适用法律若干问题的规定(2020-12-29).md",
    "买卖合同解释": _JI + "最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释(2020-12-29).md",
    "城镇房屋租赁合同解释": _JI
    + "最高人民法院关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释(2020-12-29).md",
    "建设工程施工合同解释（一）": _JI
    + "最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）(2020-12-29).md",
    "技术合同解释": _JI
    + "最高人民法院关于审理技术合同纠纷案件适用法律若干问题的解释(2020-12-29).md",
    "仲裁法解释": _JI + "最高人民法院关于适用《仲裁法》若干问题的解释(2006-08-23).md",
    "劳动合同法": "cn_laws/laws/劳动合同法(2012-12-28).md",
    "仲裁法": "cn_laws/laws/仲裁法(2017-09-01).md",
    "民事诉讼法": "cn_laws/laws/民事诉讼法(2023-09-01).md",
    "涉外民事关系法律适用法": "cn_laws/laws/涉外民事关系法律适用法(2010-10-28).md",
    "电子签名法": "cn_laws/laws/电子签名法(2019-04-23).md",
    "电子商务法": "cn_laws/laws/电子商务法(2018-08-31).md",
    "消费者权益保护法": "cn_laws/laws/消费者权益保护法(2013-10-25).md",
    "公司法": "cn_laws/laws/公司法(2023-12-29).md",
}
# English short names; "D.C. Code" spans three files, told apart by the section number.
EN_SOURCES: list[tuple[str, re.Pattern[str], str]] = [
    ("9 U.S.C.", re.compile(r"\d+"), "en/statutes/usc_title9_arbitration_2013.md"),
    (
        "D.C. Code",
        re.compile(r"28:[12]-\d+(\.\d+)?"),
        "en/statutes/dc_code_t28_ucc_art1_art2_sales.md",
    ),
    ("D.C. Code", re.compile(r"28-35\d\d"), "en/statutes/dc_code_t28_ch35_statute_of_frauds.md"),
    (
        "D.C. Code",
        re.compile(r"28-49\d\d"),
        "en/statutes/dc_code_t28_ch49_uniform_electronic_transactions.md",
    ),
]

CN_CITATION = re.compile(r"(?P<law>[^\s第]+)第(?P<no>[1-9]\d*)条")
EN_CITATION = re.compile(r"(?P<law>9 U\.S\.C\.|D\.C\. Code) § (?P<sec>\S+)")
CN_NUMERAL = "零〇一二三四五六七八九十百千"
CN_HEADING = re.compile(rf"^第([{CN_NUMERAL}]+)条(?=\s)", re.MULTILINE)
# U+202F (narrow no-break space) follows "§" in the USC headings; \s matches it.
USC_HEADING = re.compile(r"^###\s*§\s*(\d+)\.\s", re.MULTILINE)
DC_HEADING = re.compile(r"^§\s*(28(?::\d-\d+(?:\.\d+)?|-\d+))\s", re.MULTILINE)


def cn_to_int(numeral: str) -> int:
    """Chinese article numeral to int: 十 -> 10, 一百零五 -> 105, 一千二百六十 -> 1260."""
    digits = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0}
    units = {"十": 10, "百": 100, "千": 1000}
    total, pending = 0, 0
    for char in numeral:
        if char in digits:
            pending = digits[char]
        elif char in units:
            total += (pending or 1) * units[char]
            pending = 0
        else:
            raise ValueError(f"not a Chinese numeral: {numeral!r}")
    return total + pending


@dataclass(frozen=True)
class Ref:
    """One parsed `expected` citation: which source and which article/section."""

    law: str
    article: str
    path: str


def parse_expected(citation: str) -> Ref | None:
    """Resolve an `expected` string through the short-name tables; None if it does not resolve."""
    if m := CN_CITATION.fullmatch(citation):
        path = CN_SOURCES.get(m["law"])
        return Ref(m["law"], m["no"], path) if path else None
    if m := EN_CITATION.fullmatch(citation):
        for law, section, path in EN_SOURCES:
            if law == m["law"] and section.fullmatch(m["sec"]):
                return Ref(law, m["sec"], path)
    return None


def _split_articles(
    text: str, heading: re.Pattern[str], key: Callable[[str], str]
) -> dict[str, str]:
    marks = list(heading.finditer(text))
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return {key(m.group(1)): text[m.start() : end] for m, end in zip(marks, ends, strict=True)}


def build_index(root: Path) -> dict[str, dict[str, str]]:
    """Source path -> {article id -> article text}, read from the statute files themselves."""
    index: dict[str, dict[str, str]] = {}
    for rel in CN_SOURCES.values():
        source = root / rel
        files = sorted(source.glob("*.md")) if source.is_dir() else [source]
        articles: dict[str, str] = {}
        for file in files:
            text = file.read_text(encoding="utf-8")
            articles |= _split_articles(text, CN_HEADING, lambda n: str(cn_to_int(n)))
        index[rel] = articles
    for _, _, rel in EN_SOURCES:
        text = (root / rel).read_text(encoding="utf-8")
        heading = USC_HEADING if "usc" in rel else DC_HEADING
        index[rel] = _split_articles(text, heading, str)
    return index


def load_rows(path: Path) -> list[dict[str, Any]]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise AssertionError(
                f"{path}:{number}: not JSON ({e}); write one object per line"
            ) from e
        if not isinstance(row, dict):
            raise AssertionError(
                f"{path}:{number}: expected a JSON object, got {type(row).__name__}"
            )
        rows.append(row)
    return rows


def shape_problems(rows: Iterable[dict[str, Any]]) -> list[str]:
    """Field-level problems that need no corpus: keys, types, ids, language, kind, expected."""
    problems: list[str] = []
    ids: Counter[str] = Counter()
    queries: Counter[str] = Counter()
    for n, row in enumerate(rows, start=1):
        where = f"line {n} ({row.get('id', '?')})"
        if set(row) != FIELDS:
            problems.append(f"{where}: keys {sorted(row)}; expected exactly {sorted(FIELDS)}")
            continue
        ids[row["id"]] += 1
        queries[row["query"]] += 1
        if row["lang"] not in MIN_COUNTS:
            problems.append(f"{where}: lang {row['lang']!r}; use one of {sorted(MIN_COUNTS)}")
        elif not re.fullmatch(rf"{row['lang']}-\d{{3}}", row["id"]):
            problems.append(f"{where}: id must look like {row['lang']}-NNN")
        if row["kind"] not in KINDS:
            problems.append(f"{where}: kind {row['kind']!r}; use one of {sorted(KINDS)}")
        if not isinstance(row["query"], str) or not row["query"].strip():
            problems.append(f"{where}: empty query")
        elif (row["lang"] == "zh") != bool(re.search(r"[\u4e00-\u9fff]", row["query"])):
            problems.append(f"{where}: query script does not match lang {row['lang']!r}")
        expected = row["expected"]
        if not isinstance(expected, list) or not expected:
            problems.append(f"{where}: expected must be a non-empty list of citations")
        elif len(set(expected)) != len(expected) or not all(isinstance(e, str) for e in expected):
            problems.append(f"{where}: expected has duplicates or non-strings: {expected}")
        if not isinstance(row["note"], str):
            problems.append(f"{where}: note must be a string")
    problems += [f"duplicate id {i!r} ({c} times)" for i, c in ids.items() if c > 1]
    problems += [f"duplicate query {q!r}" for q, c in queries.items() if c > 1]
    return problems


def mix_problems(rows: list[dict[str, Any]], min_counts: dict[str, int] | None = None) -> list[str]:
    problems = []
    for lang, minimum in (min_counts or MIN_COUNTS).items():
        mine = [r for r in rows if r["lang"] == lang]
        if len(mine) < minimum:
            problems.append(f"{lang}: {len(mine)} queries, need at least {minimum}")
            continue
        share = sum(r["kind"] == "citation" for r in mine) / len(mine)
        low, high = CITATION_SHARE
        if not low <= share <= high:
            problems.append(
                f"{lang}: citation share {share:.0%}, keep it within {low:.0%}-{high:.0%}"
            )
    return problems


def _numbers_in_cn_query(query: str) -> set[str]:
    found = set(re.findall(r"第\s*(\d+)\s*条", query))
    found |= {str(cn_to_int(n)) for n in re.findall(rf"第([{CN_NUMERAL}]+)条", query)}
    return found


def _shared_run(query: str, article: str, lang: str) -> str:
    a: list[str] | str = query
    b: list[str] | str = article
    if lang == "en":
        a, b = re.findall(r"[a-z0-9$]+", query.lower()), re.findall(r"[a-z0-9$]+", article.lower())
    m = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    run = a[m.a : m.a + m.size]
    return run if isinstance(run, str) else " ".join(run)


def corpus_problems(rows: Iterable[dict[str, Any]], index: dict[str, dict[str, str]]) -> list[str]:
    """Problems found against the statute text: unknown laws, missing articles, copied text."""
    problems = []
    for row in rows:
        for citation in row["expected"]:
            ref = parse_expected(citation)
            if ref is None:
                problems.append(
                    f"{row['id']}: {citation!r} does not parse or uses an unknown short name"
                )
                continue
            article = index[ref.path].get(ref.article)
            if article is None:
                problems.append(f"{row['id']}: {citation!r} has no such article in {ref.path}")
                continue
            if row["kind"] == "paraphrase":
                run = _shared_run(row["query"], article, row["lang"])
                size = len(run) if row["lang"] == "zh" else len(run.split())
                limit = MAX_SHARED_ZH_CHARS if row["lang"] == "zh" else MAX_SHARED_EN_WORDS
                if size > limit:
                    problems.append(f"{row['id']}: paraphrase copies {run!r} from {citation}")
        if row["kind"] == "citation":
            problems += _citation_number_problems(row)
    return problems


def _citation_number_problems(row: dict[str, Any]) -> list[str]:
    """A citation query must carry the article number it expects, in some numeral form."""
    problems = []
    for citation in row["expected"]:
        ref = parse_expected(citation)
        if ref is None:
            continue
        if ref.law in CN_SOURCES:
            ok = ref.article in _numbers_in_cn_query(row["query"])
        else:
            tail = ref.article.split(":")[-1]  # "28:2-302" is cited as "UCC 2-302"
            ok = re.search(rf"(?<![\d.-]){re.escape(tail)}(?![\d.-])", row["query"]) is not None
        if not ok:
            problems.append(
                f"{row['id']}: citation query {row['query']!r} does not mention {citation}"
            )
    return problems


def readme_short_names(text: str) -> set[str]:
    """First-column names of the table under the README's "## Short names" heading."""
    section = text.split("## Short names", 1)[-1].split("\n## ", 1)[0]
    return set(re.findall(r"^\|\s*`([^`]+)`", section, re.MULTILINE))


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    return load_rows(QUERIES)


@pytest.fixture(scope="module")
def data_root() -> Path:
    configured = os.environ.get(DATA_ENV)
    root = Path(configured) if configured else DEFAULT_DATA_ROOT
    present = (root / "cn_laws").is_dir() and (root / "en" / "statutes").is_dir()
    if configured and not present:
        pytest.fail(
            f"{DATA_ENV}={configured} has no cn_laws/ and en/statutes/; point it at the corpus"
        )
    if not present:
        pytest.fail(f"statute corpus not found at {root}; set {DATA_ENV} to check citations")
    return root


@pytest.fixture(scope="module")
def index(data_root: Path) -> dict[str, dict[str, str]]:
    return build_index(data_root)


def test_every_line_is_well_formed(rows: list[dict[str, Any]]) -> None:
    assert shape_problems(rows) == []


def test_language_counts_and_citation_share(rows: list[dict[str, Any]]) -> None:
    assert mix_problems(rows) == []


def test_expected_citations_exist_and_paraphrases_do_not_copy(
    rows: list[dict[str, Any]], index: dict[str, dict[str, str]]
) -> None:
    assert corpus_problems(rows, index) == []


def test_readme_table_matches_the_mapping_and_the_names_in_use(rows: list[dict[str, Any]]) -> None:
    documented = readme_short_names(README.read_text(encoding="utf-8"))
    mapped = set(CN_SOURCES) | {law for law, _, _ in EN_SOURCES}
    used = {ref.law for r in rows for e in r["expected"] if (ref := parse_expected(e))}
    assert documented == mapped
    assert used == mapped, f"mapped but unused: {mapped - used}"


def test_index_sees_every_article_of_the_sources(index: dict[str, dict[str, str]]) -> None:
    # The counts SOURCES.md reports for these files; a heading regex that misses articles shows here.
    assert len(index["cn_laws/minfadian"]) == 1260
    assert len(index[CN_SOURCES["合同编通则解释"]]) == 69
    assert len(index[CN_SOURCES["担保制度解释"]]) == 71
    assert {str(n) for n in (*range(1, 17), *range(201, 209), *range(301, 308))} == set(
        index[EN_SOURCES[0][2]]
    )
    assert len(index[EN_SOURCES[1][2]]) == 129


def test_cn_numeral_parser_agrees_with_articles_jsonl(data_root: Path) -> None:
    lines = (data_root / "cn_laws" / "articles.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    mismatches = [r["article"] for r in records if cn_to_int(r["article"][1:-1]) != r["article_no"]]
    assert len(records) > 4000
    assert mismatches == []


def test_validators_reject_broken_rows(index: dict[str, dict[str, str]]) -> None:
    good: dict[str, Any] = {"lang": "zh", "kind": "paraphrase", "note": ""}
    broken: list[dict[str, Any]] = [
        {**good, "id": "zh-001", "query": "定金最多能约定多少", "expected": ["民法典第1438条"]},
        {**good, "id": "zh-001", "query": "试用期多久", "expected": ["劳动法典第19条"]},
        {**good, "id": "en-003", "query": "违约金过高怎么办", "expected": []},
        {
            **good,
            "id": "zh-004",
            "query": "当事人可以约定一方向对方给付定金作为债权的担保吗",
            "expected": ["民法典第586条"],
        },
        {
            **good,
            "id": "zh-005",
            "kind": "citation",
            "query": "民法典第五百八十五条",
            "expected": ["民法典第586条"],
        },
        {**good, "id": "zh-006", "query": "x", "expected": ["民法典第586条"], "extra": 1},
    ]
    shape = shape_problems(broken)
    assert "duplicate id 'zh-001' (2 times)" in shape
    assert any("en-003" in p and "id must look like" in p for p in shape)
    assert any("en-003" in p and "non-empty list" in p for p in shape)
    assert any("zh-006" in p and "keys" in p for p in shape)
    corpus = corpus_problems([r for r in broken if r["expected"] and "extra" not in r], index)
    assert any("民法典第1438条" in p and "no such article" in p for p in corpus)
    assert any("劳动法典第19条" in p and "unknown short name" in p for p in corpus)
    assert any("zh-004" in p and "copies" in p for p in corpus)
    assert any("zh-005" in p and "does not mention" in p for p in corpus)
    assert mix_problems(broken[:2]) == [
        "zh: 2 queries, need at least 110",
        "en: 0 queries, need at least 55",
    ]
