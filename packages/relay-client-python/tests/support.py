"""The relay the tests run against, and local servers that answer from a script."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

RELAY_DIR = Path(__file__).resolve().parents[3] / "services" / "webhook-relay"


class TestRelay:
    """The relay (API, ingest, delivery workers) in a child process on a database of its own:
    services/webhook-relay/test/helpers/client-test-relay.ts. Needs TEST_DATABASE_SERVER_URL and REDIS_URL."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [str(RELAY_DIR / "node_modules" / ".bin" / "tsx"), "test/helpers/client-test-relay.ts"],
            cwd=RELAY_DIR,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=os.environ.copy(),
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the test relay exited ({self.process.wait()}) before it listened")
        started = json.loads(line)
        self.api_url: str = started["api_url"]
        self.api_key: str = started["api_key"]
        self.ingest_base: str = started["ingest_base"]

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)
        if self.process.stdout:
            self.process.stdout.close()


class Recorder(ThreadingHTTPServer):
    """Answers each request from ``answers`` ((status, headers) or None to drop the connection; 204 when
    they run out) and records (method, path, headers, body)."""

    def __init__(self, answers: list[tuple[int, dict[str, str]] | None] | None = None, hang: bool = False) -> None:
        self.answers = list(answers or [])
        self.seen: list[dict[str, Any]] = []
        self.hang = hang
        self.release = threading.Event()
        super().__init__(("127.0.0.1", 0), _Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def stop(self) -> None:
        self.release.set()
        self.shutdown()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: Recorder

    def log_message(self, *args: Any) -> None:
        pass

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.server.seen.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body})
        if self.server.hang:
            self.server.release.wait(10)
            return
        answer = self.server.answers.pop(0) if self.server.answers else (204, {})
        if answer is None:
            self.close_connection = True
            self.connection.close()
            return
        status, headers = answer
        text = b"" if status == 204 else json.dumps(
            {"data": [], "next_cursor": None} if status < 300 else {"error": {"code": "unavailable", "message": "try later"}}
        ).encode()
        self.send_response(status)
        for name, value in {"Content-Type": "application/json", **headers}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)

    do_GET = do_POST = do_PATCH = do_DELETE = _answer
