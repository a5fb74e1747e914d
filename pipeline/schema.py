"""The report's JSON Schema: ``contract-review dev schema > schema/report.schema.json``."""

from __future__ import annotations

import json

from pipeline.model import ReviewReport


def report_schema_json() -> str:
    """The schema as the committed file holds it, without the final newline."""
    return json.dumps(ReviewReport.model_json_schema(), ensure_ascii=False, indent=2)
