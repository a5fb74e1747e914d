"""Write the report's JSON Schema: python -m pipeline.schema > schema/report.schema.json"""

from __future__ import annotations

import json

from pipeline.model import ReviewReport

if __name__ == "__main__":
    print(json.dumps(ReviewReport.model_json_schema(), ensure_ascii=False, indent=2))
