"""The webhook-relay REST API over urllib: one method per operation (see _operations.py)."""

from __future__ import annotations

import json
import random as _random
import socket
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlencode, urlsplit

from ._errors import RelayApiError, RelayConnectionError
from ._operations import _Operations
from ._redact import redact
from ._retry import RetryPolicy, is_retryable_status, parse_retry_after
from ._version import USER_AGENT


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # The API never redirects: following one would send the bearer key elsewhere.
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class _Secret:
    """A secret that no repr, str or vars() of its holder shows."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "<secret>"

    __str__ = __repr__


class RelayClient(_Operations):
    """A client of one relay with one API key; safe to share between threads."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        user_agent: str | None = None,
        random: Callable[[], float] = _random.random,
    ) -> None:
        if not api_key:
            raise ValueError("an API key is required")
        self.base_url = base_url.rstrip("/")
        self._api_key = _Secret(api_key)
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self.user_agent = f"{USER_AGENT} {user_agent}" if user_agent else USER_AGENT
        self._random = random
        self._opener = urllib.request.build_opener(_NoRedirect)

    def __repr__(self) -> str:
        return f"RelayClient(base_url={redact(self.base_url)!r})"

    __str__ = __repr__

    def __getstate__(self) -> None:
        raise TypeError("a RelayClient holds an API key and is not picklable")

    def _clean(self, text: str) -> str:
        return redact(text, [self._api_key.reveal()])

    def _send(
        self,
        method: str,
        path: str,
        *,
        query: dict[str, Any] | None,
        body: Any = None,
        idempotent: bool,
        idempotency_key: str | None = None,
        timeout: float | None,
    ) -> Any:
        url = self.base_url + path
        params = {name: _query_value(value) for name, value in (query or {}).items() if value is not None}
        if params:
            url += "?" + urlencode(params)
        headers = {
            "Authorization": f"Bearer {self._api_key.reveal()}",
            "Accept": "application/json",
            "User-Agent": self.user_agent,
        }
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if method == "POST" and idempotent:
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        # Safe to repeat: a GET, or a POST the server deduplicates by its Idempotency-Key.
        retryable = method == "GET" or "Idempotency-Key" in headers
        limit = self.timeout if timeout is None else timeout
        where = f"{method} {self._clean(self.base_url + path)}"
        started = time.monotonic()
        attempt = 0
        while True:
            attempt += 1
            retries_left = retryable and attempt <= self.retry.max_retries
            request = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with self._opener.open(request, timeout=limit) as response:
                    text = response.read()
                return json.loads(text) if text else None
            except urllib.error.HTTPError as answer:
                error = self._api_error(answer, attempt)
                if retries_left and is_retryable_status(answer.code):
                    wait = parse_retry_after(answer.headers.get("Retry-After"))
                    if wait is None:
                        wait = self.retry.backoff(attempt - 1, self._random())
                    if self._pause(started, wait):
                        continue
                raise error from None
            except (urllib.error.URLError, OSError, socket.timeout) as failure:
                timed_out = isinstance(failure, (socket.timeout, TimeoutError)) or isinstance(
                    getattr(failure, "reason", None), (socket.timeout, TimeoutError)
                )
                if retries_left and self._pause(started, self.retry.backoff(attempt - 1, self._random())):
                    continue
                why = f"no answer within {limit:g} s" if timed_out else f"connection failed ({self._clean(_describe(failure))})"
                plural = "s" if attempt > 1 else ""
                raise RelayConnectionError(f"{where}: {why} after {attempt} attempt{plural}", attempt, timed_out) from None

    def _paginate(self, fetch_page: Callable[[str | None], Any]) -> Iterator[Any]:
        cursor: str | None = None
        while True:
            page = fetch_page(cursor)
            yield from page["data"]
            cursor = page.get("next_cursor")
            if not cursor:
                return

    def _pause(self, started: float, wait: float) -> bool:
        """Waits before another attempt; False when the wait would end past the total time allowed."""
        if time.monotonic() + wait - started > self.retry.max_elapsed:
            return False
        time.sleep(wait)
        return True

    def _api_error(self, answer: urllib.error.HTTPError, attempts: int) -> RelayApiError:
        code, message = f"http_{answer.code}", answer.reason or "error"
        try:
            parsed = json.loads(answer.read() or b"null")
            error = parsed.get("error") if isinstance(parsed, dict) else None
            if isinstance(error, dict):
                code = error.get("code") if isinstance(error.get("code"), str) else code
                message = error.get("message") if isinstance(error.get("message"), str) else message
        except (ValueError, OSError):
            pass  # not the API's error shape (a proxy's page): the status says enough
        finally:
            answer.close()
        return RelayApiError(answer.code, code, self._clean(str(message)), answer.headers.get("X-Request-Id"), attempts)


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _describe(failure: BaseException) -> str:
    reason = getattr(failure, "reason", None)
    text = str(reason if reason is not None else failure) or type(failure).__name__
    # No URL in the text: only the host, which the caller knows already.
    return text.replace(urlsplit(text).path, "") if "://" in text else text
