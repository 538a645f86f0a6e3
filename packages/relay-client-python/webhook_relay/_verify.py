"""Standard Webhooks signatures of the relay's deliveries."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import time
from collections.abc import Mapping

from ._errors import WebhookVerificationError


def verify(
    payload: bytes | str,
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: int = 300,
    now: float | None = None,
) -> None:
    """Checks a delivery's ``webhook-signature`` against the destination's signing secret (``whsec_…``).

    ``payload`` is the raw body as received: verify before parsing it. Raises WebhookVerificationError.
    """
    lowered = {name.lower(): value for name, value in headers.items()}
    message_id = lowered.get("webhook-id")
    timestamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if message_id and not timestamp and not signatures:
        raise WebhookVerificationError(
            "missing_headers",
            "this delivery is unsigned: its event was not verified (the relay signs only verified or authenticated events)",
        )
    if not message_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing_headers", "webhook-id, webhook-timestamp and webhook-signature are required")
    if not timestamp.isdigit():
        raise WebhookVerificationError("bad_timestamp", "webhook-timestamp is not a number of seconds")
    current = int(time.time() if now is None else now)
    if int(timestamp) < current - tolerance:
        raise WebhookVerificationError("timestamp_too_old", "the delivery is too old")
    if int(timestamp) > current + tolerance:
        raise WebhookVerificationError("timestamp_in_future", "the delivery is timestamped in the future")
    key = _secret_bytes(secret)
    body = payload.encode("utf-8") if isinstance(payload, str) else payload
    expected = hmac.new(key, f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    for candidate in signatures.split(" "):
        version, _, value = candidate.partition(",")
        if version != "v1" or not value:
            continue
        try:
            given = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            continue
        if hmac.compare_digest(given, expected):
            return
    raise WebhookVerificationError("no_matching_signature", "no signature matches the secret")


def _secret_bytes(secret: str) -> bytes:
    encoded = secret[len("whsec_") :] if secret.startswith("whsec_") else secret
    try:
        key = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        key = b""
    if not key:
        raise WebhookVerificationError("bad_secret", "the signing secret is not whsec_ followed by base64")
    return key
