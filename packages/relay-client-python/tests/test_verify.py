"""verify() against signatures made here: rotation, timestamps, headers, secrets."""

from __future__ import annotations

import base64
import hashlib
import hmac
import unittest

from webhook_relay import WebhookVerificationError, verify

KEY = bytes([9]) * 32
SECRET = "whsec_" + base64.b64encode(KEY).decode()
OTHER = "whsec_" + base64.b64encode(bytes([3]) * 32).decode()
NOW = 1_800_000_000
BODY = b'{"type":"order.paid"}'


def sign(key: bytes, timestamp: int = NOW, body: bytes = BODY) -> str:
    return "v1," + base64.b64encode(hmac.new(key, f"msg_1.{timestamp}.".encode() + body, hashlib.sha256).digest()).decode()


def headers(signature: str, timestamp: int | str = NOW) -> dict[str, str]:
    return {"Webhook-Id": "msg_1", "Webhook-Timestamp": str(timestamp), "Webhook-Signature": signature}


class Verify(unittest.TestCase):
    def test_accepts_one_signature_among_several_and_text_bodies(self) -> None:
        signature = f"{sign(bytes([3]) * 32)} {sign(KEY)}"
        verify(BODY, headers(signature), SECRET, now=NOW)
        verify(BODY.decode(), headers(signature), SECRET, now=NOW)

    def test_refusals_name_their_reason(self) -> None:
        cases = [
            ("missing_headers", BODY, {"webhook-id": "msg_1"}, SECRET),
            ("bad_timestamp", BODY, headers(sign(KEY), "12:00"), SECRET),
            ("timestamp_too_old", BODY, headers(sign(KEY, NOW - 301), NOW - 301), SECRET),
            ("timestamp_in_future", BODY, headers(sign(KEY, NOW + 301), NOW + 301), SECRET),
            ("bad_secret", BODY, headers(sign(KEY)), "whsec_"),
            ("no_matching_signature", BODY, headers(sign(KEY)), OTHER),
            ("no_matching_signature", BODY + b" ", headers(sign(KEY)), SECRET),
            ("no_matching_signature", BODY, headers("v2," + sign(KEY)[3:]), SECRET),
        ]
        for reason, body, given, secret in cases:
            with self.subTest(reason=reason), self.assertRaises(WebhookVerificationError) as caught:
                verify(body, given, secret, now=NOW)
            self.assertEqual(caught.exception.reason, reason)

    def test_an_unsigned_delivery_is_said_to_be_one_whose_event_was_not_verified(self) -> None:
        with self.assertRaises(WebhookVerificationError) as caught:
            verify(BODY, {"webhook-id": "msg_1"}, SECRET, now=NOW)
        self.assertEqual(caught.exception.reason, "missing_headers")
        self.assertTrue(str(caught.exception).startswith("this delivery is unsigned: its event was not verified"))


if __name__ == "__main__":
    unittest.main()
