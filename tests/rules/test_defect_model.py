"""The defect classifier beside the rules: its training data, its check, and what it reads."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from pipeline.entities.clause_kinds import load, trained_on
from pipeline.entities.defect_model import DEFECT_TYPES, default_defect_classifier, model_path
from pipeline.errors import RuleLoadError
from pipeline.eval.clause_train import fit
from pipeline.eval.defect_train import (
    Example,
    applicable_types,
    contract_examples,
    language_thresholds,
    model_gates,
    precise_thresholds,
    written_examples,
)
from pipeline.review_queue import model_read_items
from pipeline.rules_engine.checks_defect_model import DefectParams, sentence_ok
from pipeline.rules_engine.loader import load_rules
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules, default_resolver
from tests.entities.helpers import make_document
from tests.rules.helpers import Stages, rule_findings

# written for this test, not taken from any training or blind file
UNILATERAL_ZH = "甲方可视经营情况随时重新核定本合同项下的服务费标准，新标准自甲方书面通知发出之日起执行，乙方应当接受。"
UNILATERAL_ZH_LAWFUL = (
    "如国家统计局公布的居民消费价格指数上涨超过5%，双方可协商调整服务费标准，调整须经双方书面确认。"
)
UNILATERAL_EN = (
    "The Supplier may revise the Price List and these terms from time to time at its discretion, "
    "and the revised version binds the Customer from the date it is posted on the Supplier's portal."
)
UNILATERAL_EN_LAWFUL = (
    "Any change to the Price List requires a written amendment signed by authorised "
    "representatives of both parties."
)


def _column(kind: str) -> int:
    return DEFECT_TYPES.index(kind)


def test_a_written_positive_says_nothing_of_the_types_it_overlaps(tmp_path: Path) -> None:
    rows = [
        {"id": "a-1", "lang": "en", "type": "unilateral_amendment", "label": 1, "text": "x"},
        {"id": "a-2", "lang": "zh", "type": "invalid_exemption", "label": 0, "text": "y"},
    ]
    (tmp_path / "batch.jsonl").write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    positive, negative = written_examples(tmp_path)
    assert positive.targets[_column("unilateral_amendment")] == 1
    assert positive.targets[_column("unfair_standard_term")] == -1  # overlaps: unknown
    assert positive.targets[_column("deposit_term_confusion")] == 0
    assert set(negative.targets) == {0}
    assert positive.written_for == "unilateral_amendment" and not positive.contract


def test_an_unknown_type_in_the_written_data_names_the_file(tmp_path: Path) -> None:
    row = {"id": "a-1", "lang": "en", "type": "made_up", "label": 1, "text": "x"}
    (tmp_path / "bad.jsonl").write_text(json.dumps(row), encoding="utf-8")
    with pytest.raises(Exception, match=r"bad\.jsonl:1.*made_up"):
        written_examples(tmp_path)


def _labelled_lines(folder: Path, text: str, finding: dict[str, str]) -> list[Example]:
    """The training lines of one Chinese contract ``c1`` whose label holds ``finding``."""
    (folder / "c1.txt").write_text(text, encoding="utf-8")
    label = {"id": "c1", "lang": "zh", "clean": False, "findings": [finding]}
    (folder / "c1.json").write_text(json.dumps(label, ensure_ascii=False), encoding="utf-8")
    return contract_examples([folder], gates=[])


def test_a_contract_line_is_positive_where_a_finding_quotes_it(tmp_path: Path) -> None:
    lines = _labelled_lines(
        tmp_path,
        "第一条 价款为十万元。\n第二条 甲方有权随时单方调整单价，\n乙方不得对此提出异议。\n短\n",
        {"type": "unfair_standard_term", "quote": "甲方有权随时 单方调整单价"},
    )
    assert [e.text for e in lines] == [
        "第一条 价款为十万元。",
        "第二条 甲方有权随时单方调整单价，",
        "乙方不得对此提出异议。",
    ]
    assert [e.targets[_column("unfair_standard_term")] for e in lines] == [0, 1, 0]
    assert all(e.contract and e.group == "c1" for e in lines)


def test_a_missing_term_quoted_by_its_title_teaches_nothing_but_counts_for_the_contract(
    tmp_path: Path,
) -> None:
    """A contract that lacks its price is labelled by quoting its title: the title is no open
    term to learn from, but the contract still holds the finding when thresholds are set."""
    lines = _labelled_lines(
        tmp_path,
        "办公家具采购合同\n第一条 乙方向甲方供应办公桌椅一批。\n第二条 货款由双方另行协商确定。\n",
        {"type": "missing_essential_clause", "quote": "办公家具采购合同"},
    )
    j = _column("missing_essential_clause")
    assert [e.targets[j] for e in lines] == [-1, 0, 0]
    lines = [replace(e, applies=frozenset({"missing_essential_clause"})) for e in lines]
    probs = np.zeros((len(lines), len(DEFECT_TYPES)), dtype=np.float32)
    probs[2, j] = 0.9  # the open price line, which the label never quoted
    assert precise_thresholds(lines, probs)[j] == pytest.approx(0.5)


def test_each_language_gets_the_threshold_its_own_contracts_support(tmp_path: Path) -> None:
    """Chinese contracts whose defect the model scores above every lawful one get a low
    threshold; English ones, where a clean contract outscores the defect, never fire."""
    j = _column("missing_essential_clause")
    kind = frozenset({"missing_essential_clause"})

    def line(lang: str, group: str, holds: bool) -> Example:
        return Example(
            "x", (0,) * len(DEFECT_TYPES), lang, group, True,
            applies=kind, holds=kind if holds else frozenset(),
        )  # fmt: skip

    lines = [line("zh", "z1", True), line("zh", "z2", False), line("en", "e1", True),
             line("en", "e2", False)]  # fmt: skip
    probs = np.zeros((4, len(DEFECT_TYPES)), dtype=np.float32)
    probs[:, j] = [0.7, 0.3, 0.8, 0.95]
    by_language = language_thresholds(lines, probs)
    assert by_language["zh"][j] == pytest.approx(0.5)
    assert by_language["en"][j] == pytest.approx(1.0)
    assert precise_thresholds(lines, probs)[j] == pytest.approx(1.0)  # pooled: never

    texts = ["alpha beta", "alpha gamma", "delta beta", "delta gamma"]
    model = fit(texts, np.array([[1], [0], [1], [0]], dtype=np.int8), ("a",))
    model = replace(model, language_thresholds={"zh": np.array([0.6], dtype=np.float32)})
    model.save(tmp_path / "m.npz")
    loaded = load(tmp_path / "m.npz")
    assert loaded.thresholds_for("zh")[0] == pytest.approx(0.6)
    assert loaded.thresholds_for("en")[0] == pytest.approx(float(model.thresholds[0]))


def test_thresholds_are_set_where_the_rules_would_report_the_type() -> None:
    gates = model_gates()
    prc_english = "Sale Contract\n1. Price. ...\n9. This Contract is governed by the laws of the People's Republic of China.\n"
    new_york = (
        "Services Agreement\n9. This Agreement is governed by the laws of the State of New York.\n"
    )
    sale_zh = "买卖合同\n第一条 甲方向乙方购买设备。\n第九条 乙方逾期交货的，应支付违约金。\n"
    labour_zh = "劳动合同\n用人单位（甲方）：某公司\n劳动者（乙方）：张三\n第九条 乙方提前离职的，应支付违约金。\n"
    assert {"unfair_standard_term", "invalid_exemption"} <= applicable_types(prc_english, gates)
    assert "unilateral_amendment" not in applicable_types(prc_english, gates)
    assert {"unilateral_amendment", "auto_renewal_no_notice"} <= applicable_types(new_york, gates)
    assert "unfair_standard_term" not in applicable_types(new_york, gates)
    assert "labour_penalty_misuse" not in applicable_types(sale_zh, gates)
    assert "labour_penalty_misuse" in applicable_types(labour_zh, gates)


def test_fit_leaves_rows_of_unknown_label_out_of_that_type() -> None:
    texts = ["alpha beta", "alpha gamma", "delta beta", "delta gamma"]
    only_unknown_positive = np.array([[1, -1], [0, -1], [1, 0], [0, 0]], dtype=np.int8)
    with pytest.raises(ValueError, match="'b' has no positive"):
        fit(texts, only_unknown_positive, ("a", "b"))
    model = fit(texts, np.array([[1, -1], [0, 1], [1, 0], [0, 0]], dtype=np.int8), ("a", "b"))
    assert model.coef.shape[0] == 2


def test_a_rule_naming_a_type_the_model_does_not_know_fails_at_load(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(
        "rules:\n  - id: cn.model.bad\n    language: zh\n    jurisdiction: cn\n"
        "    type: unfair_standard_term\n    severity: MEDIUM\n    check: defect_model\n"
        "    params: {type: penalty_excessive}\n    basis:\n      - citation: 民法典第497条\n"
        "    message: x\n",
        encoding="utf-8",
    )
    with pytest.raises(RuleLoadError, match="penalty_excessive"):
        load_rules(default_resolver(), [tmp_path])


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _model_findings(stages: Stages, text: str) -> list[str]:
    return [f.type for f in rule_findings(stages, text) if f.confidence < 1.0]


@pytest.mark.parametrize(
    ("text", "lawful", "kind"),
    [
        (UNILATERAL_ZH, UNILATERAL_ZH_LAWFUL, "unfair_standard_term"),
        (UNILATERAL_EN, UNILATERAL_EN_LAWFUL, "unilateral_amendment"),
        (
            "第四条 租金。本合同项下的租金标准及支付方式，待甲乙双方另行协商确定后签订补充协议予以明确。",
            "第四条 租金。本合同项下的租金为每月人民币壹万贰仟元（¥12,000.00），乙方应于每月5日前支付当月租金。",
            "missing_essential_clause",
        ),
    ],
)
def test_the_shipped_model_reads_a_defect_in_words_no_rule_was_written_for(
    text: str, lawful: str, kind: str
) -> None:
    model = default_defect_classifier()
    assert model is not None, "pipeline/entities/data/defect_model.npz is missing"
    j = model.kinds.index(kind)
    scores = model.scores([text, lawful])[:, j]
    language = "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"
    assert scores[0] >= model.thresholds_for(language)[j] > scores[1]


def test_an_english_open_fee_outscores_a_fixed_one_but_does_not_fire() -> None:
    """English contracts' open terms did not reach the precision the threshold asks out of fold
    (a fee left to agreement scores as high as lawful long price clauses), so the English
    threshold for missing_essential_clause is never: the model ranks, the rules decide."""
    model = default_defect_classifier()
    assert model is not None
    j = model.kinds.index("missing_essential_clause")
    open_fee = (
        "4. Fees. The fees for the Services shall be agreed between the parties in good faith "
        "from time to time."
    )
    fixed_fee = (
        "4. Fees. The fees for the Services are set out in Schedule 2, which is attached and "
        "forms part of this Agreement."
    )
    scores = model.scores([open_fee, fixed_fee])[:, j]
    assert scores[0] > scores[1]
    assert model.thresholds_for("en")[j] >= 1.0 > model.thresholds_for("zh")[j]


def _contract(clause: str) -> str:
    return (
        "物业服务合同\n甲方（委托方）：上海松岭置业有限公司\n乙方（物业服务人）：上海安泽物业管理有限公司\n"
        "第一条 服务范围为松岭花园小区共用部位及共用设施设备的维修、养护和管理。\n"
        "第二条 服务费为每月每平方米人民币三元，按季度支付。\n"
        f"第三条 {clause}\n"
        "第四条 因本合同引起的争议，提交上海仲裁委员会仲裁。\n"
    )


def test_a_model_finding_carries_its_score_and_goes_to_human_review(stages: Stages) -> None:
    found = rule_findings(stages, _contract(UNILATERAL_ZH))
    (finding,) = [f for f in found if f.rule_id == "cn.model.unfair_standard_term"]
    assert 0.0 < finding.confidence < 1.0
    assert UNILATERAL_ZH in finding.quote
    assert finding.clause == "第三条"
    assert {e.doc_id for e in finding.evidence_source} >= {"cn.civil-code.497"}
    (item,) = model_read_items(found)
    assert item.reason == "model_finding" and item.span == finding.span
    assert "cn.model.unfair_standard_term" in item.detail


def test_the_lawful_twin_gives_no_model_finding(stages: Stages) -> None:
    assert _model_findings(stages, _contract(UNILATERAL_ZH_LAWFUL)) == []
    assert model_read_items(rule_findings(stages, _contract(UNILATERAL_ZH_LAWFUL))) == []


@pytest.mark.slow
def test_shipped_defect_model_is_what_the_training_data_gives() -> None:
    """A stale model file (training data changed, model not rebuilt) fails here."""
    from pipeline.eval.clause_train import GOLDEN_DIR
    from pipeline.eval.defect_train import development_examples, examples_fingerprint, train

    examples = development_examples(GOLDEN_DIR)
    assert trained_on(model_path()) == examples_fingerprint(examples), (
        "run: contract-review dev train-defects"
    )
    shipped = default_defect_classifier()
    assert shipped is not None
    retrained = train(examples, thresholds=shipped.thresholds)
    sample = [e.text for e in examples[::60]]
    # the same data and code: refitted scores differ by a few thousandths from CPU to CPU
    np.testing.assert_allclose(shipped.scores(sample), retrained.scores(sample), atol=1e-2)


def test_where_a_rule_already_found_the_type_the_model_adds_nothing(stages: Stages) -> None:
    exemption = "乙方对因设备缺陷造成甲方人员人身伤害的，不承担任何赔偿责任。"
    model = default_defect_classifier()
    assert model is not None
    j = model.kinds.index("invalid_exemption")
    assert model.scores([f"第三条 {exemption}"])[0, j] >= model.thresholds_for("zh")[j]  # it fires
    found = [
        f for f in rule_findings(stages, _contract(exemption)) if f.type == "invalid_exemption"
    ]
    assert [f.rule_id for f in found] == ["cn.exemption.personal_injury"]
    assert found[0].fix is not None  # the rule's decided deletion survives


def test_every_model_rule_names_a_type_the_shipped_model_reads() -> None:
    model = default_defect_classifier()
    assert model is not None
    gates = model_gates()
    assert {g.type for g in gates} == set(DEFECT_TYPES) == set(model.kinds)
    assert {(g.type, g.language) for g in gates} >= {
        ("unfair_standard_term", "zh"), ("unfair_standard_term", "en"),
        ("invalid_exemption", "zh"), ("invalid_exemption", "en"),
        ("unilateral_amendment", "en"), ("unlimited_liability", "en"),
    }  # fmt: skip
    assert all(0.5 <= t <= 1.0 for t in model.thresholds)


def test_eval_defects_scores_a_named_blind_folder_and_names_an_empty_one(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pipeline.cli.app import app

    rows = [
        {"id": "t-1", "lang": "zh", "type": "unfair_standard_term", "label": 1,
         "text": f"第三条 {UNILATERAL_ZH}"},
        {"id": "t-2", "lang": "zh", "type": "unfair_standard_term", "label": 0,
         "text": f"第三条 {UNILATERAL_ZH_LAWFUL}"},
    ]  # fmt: skip
    folder = tmp_path / "defects" / "blind2"
    folder.mkdir(parents=True)
    (folder / "set.jsonl").write_text(
        "\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8"
    )
    runner = CliRunner()
    result = runner.invoke(app, ["eval", "defects", "--golden", str(tmp_path), "--set", "blind2"])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("unfair_standard_term"))
    assert line.split()[1:4] == ["1", "0", "0"]  # tp fp fn
    assert "2 blind clauses" in result.output
    empty = runner.invoke(app, ["eval", "defects", "--golden", str(tmp_path)])
    assert empty.exit_code == 50
    assert "defects/blind: no clauses" in " ".join(empty.output.split())


RENEWAL_WITH_NOTICE = """SOFTWARE LICENCE AGREEMENT

