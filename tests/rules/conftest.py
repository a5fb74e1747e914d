"""The rule stages, warmed once per session, for rule test modules that do not build their own."""

from __future__ import annotations

import pytest

from kb.catalog import default_catalog
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages


@pytest.fixture(scope="session")
def stages() -> Stages:
    validate = ValidateRules(resolver=default_catalog())
    validate.warm_up()
    return ParseEntities(), validate
