"""The words of the review report, in Chinese for a Chinese contract and English for an
English one: the interface, the plain name of each finding type (违约金过高 / Penalty may be
excessive, shown beside its id) and of each human-review reason.

Tables, not code: a reviewer can read and correct a wording here. ``tests/reports`` checks
that both languages name every key, every finding type of the catalogue and every reason.
"""

from __future__ import annotations

from typing import Literal

from pipeline.entities.governing_law import (
    NOTE_CLAUSE,
    NOTE_EN_UNKNOWN,
    NOTE_FOREIGN_IN_DOMESTIC,
    NOTE_ZH_DEFAULT,
)

Lang = Literal["zh", "en"]

# Finding types: the catalogue (golden_set/TYPES.md) and the KB's citation checks.
TYPE_NAMES: dict[str, tuple[str, str]] = {
    "amount_contradiction": ("金额前后不一致", "Amounts disagree"),
    "date_inconsistency": ("日期或期限相互矛盾", "Dates do not add up"),
    "party_inconsistency": ("当事人信息不一致", "Parties named inconsistently"),
    "undefined_term": ("术语或附件未定义", "Undefined term or missing annex"),
    "penalty_excessive": ("违约金过高", "Penalty may be excessive"),
    "deposit_excessive": ("定金超过法定上限", "Deposit above the legal cap"),
    "deposit_term_confusion": ("定金与订金、押金等混用", "Deposit terms confused"),
    "excessive_interest": ("利率超过法定上限", "Interest above the legal cap"),
    "interest_deducted_upfront": ("预先扣除利息（砍头息）", "Interest deducted upfront"),
    "dispute_resolution_conflict": ("仲裁与诉讼并存", "Arbitration and courts both chosen"),
    "arbitration_institution_unclear": ("仲裁机构约定不明", "Arbitration institution unclear"),
    "governing_law_forum_mismatch": (
        "法律适用或管辖约定不当",
        "Governing law or forum not allowed",
    ),
    "invalid_exemption": ("免责条款无效", "Exclusion of liability is void"),
    "unfair_standard_term": ("格式条款不公平", "Unfair standard term"),
    "missing_essential_clause": ("缺少主要条款", "Essential term missing"),
    "lease_term_over_20_years": ("租赁期限超过二十年", "Lease term over 20 years"),
    "guarantee_period_defect": ("保证期间约定有缺陷", "Guarantee period defective"),
    "warranty_period_below_minimum": (
        "保修期低于法定最低期限",
        "Warranty period below the legal minimum",
    ),
    "probation_too_long": ("试用期过长", "Probation period too long"),
    "labour_penalty_misuse": ("违法约定由劳动者支付违约金", "Penalty on the employee not allowed"),
    "non_compete_too_long": ("竞业限制期限过长", "Non-compete too long"),
    "non_compete_without_compensation": (
        "竞业限制未约定经济补偿",
        "Non-compete without compensation",
    ),
    "missing_governing_law": ("未约定适用法律", "No governing law chosen"),
    "indemnity_cap_conflict": (
        "责任上限与赔偿义务关系不明",
        "Liability cap and indemnity conflict",
    ),
    "liquidated_damages_penalty": (
        "约定损害赔偿金可能构成罚金",
        "Liquidated damages may be a penalty",
    ),
    "auto_renewal_no_notice": ("自动续期且无退出通知期", "Auto-renewal without a notice window"),
    "unlimited_liability": ("责任不设上限", "Unlimited liability"),
    "unilateral_amendment": ("一方可单方变更合同", "One party may amend alone"),
    "fabricated_citation": ("引用的法条不存在", "Cited article does not exist"),
    "repealed_citation": ("引用了已废止的法律", "Cited law has been repealed"),
}

# Why an item waits for a lawyer (HumanReviewItem.reason).
REASON_NAMES: dict[str, tuple[str, str]] = {
    "conflicting_authority": ("法律依据相互冲突", "Authorities conflict"),
    "figure_mismatch": ("审查意见中的数字与合同不符", "A figure in the review differs"),
    "kb_fallback": ("法规库不可用，仅按目录核对", "Statute KB unavailable, catalog only"),
    "low_confidence": ("修改建议置信度低", "Low-confidence edit"),
    "low_reflection_score": ("审查意见自评分低", "Low self-check score"),
    "no_improvement": ("复核轮次未见改进", "A review round did not improve"),
    "loop_exhausted": ("复核轮次已用尽", "Review rounds used up"),
    "degraded": ("大模型中途停止，其余按规则审查", "The LLM stopped; the rest ran on rules"),
    "budget_exhausted": ("大模型用量已达上限", "LLM token budget used up"),
    "ocr_low_confidence": ("扫描页识别置信度低", "Scanned page read with low confidence"),
    "ocr_no_text": ("扫描页未识别出文字", "No text read from a scanned page"),
    "page_not_read": ("页面未读取（无文字层）", "Page not read (no text layer)"),
    "model_finding": ("模型识别的问题，非规则命中，请确认", "Read by a model, not a rule: confirm"),
}