This Agreement is made on 1 March 2025 between Orbis Software Inc. ("Licensor") and Tallgrass Foods LLC ("Licensee").
12.2 This Agreement renews automatically for successive one-year terms unless terminated by either party on sixty (60) days' written notice before the end of the then-current term.
14.1 This Agreement is governed by the laws of the State of New York.
"""


def _stood_in(monkeypatch: pytest.MonkeyPatch, model: type, rule_id: str) -> DefectParams:
    """The shipped model replaced by ``model`` (the boundary); the params of rule ``rule_id``."""
    from pipeline.rules_engine import checks_defect_model

    monkeypatch.setattr(checks_defect_model, "default_defect_classifier", model)
    rule = next(r for r in ValidateRules().rules if r.spec.id == rule_id)
    assert isinstance(rule.params, DefectParams)
    return rule.params


class _StandIn:
    """A stand-in defect model (the boundary): one kind, one threshold for every language."""

    thresholds = (0.5,)

    def thresholds_for(self, language: str | None) -> tuple[float, ...]:
        return self.thresholds


class _ReadsRenewals(_StandIn):
    """A stand-in model (the boundary): every clause scores 0.9 for auto_renewal_no_notice, so
    only the rule's gates decide."""

    kinds = ("auto_renewal_no_notice",)

    def scores(self, texts: list[str]) -> np.ndarray:
        return np.array([[0.9] for _ in texts])


