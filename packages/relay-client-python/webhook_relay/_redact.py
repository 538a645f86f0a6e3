"""Secrets out of text: API keys (whk_), signing secrets (whsec_), ingest tokens (whep_), bearer headers."""

from __future__ import annotations

import re
from collections.abc import Iterable

_PREFIXED_SECRET = re.compile(r"\b(whk|whsec|whep)_[A-Za-z0-9+/=_-]+")
_BEARER = re.compile(r"\b(Bearer\s+)\S+", re.IGNORECASE)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """The text without any secret: prefixed secrets keep only their prefix, the given literals vanish."""
    for secret in secrets:
        if len(secret) >= 4:
            text = text.replace(secret, "[redacted]")
    text = _PREFIXED_SECRET.sub(r"\1_…", text)
    return _BEARER.sub(r"\1[redacted]", text)
