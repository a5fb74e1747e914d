from __future__ import annotations

from pathlib import Path

import pytest

from kb.registry import default_registry, load_registry, normalise_name
from pipeline.errors import KBRegistryError


def test_normalise_name_folds_brackets_and_state_name() -> None:
    assert normalise_name("《中华人民共和国民法典》") == normalise_name("民法典")
    assert normalise_name("劳动争议解释（一）") == normalise_name("劳动争议解释(一)")


def test_bundled_registry_has_repealed_laws_with_successors() -> None:
    registry = default_registry()
    for key in ("cn.contract-law-1999", "cn.guarantee-law", "cn.general-principles-civil-law"):
        law = registry.get(key)
        assert law is not None and law.status == "repealed" and law.replaced_by == "cn.civil-code"


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "registry.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def test_bad_registry_names_file_and_entry(tmp_path: Path) -> None:
    path = _write(tmp_path, "laws:\n  - key: cn.x\n    title: X\n    jurisdiction: mars\n")
    with pytest.raises(KBRegistryError, match=r"registry.yaml: laws -> 0 -> "):
        load_registry(path)


def test_repealed_needs_a_known_successor(tmp_path: Path) -> None:
    body = (
        "laws:\n  - key: cn.old\n    title: 旧法\n    jurisdiction: cn\n    kind: statute\n"
        "    version_date: 1999-01-01\n    status: repealed\n    replaced_by: cn.nothing\n"
        "    article_count: 3\n"
    )
    with pytest.raises(KBRegistryError, match=r"cn\.nothing"):
        load_registry(_write(tmp_path, body))


def test_alias_collision_is_rejected(tmp_path: Path) -> None:
    entry = (
        "  - key: cn.{k}\n    title: {t}\n    aliases: [同名]\n    jurisdiction: cn\n    kind: statute\n"
        "    version_date: 2000-01-01\n    status: in_force\n    article_count: 3\n"
    )
    body = "laws:\n" + entry.format(k="a", t="甲法") + entry.format(k="b", t="乙法")
    with pytest.raises(KBRegistryError, match="同名"):
        load_registry(_write(tmp_path, body))


@pytest.mark.parametrize(
    ("alias", "key"),
    [
        ("商品房买卖合同司法解释", "cn.spc-commercial-housing-sale"),
        ("商品房买卖司法解释", "cn.spc-commercial-housing-sale"),
        ("新建工解释", "cn.spc-construction-contract-1"),
        ("建设工程司法解释（一）", "cn.spc-construction-contract-1"),
        ("建工司法解释(一)", "cn.spc-construction-contract-1"),
        ("民间借贷新规", "cn.spc-private-lending"),
        ("技术合同司法解释", "cn.spc-technology-contract"),
        ("城镇房屋租赁司法解释", "cn.spc-urban-housing-lease"),
        ("融资租赁司法解释", "cn.spc-financial-leasing"),
        ("预付卡司法解释", "cn.spc-prepaid-consumption"),
        ("调解仲裁法", "cn.labor-dispute-arbitration-law"),  # the SPC's own short name
        ("买卖合同司法解释", "cn.spc-sales-contract"),
    ],
)
def test_practitioner_aliases(alias: str, key: str) -> None:
    assert default_registry().alias_index()[normalise_name(alias)] == key


def test_a_shorter_name_inside_a_longer_one_is_not_matched(tmp_path: Path) -> None:
    """Only the registry knows which names nest: 买卖合同解释 sits inside 商品房买卖合同解释."""
    from kb.citations import CitationParser

    entry = (
        "  - key: cn.{k}\n    title: {t}\n    aliases: [{a}]\n    jurisdiction: cn\n"
        "    kind: judicial_interpretation\n    version_date: 2020-12-29\n    status: in_force\n"
        "    article_count: 30\n"
    )
    body = "laws:\n" + entry.format(k="sales", t="买卖合同纠纷解释", a="买卖合同解释")
    body += entry.format(k="housing", t="商品房买卖合同纠纷解释", a="商品房买卖合同解释")
    parser = CitationParser(load_registry(_write(tmp_path, body)))
    keys = {
        text: (ref.law_key if (ref := parser.parse(text)) else None)
        for text in ("依据买卖合同解释第1条", "商品房买卖合同解释第1条", "二手房买卖合同解释第1条")
    }
    assert keys == {
        "依据买卖合同解释第1条": "cn.sales",
        "商品房买卖合同解释第1条": "cn.housing",
        "二手房买卖合同解释第1条": None,  # 房买卖 belongs to the longer name: no guess
    }