def _model_hits(text: str, params: object) -> list[object]:
    from pipeline.rules_engine.checks_defect_model import defect_model
    from pipeline.rules_engine.context import RuleContext

    document = make_document(text)
    parsed = ParseEntities().run(document=document)
    ctx = RuleContext(document, parsed["entities"], parsed["clauses"])
    return list(defect_model(ctx, params))


def test_the_renewal_readings_gates_a_notice_window_and_a_renewal_spoken_of(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    params = _stood_in(monkeypatch, _ReadsRenewals, "en.model.auto_renewal_no_notice")
    bare = DefectParams(type="auto_renewal_no_notice")
    assert _model_hits(RENEWAL_WITH_NOTICE, bare)  # the model alone would report it
    assert _model_hits(RENEWAL_WITH_NOTICE, params) == []  # the notice window drops it
    evergreen = RENEWAL_WITH_NOTICE.replace(
        " unless terminated by either party on sixty (60) days' written notice before the end of"
        " the then-current term",
        "",
    )
    assert _model_hits(evergreen, params)
    # a definition of "Contract Year" renews nothing
    year = RENEWAL_WITH_NOTICE.replace(
        "12.2 This Agreement renews automatically for successive one-year terms unless terminated"
        " by either party on sixty (60) days' written notice before the end of the then-current"
        " term.",
        '1.3 "Contract Year" means each successive twelve-month period during the Term.',
    )
    assert _model_hits(year, params) == []
    # a window counted in months is a notice window too
    months = RENEWAL_WITH_NOTICE.replace(
        "sixty (60) days' written notice", "six (6) months' written notice"
    )
    assert _model_hits(months, params) == []
    # a renewal that needs someone's choice is not automatic; its automatic twin is reported
    clause = RENEWAL_WITH_NOTICE.splitlines()[3]
    for chosen in (
        "12.2 The Licensee has the option to extend the Term for successive one-year terms.",
        "12.2 The parties may mutually agree to renew this Agreement for a further term.",
        # a filing's runs of spaces between the words
        "12.2 The parties may  mutually   agree to renew this Agreement for a further term.",
        "12.2 This Agreement shall be renewable for successive one-year terms.",
    ):
        assert _model_hits(RENEWAL_WITH_NOTICE.replace(clause, chosen), params) == [], chosen
    automatic = "12.2 The Term shall be extended automatically for successive one-year terms."
    assert _model_hits(RENEWAL_WITH_NOTICE.replace(clause, automatic), params)
    # a PDF line that ends mid-sentence: the notice window stands on the next line
    wrapped = (
        "12.2 This Agreement renews automatically for successive renewal terms of one (1)\n"
        "Contract Year each, unless terminated by either party on sixty (60) days' written"
        " notice before the end of the then-current term."
    )
    assert _model_hits(RENEWAL_WITH_NOTICE.replace(clause, wrapped), params) == []


class _WordsAddUp(_StandIn):
    """A stand-in model (the boundary): a text scores 0.9 for unilateral_amendment when it
    holds both "revise" and "prices", 0.1 otherwise."""

    kinds = ("unilateral_amendment",)

    def scores(self, texts: list[str]) -> np.ndarray:
        return np.array([[0.9 if "revise" in t and "prices" in t else 0.1] for t in texts])


def test_a_long_paragraph_no_sentence_of_which_carries_the_reading_is_not_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pipeline.rules_engine import checks_defect_model
    from pipeline.rules_engine.checks_defect_model import DefectParams, defect_model
    from pipeline.rules_engine.context import RuleContext

    monkeypatch.setattr(checks_defect_model, "default_defect_classifier", _WordsAddUp)
    spread = (
        "4.1 The Supplier may revise its logo at any time. The Customer publishes prices monthly."
    )
    single = (
        "4.1 The Supplier may revise the prices at any time. The Customer publishes a catalogue."
    )
    found = {}
    for name, line in (("spread", spread), ("single", single)):
        document = make_document(f"SUPPLY AGREEMENT\n{line}\n")
        parsed = ParseEntities().run(document=document)
        ctx = RuleContext(document, parsed["entities"], parsed["clauses"])
        found[name] = list(defect_model(ctx, DefectParams(type="unilateral_amendment")))
    assert found["spread"] == []
    assert [document.text[h.span.start : h.span.end] for h in found["single"]] == [
        "4.1 The Supplier may revise the prices at any time."
    ]


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        ("Provider may amend this Agreement at any time by posting a revised version.", True),
        ("We have the right to revise the contents of the Manual whenever we see fit.", True),
        ("Supplier may from time to time, by written notice to Distributor, withdraw any State "
         "from the Territory or revise the Trade Terms.", True),
        ("The parties may, by written agreement, revise the Product Price.", False),
        ('"Agreement" means this Agreement, as the same may be amended from time to time in '
         "accordance with the terms hereof.", False),
        ("The Company will give the Agent notice of any amendment to the Plans.", False),
        ("This Agreement may be amended from time to time by a writing signed by the Servicer "
         "and the Owner.", False),
    ],
)  # fmt: skip
def test_a_model_reading_of_a_unilateral_change_needs_one_partys_own_right(
    sentence: str, kept: bool
) -> None:
    from pipeline.rules_engine.checks_defect_model import DefectParams, sentence_ok

    rule = next(
        r for r in load_rules(default_resolver()) if r.spec.id == "en.model.unilateral_amendment"
    )
    params = DefectParams.model_validate(rule.spec.params)
    assert sentence_ok(sentence, params) is kept


