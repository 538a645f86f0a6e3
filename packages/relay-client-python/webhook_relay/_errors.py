"""Every error this library raises; none of their messages holds a secret."""

from __future__ import annotations


class RelayClientError(Exception):
    """The base of every error of this library."""


class RelayApiError(RelayClientError):
    """The API answered ``{"error": {"code", "message"}}`` with an HTTP error status."""

    def __init__(self, status: int, code: str, message: str, request_id: str | None, attempts: int) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.request_id = request_id
        self.attempts = attempts
        where = f", request {request_id}" if request_id else ""
        super().__init__(f"{code}: {message} (HTTP {status}{where})")


class RelayConnectionError(RelayClientError):
    """Nothing answered: the connection failed, or an attempt ran past its time limit."""

    def __init__(self, message: str, attempts: int, timed_out: bool) -> None:
        self.attempts = attempts
        self.timed_out = timed_out
        super().__init__(message)


class WebhookVerificationError(RelayClientError):
    """``verify`` refused a delivery; ``reason`` says why."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)
