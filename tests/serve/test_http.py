"""``contract-review serve`` over real HTTP: a real uvicorn process, driven with httpx.

The upload, poll and download cycle (sync and async), the bearer token, the size limit (413
with the CLI's code 16), the CLI's codes for a file that cannot be reviewed, the KB endpoints,
the OpenAPI schema, the stored files' modes, and what the log holds.
"""

from __future__ import annotations

import io
import json
import stat
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from docx import Document as WordDocument

from pipeline.threads import available_cores
from tests.kb.conftest import TINY_ARTICLES
from tests.serve.conftest import MAX_BYTES, TOKEN, Server

pytestmark = [pytest.mark.slow, pytest.mark.integration]

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SALE_TXT = EXAMPLES / "sale_contract_zh.txt"
SALE_PDF = EXAMPLES / "sale_contract_zh.pdf"
# Contract text that must reach the reports and never the log.
PARTY = "上海恒远精密机械有限公司"
GOODS = "五轴联动数控加工中心"
DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def _upload(
    client: httpx.Client, path: Path, *, run_async: bool = False, name: str = ""
) -> httpx.Response:
    params = {"async": "true"} if run_async else {}
    files = {"file": (name or path.name, path.read_bytes())}
    return client.post("/v1/reviews", files=files, params=params)


def _poll(client: httpx.Client, location: str, timeout: float = 240) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state: dict[str, Any] = client.get(location).json()
        if state["status"] in ("done", "failed") or time.monotonic() > deadline:
            return state
        time.sleep(0.5)


def _modes(folder: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): stat.S_IMODE(p.stat().st_mode)
        for p in [folder, *folder.rglob("*")]
    }


def test_a_sync_upload_answers_with_the_report_and_stores_its_files_private(
    token_server: Server,
) -> None:
    with token_server.client() as client:
        answer = _upload(client, SALE_TXT)
        assert answer.status_code == 200, answer.text
        assert answer.headers["cache-control"] == "no-store"
        report = answer.json()
        assert report["document"]["source_path"] == "sale_contract_zh.txt"  # never the temp path
        assert report["mode"] == "none"  # rules and KB: the server's KB, not the catalog
        assert report["kb"]["mode"] == "chroma" and report["kb"]["backend"] == "minilm"
        assert report["kb"]["articles"] == TINY_ARTICLES
        types = {f["type"] for f in report["findings"]}
        assert "deposit_excessive" in types  # 定金 ¥360,000 of ¥1,250,000: over 20%
        location = answer.headers["location"]
        review_id = location.rsplit("/", 1)[1]

        state = client.get(location).json()
        assert state["status"] == "done" and state["id"] == review_id
        assert state["exit_code"] == 1 and state["findings"] == len(report["findings"])
        assert state["report"]["run_id"] == report["run_id"]
        assert set(state["links"]) == {"report.json", "report.md", "report.html", "revised.docx"}

        html = client.get(state["links"]["report.html"])
        assert html.status_code == 200 and html.headers["content-type"].startswith("text/html")
        assert "default-src 'none'" in html.headers["content-security-policy"]
        assert PARTY in html.text and "deposit_excessive" in html.text

        docx = client.get(state["links"]["revised.docx"])
        assert docx.status_code == 200 and docx.headers["content-type"] == DOCX_TYPE
        assert "attachment" in docx.headers["content-disposition"]
        body = "\n".join(p.text for p in WordDocument(io.BytesIO(docx.content)).paragraphs)
        assert PARTY in body and GOODS in body

        stored = json.loads(client.get(state["links"]["report.json"]).content)
        assert stored == report

    folder = token_server.data_dir / "reviews" / review_id
    modes = _modes(folder)
    assert {"job.json", "out/report.html", "out/revised.docx", "out/report.json"} <= set(modes)
    files = {name: mode for name, mode in modes.items() if (folder / name).is_file()}
    folders = {name: mode for name, mode in modes.items() if (folder / name).is_dir()}
    assert set(files.values()) == {0o600}, files
    assert set(folders.values()) == {0o700}, folders
    assert stat.S_IMODE((token_server.data_dir / "reviews").stat().st_mode) == 0o700
    # the upload itself is not kept: only the job's state and its output set
    assert sorted(p.name for p in folder.iterdir()) == ["job.json", "out"]