def test_a_law_as_it_may_be_amended_is_nobodys_right_to_change() -> None:
    rules = load_rules(resolver=default_resolver())
    rule = next(r for r in rules if r.spec.id == "en.model.unilateral_amendment")
    params = DefectParams.model_validate(rule.spec.params)
    law = (
        '"Regulatory Standards" means the rules promulgated by a Regulatory Authority, as each '
        "may be amended from time to time."
    )
    assert not sentence_ok(law, params)
    assert sentence_ok("The Price List may be amended by the Supplier at any time.", params)
    assert sentence_ok("The Supplier may amend the Specifications on notice.", params)


CAPPED = """SOFTWARE DISTRIBUTION AGREEMENT

This Agreement is made on 1 March 2025 between Orbis Software Inc. ("Developer") and Tallgrass Foods LLC ("Distributor").
11.2 Developer's maximum liability hereunder is expressly limited to the lesser of the amount paid by Distributor in the preceding six (6) months or five hundred thousand dollars ($500,000).
14.1 This Agreement is governed by the laws of the State of New York.
"""


class _ReadsUnlimited(_StandIn):
    """A stand-in model (the boundary): a clause on liability scores 0.9 for
    unlimited_liability, any other 0.1."""

    kinds = ("unlimited_liability",)

    def scores(self, texts: list[str]) -> np.ndarray:
        return np.array([[0.9 if "liability" in t else 0.1] for t in texts])


