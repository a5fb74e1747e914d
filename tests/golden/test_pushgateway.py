"""``push_metrics`` against a real HTTP server on loopback that records the Pushgateway PUT."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest

from pipeline.eval.golden_report import push_metrics


class _Recorder(BaseHTTPRequestHandler):
    received: list[tuple[str, str, bytes]] = []

    def do_PUT(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        _Recorder.received.append(("PUT", self.path, body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def gateway() -> Iterator[str]:
    _Recorder.received = []
    server = HTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def test_metrics_are_pushed(gateway: str) -> None:
    report = {
        "pipeline": {
            "kappa": {"kappa": 0.61},
            "false_alarms": {"count": 2},
            "citations": {"fabrication_rate": 0.0},
            "per_type": {
                "penalty_excessive": {"presence": {"recall": 0.5}},
                "deposit_excessive": {"presence": {"recall": None}},
            },
        }
    }
    push_metrics(report, gateway)
    ((method, path, body),) = _Recorder.received
    assert (method, path) == ("PUT", "/metrics/job/contract_review_golden")
    text = body.decode()
    assert "golden_kappa 0.61" in text
    assert "golden_false_alarms 2.0" in text
    assert 'golden_type_recall{type="penalty_excessive"} 0.5' in text
    assert "deposit_excessive" not in text
