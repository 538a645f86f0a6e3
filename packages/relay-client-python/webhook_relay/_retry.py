"""How many times and how long a call may be retried: exponential backoff with full jitter."""

from __future__ import annotations

import email.utils
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 3
    """Retries after the first attempt; 0 turns retries off."""
    base_delay: float = 0.5
    """The first backoff ceiling, in seconds; it doubles with each retry."""
    max_delay: float = 8.0
    """The largest backoff ceiling, in seconds."""
    max_elapsed: float = 30.0
    """No retry starts once this long (seconds, waits included) has passed since the first attempt."""

    def backoff(self, retry: int, random: float) -> float:
        """A uniform wait between 0 and min(max_delay, base_delay * 2**retry)."""
        return random * min(self.max_delay, self.base_delay * 2**retry)


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """``Retry-After`` in seconds: delta seconds or an HTTP date; None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, at - (time.time() if now is None else now))


def is_retryable_status(status: int) -> bool:
    """Rate limited, and server errors except "not implemented"."""
    return status == 429 or (status >= 500 and status != 501)