def test_an_async_upload_is_polled_until_done_then_downloaded(token_server: Server) -> None:
    with token_server.client() as client:
        answer = _upload(client, SALE_PDF, run_async=True)
        assert answer.status_code == 202, answer.text
        accepted = answer.json()
        assert accepted["status"] == "queued" and accepted["report"] is None
        assert accepted["filename"] == "sale_contract_zh.pdf"
        location = answer.headers["location"]
        assert location == f"/v1/reviews/{accepted['id']}"
        early = client.get(f"{location}/report.html")
        if client.get(location).json()["status"] != "done":  # a review takes seconds
            assert early.status_code == 409
            assert "poll GET" in early.json()["detail"]["message"]

        state = _poll(client, location)
        assert state["status"] == "done", state
        assert state["started_at"] and state["finished_at"]
        report = state["report"]
        assert report["document"]["source_path"] == "sale_contract_zh.pdf"
        assert report["document"]["media_type"] == "pdf"
        deposit = [f for f in report["findings"] if f["type"] == "deposit_excessive"]
        assert deposit and deposit[0]["span"]["page"] == 1

        docx = client.get(f"{location}/revised.docx")
        assert docx.status_code == 200 and docx.content[:2] == b"PK"
        html = client.get(f"{location}/report.html")
        assert html.status_code == 200 and GOODS in html.text

        # the worker pool ran with the thread budget: --jobs 2 gives each worker half the cores
        trace = client.get(f"{location}/report.json").json()
        assert trace["run_id"] == report["run_id"]
    header = json.loads(
        (token_server.data_dir / "reviews" / accepted["id"] / "out" / "trace.jsonl")
        .read_text("utf-8")
        .splitlines()[0]
    )
    assert header["config"]["threads"] == max(1, available_cores() // 2)


def test_without_the_token_every_endpoint_but_healthz_is_refused(token_server: Server) -> None:
    before = token_server.reviews()
    with token_server.client() as good:
        review_id = _upload(good, SALE_TXT, run_async=True).json()["id"]
    for token in (None, "wrong-token-0000000000000000", TOKEN + "x", TOKEN[:-1]):
        with token_server.client(token=token, anonymous=token is None) as client:
            answers = [
                _upload(client, SALE_TXT),
                _upload(client, SALE_TXT, run_async=True),
                client.get(f"/v1/reviews/{review_id}"),
                client.get(f"/v1/reviews/{review_id}/report.html"),
                client.delete(f"/v1/reviews/{review_id}"),
                client.post("/v1/kb/query", json={"text": "arbitration"}),
                client.post("/v1/kb/verify", json={"citation": "民法典第585条"}),
                client.get("/openapi.json"),
            ]
            for answer in answers:
                assert answer.status_code == 401, (answer.request.url, answer.text)
                assert answer.headers["www-authenticate"] == "Bearer"
                assert answer.json()["detail"]["code"] is None
                assert "CONTRACT_REVIEW_TOKEN" in answer.json()["detail"]["message"]
            assert client.get("/healthz").status_code == 200
    # a refused upload was never stored; only the good client's review was
    assert len(token_server.reviews()) == len(before) + 1
    with token_server.client() as good:
        assert _poll(good, f"/v1/reviews/{review_id}")["status"] == "done"


def test_an_upload_over_the_limit_gets_413_with_the_clis_code(
    token_server: Server, tmp_path: Path
) -> None:
    before = token_server.reviews()
    just_over = tmp_path / "long.txt"
    just_over.write_bytes(SALE_TXT.read_bytes() * (MAX_BYTES // SALE_TXT.stat().st_size + 1))
    far_over = b"x" * (MAX_BYTES + 200_000)
    with token_server.client() as client:
        # over --max-bytes by a little: the file is checked exactly, with the CLI's message
        answer = _upload(client, just_over)
        assert answer.status_code == 413
        detail = answer.json()["detail"]
        assert detail["code"] == 16
        size = just_over.stat().st_size
        assert detail["message"] == (
            f"long.txt: the file is {size} bytes, over the limit of {MAX_BYTES}. "
            "Fix: split the file, or raise the limit with --max-bytes"
        )
        # far over: refused from its Content-Length, before the body is read
        answer = client.post("/v1/reviews", files={"file": ("big.txt", far_over)})
        assert answer.status_code == 413 and answer.json()["detail"]["code"] == 16
        assert "--max-bytes" in answer.json()["detail"]["message"]
        assert answer.headers["cache-control"] == "no-store"

        # no Content-Length (chunked): cut off once the body passes the limit
        def chunks() -> Any:
            boundary = b"--b0undary\r\n"
            yield (
                boundary
                + b'Content-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n'
            )
            for _ in range(40):
                yield b"y" * 8192
            yield b"\r\n--b0undary--\r\n"

        answer = client.post(
            "/v1/reviews",
            content=chunks(),
            headers={"Content-Type": "multipart/form-data; boundary=b0undary"},
        )
        assert "content-length" not in answer.request.headers
        assert answer.status_code == 413 and answer.json()["detail"]["code"] == 16
        # a JSON body has a small limit of its own
        answer = client.post("/v1/kb/query", json={"text": "x" * 100_000})
        assert answer.status_code == 413 and answer.json()["detail"]["code"] == 16
    assert token_server.reviews() == before


def test_a_file_that_cannot_be_reviewed_answers_with_the_clis_code(
    token_server: Server, tmp_path: Path
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    rtf = tmp_path / "contract.rtf"
    rtf.write_bytes(b"{\\rtf1 contract}")
    with token_server.client() as client:
        answer = _upload(client, empty)
        assert answer.status_code == 422
        assert answer.json()["detail"] == {
            "code": 11,
            "message": "empty.txt: the file is empty (0 bytes). Fix: give the contract file itself",
        }
        stored = client.get(answer.headers["location"]).json()
        assert stored["status"] == "failed" and stored["error"]["code"] == 11
        assert stored["report"] is None and stored["links"] == {}
        assert client.get(f"{answer.headers['location']}/report.html").status_code == 409

        answer = _upload(client, rtf, run_async=True)
        assert answer.status_code == 202
        state = _poll(client, answer.headers["location"])
        assert state["status"] == "failed" and state["exit_code"] == 12
        assert state["error"]["message"].startswith("contract.rtf: files of type '.rtf'")

        answer = _upload(client, SALE_TXT, name="../../etc/")
        assert answer.status_code == 415 and answer.json()["detail"]["code"] == 12
        # a folder part in the name is dropped: the review names the file only
        answer = _upload(client, SALE_TXT, name="../../secret/sale.txt")
        assert answer.status_code == 200
        assert answer.json()["document"]["source_path"] == "sale.txt"

        assert client.get("/v1/reviews/AAAAAAAAAAAAAAAAAAAAAA").status_code == 404
        assert client.get("/v1/reviews/..%2F..%2Fetc").status_code in (404, 422)


def test_a_finished_review_can_be_deleted_with_its_files(token_server: Server) -> None:
    with token_server.client() as client:
        location = _upload(client, SALE_TXT).headers["location"]
        review_id = location.rsplit("/", 1)[1]
        assert (token_server.data_dir / "reviews" / review_id / "out").is_dir()
        answer = client.delete(location)
        assert answer.status_code == 204
        assert not (token_server.data_dir / "reviews" / review_id).exists()
        assert client.get(location).status_code == 404
        assert client.get(f"{location}/report.html").status_code == 404


def test_the_kb_endpoints_search_the_servers_kb_and_check_citations(token_server: Server) -> None:
    with token_server.client() as client:
        answer = client.post(
            "/v1/kb/query",
            json={
                "text": "written arbitration agreement valid irrevocable enforceable",
                "mode": "bm25",
                "k": 3,
            },
        )
        assert answer.status_code == 200, answer.text
        hits = answer.json()["hits"]
        assert len(hits) == 3 and hits[0]["via"] == "bm25"
        assert all(hit["doc_id"].startswith("us.9usc.") for hit in hits)
        assert hits[0]["doc_id"] == "us.9usc.2"  # § 2: validity of arbitration agreements

        found = client.post("/v1/kb/verify", json={"citation": "民法典第585条"}).json()
        assert found["lookup"]["exists"] is True
        assert found["lookup"]["evidence"]["doc_id"] == "cn.civil-code.585"
        missing = client.post("/v1/kb/verify", json={"citation": "民法典第1438条"}).json()
        assert missing["lookup"]["exists"] is False
        against = client.post(
            "/v1/kb/verify",
            json={
                "citation": "民法典第586条",
                "claim": "定金不得超过标的额的百分之三十",
                "dense": False,
            },
        ).json()
        assert against["support"] == "conflicts"

        bad = client.post("/v1/kb/query", json={"text": "x", "mode": "fuzzy"})
        assert bad.status_code == 422  # FastAPI's validation: the modes are in the schema


def test_the_openapi_schema_lists_every_endpoint(token_server: Server) -> None:
    with token_server.client() as client:
        schema = client.get("/openapi.json").json()
    review = "/v1/reviews/{review_id}"
    assert set(schema["paths"]) == {
        "/healthz",
        "/v1/reviews",
        review,
        f"{review}/report.json",
        f"{review}/report.md",
        f"{review}/report.html",
        f"{review}/revised.docx",
        "/v1/kb/query",
        "/v1/kb/verify",
    }
    upload = schema["paths"]["/v1/reviews"]["post"]
    assert {"200", "202", "401", "413", "415", "422"} <= set(upload["responses"])
    assert "async" in [p["name"] for p in upload["parameters"]]
    assert schema["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    assert set(schema["paths"][review]) == {"get", "delete"}


def test_the_log_names_reviews_by_id_and_never_holds_contract_text(token_server: Server) -> None:
    with token_server.client() as client:
        review_id = _upload(client, SALE_TXT).headers["location"].rsplit("/", 1)[1]
    log = token_server.log.read_text("utf-8")
    assert f"review {review_id}: done, exit code 1" in log
    assert '"POST /v1/reviews HTTP/1.1" 200' in log  # uvicorn's access log
    for text in (PARTY, GOODS, "定金", "HT-2025-0418"):
        assert text not in log


def test_without_a_token_it_serves_loopback_and_refuses_what_it_cannot_take(
    open_server: Server,
) -> None:
    with open_server.client() as client:
        assert client.get("/openapi.json").status_code == 200  # no token: no auth, loopback
        # a queue of one: the second upload is refused while the first runs
        first = _upload(client, SALE_TXT, run_async=True)
        assert first.status_code == 202
        second = _upload(client, SALE_TXT, run_async=True)
        assert second.status_code == 503 and second.headers["retry-after"] == "30"
        assert "--max-queue" in second.json()["detail"]["message"]
        assert _poll(client, first.headers["location"])["status"] == "done"
        assert len(open_server.reviews()) == 1
        # over --max-pages: found when the PDF is read, and answered as the size limit is
        answer = _upload(client, SALE_PDF)
        assert answer.status_code == 413
        assert answer.json()["detail"] == {
            "code": 16,
            "message": "sale_contract_zh.pdf: the PDF has 2 pages, over the limit of 1. "
            "Fix: split the PDF, or raise the limit with --max-pages",
        }
        # no KB built: the CLI's code 33, as 503
        answer = client.post("/v1/kb/query", json={"text": "定金"})
        assert answer.status_code == 503 and answer.json()["detail"]["code"] == 33
        assert "contract-review kb build" in answer.json()["detail"]["message"]
