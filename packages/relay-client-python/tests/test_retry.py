"""Retries against local servers that answer 503/429/502, drop the connection, or never answer."""

from __future__ import annotations

import re
import unittest

from webhook_relay import USER_AGENT, RelayApiError, RelayClient, RelayConnectionError, RetryPolicy

from .support import Recorder

KEY = "whk_" + "k" * 43
FAST = RetryPolicy(base_delay=0.001, max_delay=0.005)


class Retries(unittest.TestCase):
    def server(self, answers: list, hang: bool = False) -> Recorder:
        recorder = Recorder(answers, hang=hang)
        self.addCleanup(recorder.stop)
        return recorder

    def test_a_get_answered_503_with_retry_after_is_retried_and_the_200_returned(self) -> None:
        server = self.server([(503, {"Retry-After": "1"}), (200, {})])
        client = RelayClient(server.url, KEY, retry=FAST)
        self.assertEqual(client.list_endpoints(), {"data": [], "next_cursor": None})
        self.assertEqual(len(server.seen), 2)
        self.assertEqual(server.seen[0]["headers"]["Authorization"], f"Bearer {KEY}")
        self.assertRegex(server.seen[0]["headers"]["User-Agent"], r"^webhook-relay-client-python/\d+\.\d+\.\d+$")
        self.assertTrue(USER_AGENT.startswith("webhook-relay-client-python/"))

    def test_a_retry_after_past_the_time_allowed_ends_the_retries(self) -> None:
        server = self.server([(429, {"Retry-After": "3600"}), (200, {})])
        client = RelayClient(server.url, KEY, retry=RetryPolicy(base_delay=0.001, max_elapsed=10))
        with self.assertRaises(RelayApiError) as caught:
            client.list_endpoints()
        self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.attempts), (429, "unavailable", 1))
        self.assertEqual(len(server.seen), 1)

    def test_a_post_is_retried_with_the_same_idempotency_key(self) -> None:
        server = self.server([(502, {}), None, (200, {})])
        RelayClient(server.url, KEY, retry=FAST).create_endpoint({"name": "x"})
        keys = [seen["headers"]["Idempotency-Key"] for seen in server.seen]
        self.assertEqual(len(keys), 3)
        self.assertEqual(len(set(keys)), 1)
        self.assertRegex(keys[0], re.compile(r"^[0-9a-f-]{36}$"))

    def test_patch_and_delete_are_never_retried(self) -> None:
        server = self.server([(503, {}), (204, {})])
        client = RelayClient(server.url, KEY, retry=FAST)
        with self.assertRaises(RelayApiError):
            client.update_endpoint("e1", {"name": "y"})
        self.assertIsNone(client.delete_endpoint("e1"))
        self.assertEqual([seen["method"] for seen in server.seen], ["PATCH", "DELETE"])

    def test_retries_stop_after_max_retries(self) -> None:
        server = self.server([(500, {})] * 5)
        client = RelayClient(server.url, KEY, retry=RetryPolicy(max_retries=2, base_delay=0.001))
        with self.assertRaises(RelayApiError) as caught:
            client.list_endpoints()
        self.assertEqual(caught.exception.attempts, 3)
        self.assertEqual(len(server.seen), 3)

    def test_each_attempt_has_a_time_limit_and_the_error_names_no_secret(self) -> None:
        server = self.server([], hang=True)
        client = RelayClient(server.url, KEY, timeout=0.1, retry=RetryPolicy(max_retries=1, base_delay=0.001))
        with self.assertRaises(RelayConnectionError) as caught:
            client.get_endpoint("whep_secret-token")
        self.assertTrue(caught.exception.timed_out)
        self.assertEqual(caught.exception.attempts, 2)
        self.assertNotIn(KEY, str(caught.exception))
        self.assertNotIn("secret-token", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
