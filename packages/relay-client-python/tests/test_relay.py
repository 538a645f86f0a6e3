"""The client against the running relay: endpoints, ingest, pages, replay, audit, idempotency, redaction, verify."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import time
import unittest
import urllib.request
import uuid

from webhook_relay import RelayApiError, RelayClient, RelayClientError, RetryPolicy, WebhookVerificationError, verify

from .support import Recorder, TestRelay


def post(url: str, body: bytes, headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def signed_headers(body: bytes, secret: str) -> dict[str, str]:
    """What a Standard Webhooks sender sends with a body."""
    message_id, timestamp = f"msg_{uuid.uuid4().hex}", str(int(time.time()))
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signature = base64.b64encode(hmac.new(key, f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()).decode()
    return {"webhook-id": message_id, "webhook-timestamp": timestamp, "webhook-signature": f"v1,{signature}"}


class RelayClientAgainstTheRelay(unittest.TestCase):
    relay: TestRelay
    client: RelayClient
    receiver: Recorder

    @classmethod
    def setUpClass(cls) -> None:
        cls.relay = TestRelay()
        cls.client = RelayClient(cls.relay.api_url, cls.relay.api_key)
        cls.receiver = Recorder()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.receiver.stop()
        cls.relay.stop()

    def test_endpoint_ingest_pages_replay_and_audit(self) -> None:
        endpoint = self.client.create_endpoint({"name": "orders"})
        self.assertTrue(endpoint["ingest_url"].startswith(self.relay.ingest_base))
        self.assertEqual(self.client.get_ingest_url(endpoint["id"])["ingest_url"], endpoint["ingest_url"])
        for n in range(5):
            self.assertEqual(post(endpoint["ingest_url"], json.dumps({"n": n}).encode()), 200)
        first = self.client.list_events(endpoint_id=endpoint["id"], limit=2)
        self.assertEqual(len(first["data"]), 2)
        self.assertIsNotNone(first["next_cursor"])
        events = list(self.client.list_events_all(endpoint_id=endpoint["id"], limit=2))
        self.assertEqual(len({event["id"] for event in events}), 5)
        destination = self.client.create_destination({"name": "receiver", "url": self.receiver.url + "/hook"})
        replayed = self.client.replay({"destination_id": destination["id"], "event_ids": [events[0]["id"]]})
        self.assertEqual(replayed["replayed"], 1)
        audit = self.client.verify_audit_chain()
        self.assertTrue(audit["intact"])
        self.assertGreater(audit["entries"], 0)

    def test_a_failing_destination_opens_one_issue_which_is_acknowledged_and_resolved(self) -> None:
        failing = Recorder(answers=[(503, {})] * 1000)
        try:
            endpoint = self.client.create_endpoint({"name": "issues"})
            destination = self.client.create_destination(
                {"name": "failing", "url": failing.url, "rate_limit": {"max": 5, "per": "second"}, "breaker": {"failures": 2}}
            )
            self.assertEqual(destination["rate_limit"], {"max": 5, "per": "second"})
            self.assertEqual(destination["breaker"]["state"], "closed")
            self.client.create_subscription({"endpoint_id": endpoint["id"], "destination_id": destination["id"]})
            self.assertEqual(post(endpoint["ingest_url"], b'{"n": 1}'), 200)
            issues: list = []
            for _ in range(200):
                issues = list(self.client.list_issues_all(destination_id=destination["id"], state="unresolved"))
                if issues:
                    break
                time.sleep(0.1)
            self.assertEqual([(issue["kind"], issue["state"]) for issue in issues], [("http_5xx", "open")])
            self.assertEqual(self.client.acknowledge_issue(issues[0]["id"])["state"], "acknowledged")
            self.assertEqual(self.client.resolve_issue(issues[0]["id"])["state"], "resolved")
            paused = self.client.pause_destination(destination["id"], body={"reason": "receiver down"})
            self.assertEqual(paused["paused_reason"], "receiver down")
            resumed = self.client.resume_destination(destination["id"])
            self.assertIsNone(resumed["paused_at"])
        finally:
            failing.stop()

    def test_routing_a_filter_dry_run_event_types_and_a_transformation(self) -> None:
        endpoint = self.client.create_endpoint({"name": "routing"})
        for event_type, amount in [("invoice.paid", 50_000), ("invoice.paid", 10), ("customer.created", 0)]:
            self.assertEqual(post(endpoint["ingest_url"], json.dumps({"type": event_type, "data": {"amount": amount}}).encode()), 200)
        types = self.client.list_endpoint_event_types(endpoint["id"])
        self.assertEqual({t["event_type"]: t["count"] for t in types["data"]}, {"invoice.paid": 2, "customer.created": 1})
        query = {"event_type": "invoice.paid", "body.data.amount": {"$gt": 10_000}}
        dry_run = self.client.dry_run_subscription_filter({"endpoint_id": endpoint["id"], "filter": query})
        self.assertEqual((dry_run["matched"], dry_run["unmatched"]), (1, 2))
        destination = self.client.create_destination({"name": "routed", "url": self.receiver.url + "/hook"})
        subscription = self.client.create_subscription({"endpoint_id": endpoint["id"], "destination_id": destination["id"]})
        self.assertEqual(self.client.update_subscription(subscription["id"], {"filter": query})["filter"], query)
        code = '(request) => ({ ...request, headers: { ...request.headers, "x-routed": "yes" }, body: { paid: request.body.data.amount } })'
        event = self.client.list_events(endpoint_id=endpoint["id"], event_type="invoice.paid", limit=1)["data"][0]
        tried = self.client.test_transformation(destination["id"], {"event_id": event["id"], "code": code})
        self.assertEqual(tried["outcome"], "send")
        self.assertEqual(tried["request"]["headers"]["x-routed"], "yes")
        saved = self.client.create_transformation(destination["id"], {"code": code, "activate": True})
        self.assertEqual((saved["version"], saved["active"]), (1, True))
        self.assertEqual(self.client.list_transformations(destination["id"])["active_version"], 1)
        self.assertIsNone(self.client.activate_transformation(destination["id"], {"version": None})["transformation_version"])

    def test_a_post_sent_twice_with_one_idempotency_key_is_answered_once(self) -> None:
        key = f"py-{uuid.uuid4()}"
        first = self.client.create_endpoint({"name": "once"}, idempotency_key=key)
        second = self.client.create_endpoint({"name": "once"}, idempotency_key=key)
        self.assertEqual(first["id"], second["id"])
        self.assertEqual([e["id"] for e in self.client.list_endpoints_all() if e["name"] == "once"], [first["id"]])

    def test_typed_errors_carry_status_and_code(self) -> None:
        with self.assertRaises(RelayApiError) as caught:
            self.client.get_endpoint("00000000-0000-4000-8000-000000000000")
        self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.attempts), (404, "not_found", 1))

    def test_secrets_stay_out_of_errors_and_repr(self) -> None:
        wrong_key = "whk_" + "x" * 43
        stranger = RelayClient(self.relay.api_url, wrong_key)
        errors: list[BaseException] = []
        try:
            stranger.list_endpoints()
        except RelayApiError as denied:
            self.assertEqual(denied.status, 401)
            errors.append(denied)
        down = RelayClient("http://127.0.0.1:1", self.relay.api_key, retry=RetryPolicy(max_retries=1, base_delay=0.001))
        try:
            down.list_endpoints()
        except RelayClientError as refused:
            errors.append(refused)
        self.assertEqual(len(errors), 2)
        endpoint = self.client.create_endpoint({"name": "secretive"})
        token = endpoint["ingest_url"].rsplit("/", 1)[-1]
        destination = self.client.create_destination({"name": "secret", "url": self.receiver.url})
        texts = [text for error in errors for text in (str(error), repr(error), repr(error.args))]
        texts += [repr(self.client), str(self.client), repr(stranger), repr(vars(self.client))]
        for text in texts:
            for secret in (self.relay.api_key, wrong_key, destination["secret"], token):
                self.assertNotIn(secret, text)

    def test_verify_accepts_a_delivery_of_the_relay_and_refuses_it_tampered(self) -> None:
        # The relay signs deliveries of events it verified: the sender signs with the endpoint's provider secret.
        endpoint = self.client.create_endpoint({"name": "signed", "provider": "standard-webhooks"})
        sender_secret = "whsec_" + base64.b64encode(os.urandom(24)).decode()
        self.client.add_provider_secret(endpoint["id"], {"secret": sender_secret})
        destination = self.client.create_destination({"name": "signed", "url": self.receiver.url + "/signed", "timeout_ms": 2000})
        self.client.create_subscription({"endpoint_id": endpoint["id"], "destination_id": destination["id"]})
        body = json.dumps({"signed": uuid.uuid4().hex}).encode()
        self.assertEqual(post(endpoint["ingest_url"], body, signed_headers(body, sender_secret)), 200)
        deadline = time.monotonic() + 20
        delivery = None
        while delivery is None and time.monotonic() < deadline:
            delivery = next((seen for seen in self.receiver.seen if seen["body"] == body), None)
            time.sleep(0.05)
        assert delivery is not None, "the relay never delivered"
        verify(delivery["body"], delivery["headers"], destination["secret"])
        with self.assertRaises(WebhookVerificationError) as tampered:
            verify(delivery["body"].replace(b"signed", b"forged"), delivery["headers"], destination["secret"])
        self.assertEqual(tampered.exception.reason, "no_matching_signature")
        with self.assertRaises(WebhookVerificationError):
            verify(delivery["body"], delivery["headers"], "whsec_" + base64.b64encode(b"\x01" * 24).decode())


if __name__ == "__main__":
    unittest.main()