SEVERITY_NAMES: dict[str, tuple[str, str]] = {
    "HIGH": ("高风险", "High"),
    "MEDIUM": ("中风险", "Medium"),
    "LOW": ("低风险", "Low"),
}

# The interface. Placeholders are filled with str.format.
WORDS: dict[str, tuple[str, str]] = {
    "title": ("合同审查报告", "Contract review"),
    "verdict": ("结论", "Verdict"),
    "headline": (
        "发现 {total} 个问题：高风险 {HIGH} 个，中风险 {MEDIUM} 个，低风险 {LOW} 个。",
        "{total} finding(s): {HIGH} high, {MEDIUM} medium, {LOW} low.",
    ),
    "headline_none": ("未发现规则可识别的问题。", "No finding."),
    "needs_review": ("需要人工复核（{count} 项）", "Needs human review ({count} item(s))"),
    "no_review": ("无需人工复核", "No human review needed"),
    "key_terms": ("关键条款", "Key terms"),
    "term_item": ("项目", "Term"),
    "term_value": ("合同约定", "What the contract says"),
    "term_where": ("位置", "Where"),
    "parties": ("当事人", "Parties"),
    "price": ("价款", "Price"),
    "payment": ("付款", "Payment"),
    "term": ("期限", "Term"),
    "governing_law": ("适用法律（合同约定）", "Governing law (as chosen)"),
    "law_assumed": ("审查所依据的法律", "Law the review assumed"),
    "forum": ("争议解决", "Forum"),
    "not_stated": ("合同未约定", "Not stated"),
    "words_figures_differ": ("大写与小写金额不一致", "words and figures disagree"),
    "kind_renewal": ("续期", "renewal"),
    "kind_effective": ("生效", "takes effect"),
    "kind_arbitration": ("仲裁", "arbitration"),
    "kind_court": ("诉讼", "court"),
    "scope": ("审查范围", "What was checked"),
    "checked": ("已检查", "Checked"),
    "not_checked": ("未检查", "Not checked"),
    "rules_checked": (
        "规则检查：{count} 条适用于{law}的规则，可发现 {types} 类问题：{names}",
        "Rules: {count} rules for {law}, which look for {types} kinds of problem: {names}",
    ),
    "rules_none": ("没有可运行的规则", "No rule ran"),
    "kb_chroma": (
        "法条核对：引用的法条与法规库（{articles} 条）逐条比对",
        "Citations: checked against the statute KB ({articles} articles)",
    ),
    "kb_catalog": (
        "法条核对：仅按法规目录精确查找（未使用法规库检索）",
        "Citations: exact catalog lookup only (no statute store search)",
    ),
    "kb_none": ("法条核对：未进行（无法规库）", "Citations: not checked (no statute KB)"),
    "llm_ran": ("大模型审阅：{mode}", "LLM review: {mode}"),
    "llm_none": (
        "大模型审阅：未使用。只报告规则能发现的问题；商业条款是否合理、是否遗漏保护性条款等未经审查",
        "LLM review: none. Only what the rules can find is reported; whether the commercial "
        "terms are fair or protections are missing was not examined",
    ),
    "llm_degraded": (
        "大模型审阅：中途停止（{mode}），其余部分仅按规则审查",
        "LLM review: stopped during the run ({mode}); the rest ran on rules only",
    ),
    "playbook_checked": ("审查标准：{count} 项立场逐项比对", "Playbook: {count} positions judged"),
    "law_unknown": (
        "未约定法律的合同（美国成文法及判例法原则）",
        "a contract naming no law (US statutes and common-law principles)",
    ),
    "law_unknown_unchecked": (
        "适用法律：合同未约定；审查按美国成文法及判例法原则进行，实际适用的法律可能不同",
        "Which law applies: the contract names none; the review used US statutes and "
        "common-law principles, and the law that applies may differ",
    ),
    "law_other_unchecked": (
        "合同所选法律的成文法：法规库未收录，仅按判例法原则审查",
        "The statutes of the chosen law: not in the KB; common-law principles only",
    ),
    "ocr_pages": (
        "扫描页（{pages}）：经 OCR 识别后审查，引文请与原件核对",
        "Scanned pages ({pages}): read by OCR, check quotes against the scan",
    ),
    "unread_pages": ("未读取的页面（{pages}）：未审查", "Pages not read ({pages}): not reviewed"),
    "headers_footers": ("页眉页脚：未作为条款审查", "Headers and footers: not reviewed as clauses"),
    "always_unchecked": (
        "当事人主体资格、签署及附件的真实性与完整性",
        "Whether the parties, signatures and annexes are genuine and complete",
    ),
    "human_review": ("需要人工复核", "Needs human review"),
    "findings": ("审查意见", "Findings"),
    "no_findings": ("未发现问题。", "No findings."),
    "quote": ("合同原文", "Contract text"),
    "suggestion": ("建议", "Suggestion"),
    "evidence": ("依据", "Evidence"),
    "no_evidence": ("未附依据", "No evidence source attached"),
    "common_law": ("判例法原则，未引用成文法", "common-law basis, no statute cited"),
    "status": ("效力状态", "status"),
    "confidence": ("大模型置信度", "LLM confidence"),
    "rule": ("规则", "rule"),
    "stage": ("阶段", "stage"),
    "preamble": ("首部", "preamble"),
    "clause_n": ("第{n}条", "Clause {n}"),
    "page": ("第{n}页", "page {n}"),
    "pages": ("第{n}页", "pages {n}"),
    "contract_text": ("合同全文", "Contract text"),
    "redline": ("修订对照（{count} 处已采纳修改）", "Redline ({count} applied edit(s))"),
    "suggestions": ("修改建议（未写入合同）", "Suggestions (not applied)"),
    "playbook": ("审查标准（Playbook）", "Playbook positions"),
    "possible_bases": (
        "可能的法律依据（检索所得，审查意见未引用）",
        "Possible legal basis (retrieved, not cited by the review)",
    ),
    "tracked_changes": ("已接受修订", "Tracked changes accepted"),
    "ocr": ("OCR 识别", "OCR"),
    "ocr_ran": ("已进行 OCR 识别。", "OCR ran."),
    "ocr_unread": ("有页面未读取。", "Pages not read."),
    "run_details": ("运行信息", "Run details"),
    "file": ("文件", "File"),
    "size": ("大小", "Size"),
    "mode": ("模式", "Mode"),
    "stages": ("运行的阶段", "Stages run"),
    "kb": ("法规库", "Knowledge base"),
    "law_line": ("法律适用", "Law assumed"),
    "tool": ("版本", "Version"),
    "headers_footers_title": (
        "页眉页脚（单独保存，未作为条款审查）",
        "Headers and footers (kept apart, not reviewed as clauses)",
    ),
    "col_page": ("页", "page"),
    "col_confidence": ("平均词置信度", "mean word confidence"),
    "col_words": ("词数", "words"),
    "col_position": ("立场", "position"),
    "col_verdict": ("结论", "verdict"),
    "col_found": ("合同约定", "found"),
    "col_standard": ("标准", "standard"),
    "not_found": ("未找到", "not found"),
    "pdf_skipped": ("未生成 report.pdf：{reason}", "report.pdf not written: {reason}"),
}


