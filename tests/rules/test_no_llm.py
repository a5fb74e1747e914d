"""ParseEntities and ValidateRules are deterministic: they run with every LLM package absent."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import importlib.abc, sys

BLOCKED = ("pipeline.llm", "pipeline.stages.reflect", "ollama", "llama_cpp", "llama_index")

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.startswith(BLOCKED):
            raise ImportError(f"{name} is blocked in this test")
        return None

sys.meta_path.insert(0, Block())

from pathlib import Path
from pipeline.config import IntakeLimits
from pipeline.stages.intake import read_document
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules

document = read_document(Path("examples/sale_contract_zh.pdf"), IntakeLimits())
out = ParseEntities().run(document=document)
findings = ValidateRules().run(document=document, **out)["rule_findings"]
print(sorted({f.type for f in findings}))
assert not [m for m in sys.modules if m.startswith(BLOCKED)]
"""


def test_stages_run_without_any_llm_package() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert "deposit_excessive" in result.stdout and "dispute_resolution_conflict" in result.stdout