def test_a_cap_with_nothing_carved_out_is_not_read_as_unlimited_liability(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    params = _stood_in(monkeypatch, _ReadsUnlimited, "en.model.unlimited_liability")
    assert _model_hits(CAPPED, DefectParams(type="unlimited_liability"))
    assert _model_hits(CAPPED, params) == []
    carved = CAPPED.replace(
        " or five hundred", ", except for claims under Section 9, or five hundred"
    )
    assert _model_hits(carved, params)
    uncapped = CAPPED.replace(
        "maximum liability hereunder is expressly limited to the lesser of",
        "liability hereunder shall include",
    )
    assert _model_hits(uncapped, params)


class _ReadsExits(_StandIn):
    """A stand-in model (the boundary): a clause that lets one side terminate scores 0.9 for
    unfair_standard_term, any other 0.1."""

    kinds = ("unfair_standard_term",)

    def scores(self, texts: list[str]) -> np.ndarray:
        return np.array([[0.9 if "terminate" in t else 0.1] for t in texts])


def test_an_exit_that_pays_for_the_other_sides_loss_is_no_unfair_term(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    params = _stood_in(monkeypatch, _ReadsExits, "en.prc.model.unfair_standard_term")
    contract = (
        "MANUFACTURING AGREEMENT\n\nThis Agreement is made on 10 March 2025 between Lanxi Co., "
        'Ltd. (the "Customer") and Huarui Co., Ltd. (the "Manufacturer").\n'
        "12.2 The Customer may terminate this Agreement at any time before the Manufacturer "
        "completes the work{how}.\n"
        "14.1 This Agreement is governed by the laws of the People's Republic of China.\n"
    )
    pays = ", in which case the Customer shall compensate the Manufacturer for the losses caused"
    keeps = ", and the Manufacturer shall have no claim for the work in progress"
    assert _model_hits(contract.format(how=pays), params) == []
    assert _model_hits(contract.format(how=keeps), params)


class _ReadsDeposits(_StandIn):
    """A stand-in model (the boundary): a clause naming a deposit scores 0.9 for
    deposit_term_confusion, any other 0.1."""

    kinds = ("deposit_term_confusion",)

    def scores(self, texts: list[str]) -> np.ndarray:
        return np.array([[0.9 if "deposit" in t else 0.1] for t in texts])


def test_a_security_deposit_returned_after_the_lease_is_not_earnest_money(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    params = _stood_in(monkeypatch, _ReadsDeposits, "en.prc.model.deposit_term_confusion")
    lease = (
        "LEASE CONTRACT\n\nThis Contract is made on 2 April 2025 between Hangzhou Lianhe Property "
        'Co., Ltd. (the "Lessor") and Zhejiang Sunrise Foods Co., Ltd. (the "Lessee").\n'
        "Article 6 Security Deposit. Within ten working days after signing this Contract the "
        "Lessee shall pay a security deposit (押金) of RMB 819,147.60. The Lessor may deduct "
        "from the deposit any rent the Lessee owes. The balance shall be returned without "
        "interest within 30 days after the Lessee has returned the Premises.\n"
        "Article 15 This Contract is governed by the laws of the People's Republic of China.\n"
    )
    assert _model_hits(lease, params) == []
    forfeited = lease.replace(
        "The balance shall be returned without interest",
        "If the Lessee breaches this Contract the deposit shall be forfeited and not returned",
    )
    assert _model_hits(forfeited, params)


EN_DEPOSIT_ELECTION = """EQUIPMENT PURCHASE CONTRACT

Party A (Buyer): Hefei Ruifeng Auto Parts Co., Ltd.
Party B (Seller): Shandong Weida Machine Tool Co., Ltd.

3.1 Party A shall pay Party B a deposit (定金) of RMB 300,000.00, credited against the Contract Price of RMB 3,900,000.00.
8.2 If Party A pays late, it shall pay liquidated damages of 0.05% of the overdue amount per day, not exceeding 5% of the Contract Price. If Party A refuses to take delivery without lawful reason, it shall not be entitled to the return of the deposit, and Party B may also claim the liquidated damages.
{election}
Article 11 This Contract is governed by the laws of the People's Republic of China.
"""


def test_the_model_reading_of_deposit_and_damages_yields_to_an_election_clause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The gate, not the model, decides here: a stand-in reads every deposit clause (English
    contracts' own threshold for this type is never, out of fold)."""
    params = _stood_in(monkeypatch, _ReadsDeposits, "en.prc.model.deposit_term_confusion")
    election = (
        "8.3 Where both the deposit and liquidated damages could apply to the same breach, "
        "the non-breaching party may elect to apply either of them."
    )
    assert _model_hits(EN_DEPOSIT_ELECTION.format(election=election), params) == []
    assert _model_hits(EN_DEPOSIT_ELECTION.format(election=""), params)