def word(key: str, lang: Lang, **values: object) -> str:
    zh, en = WORDS[key]
    text = zh if lang == "zh" else en
    return text.format(**values) if values else text


def type_name(finding_type: str, lang: Lang) -> str:
    """The plain name of a finding type; an id outside the catalogue (an LLM's own type) is
    shown with its words spaced out."""
    names = TYPE_NAMES.get(finding_type)
    if names is None:
        return finding_type.replace("_", " ")
    return names[0] if lang == "zh" else names[1]


def reason_name(reason: str, lang: Lang) -> str:
    names = REASON_NAMES.get(reason)
    if names is None:
        return reason.replace("_", " ")
    return names[0] if lang == "zh" else names[1]


def severity_name(severity: str, lang: Lang) -> str:
    zh, en = SEVERITY_NAMES[severity]
    return zh if lang == "zh" else en


# The law the review assumed, worded for a Chinese reader (LawAssumed.note is English).
LAW_NAMES_ZH: dict[str, str] = {
    "prc": "中华人民共和国法律",
    "us": "美国法",
    "england": "英格兰和威尔士法律",
    "other": "合同所选的法律（法规库未收录）",
    "unknown": "未约定的法律",
}
LAW_NOTES_ZH: dict[str, str] = {
    NOTE_CLAUSE: "由合同的法律适用条款约定。",
    NOTE_FOREIGN_IN_DOMESTIC: "合同约定适用外国法律，但不具有涉外因素的合同不能选择外国法律"
    "（《涉外民事关系法律适用法》第三条），按中华人民共和国法律审查。",
    NOTE_ZH_DEFAULT: "合同未约定适用法律，中文合同推定适用中华人民共和国法律。",
    NOTE_EN_UNKNOWN: "合同未约定适用法律：按判例法原则审查，并在适用时参照美国成文法；"
    "实际适用的法律不确定。",
}


def law_name(system: str, name: str, lang: Lang) -> str:
    """The law's name for the reader: LawAssumed.name in English, by system in Chinese."""
    if lang == "en" or system not in LAW_NAMES_ZH:
        return name
    if system == "us" and "(US)" in name:  # "Nebraska law (US)": the state is in the name
        return f"美国法（{name.removesuffix(' law (US)')}）"
    return LAW_NAMES_ZH[system]


def law_note(note: str, lang: Lang) -> str:
    return LAW_NOTES_ZH.get(note, note) if lang == "zh" else note
