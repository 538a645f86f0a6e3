# Generated from packages/relay-client-generator/openapi.json by `pnpm clients:generate`. Do not edit by hand.
"""Request and answer types of the webhook-relay API (TypedDicts: the JSON objects as the API sends them)."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

IssueKind = Literal["connection_refused", "connection_error", "tls", "timeout", "egress_refused", "http_5xx", "http_429", "redirect", "http_4xx", "gone", "verification_failed", "transformation_failed"]
IssueState = Literal["open", "acknowledged", "resolved"]
VerificationState = Literal["verified", "authenticated", "failed", "unattempted"]
SubscriptionFilter = dict[str, Any]
DeliveryState = Literal["pending", "succeeded", "dead_lettered", "cancelled", "filtered"]
BulkRetryState = Literal["queued", "running", "succeeded", "cancelled", "failed"]
NotificationType = Literal["issue.opened", "issue.resolved", "destination.disabled", "destination.recovered", "delivery.exhausted", "endpoint.verification_failing"]
NotificationState = Literal["pending", "sent", "failed"]


class CreatedApiKey(TypedDict):
    id: str
    name: str
    key_hint: str
    """The prefix and last four characters."""
    created_at: str
    last_used_at: str | None
    revoked_at: str | None
    key: str
    """The secret key: shown in this answer only."""


class RelayErrorError(TypedDict):
    code: Literal["invalid_request", "unauthorized", "forbidden", "not_found", "expired", "conflict", "idempotency_key_in_use", "payload_too_large", "capture_paused", "unsupported_media_type", "idempotency_key_reused", "rate_limited", "unavailable", "internal"]
    message: str


class RelayError(TypedDict):
    error: RelayErrorError


class CreateApiKeyRequest(TypedDict):
    name: str


class ApiKey(TypedDict):
    id: str
    name: str
    key_hint: str
    """The prefix and last four characters."""
    created_at: str
    last_used_at: str | None
    revoked_at: str | None


class _EndpointWithIngestUrlDedupRequired(TypedDict):
    strategy: Literal["sw_webhook_id", "provider_event_id", "content_hash", "fields"]


class EndpointWithIngestUrlDedup(_EndpointWithIngestUrlDedupRequired, total=False):
    fields: list[str]
    window_seconds: int


class EndpointWithIngestUrl(TypedDict):
    id: str
    name: str
    provider: str | None
    dedup: EndpointWithIngestUrlDedup | None
    ingest_url_hint: str | None
    """The ingest URL with its token masked, or null."""
    created_at: str
    updated_at: str
    ingest_url: str
    """{ingest_url}/<token>: a credential; treat it as a secret."""


class _CreateEndpointRequestRequired(TypedDict):
    name: str


class CreateEndpointRequest(_CreateEndpointRequestRequired, total=False):
    provider: str | None
    dedup: EndpointDedup | None


class _EndpointDedupRequired(TypedDict):
    strategy: Literal["sw_webhook_id", "provider_event_id", "content_hash", "fields"]


class EndpointDedup(_EndpointDedupRequired, total=False):
    fields: list[str]
    window_seconds: int


class Endpoint(TypedDict):
    id: str
    name: str
    provider: str | None
    dedup: EndpointDedup | None
    ingest_url_hint: str | None
    """The ingest URL with its token masked, or null."""
    created_at: str
    updated_at: str


class EndpointVolumeTotals(TypedDict):
    events: int
    """Events captured in this bucket (repeats included: each was stored)."""
    verified: int
    """Their signature checked out."""
    authenticated: int
    """Authenticated another way (a token, Basic)."""
    failed: int
    """The check failed."""
    unattempted: int
    """Not checked (no provider, or no secret)."""
    pending: int
    """The check has not run yet."""
    duplicates: int
    """Repeats of an earlier event (stored, never delivered twice)."""


_EndpointVolumeRequired = TypedDict("_EndpointVolumeRequired", {"endpoint_id": "str", "window": "Literal[\"1h\", \"24h\", \"7d\"]", "bucket": "Literal[\"5m\", \"1h\", \"1d\"]", "from": "str", "to": "str", "totals": "EndpointVolumeTotals", "series": "list[EndpointVolumeBucket]"})
_EndpointVolumeOptional = TypedDict("_EndpointVolumeOptional", {}, total=False)


class EndpointVolume(_EndpointVolumeRequired, _EndpointVolumeOptional):
    pass


class EndpointVolumeBucket(TypedDict):
    start: str
    events: int
    """Events captured in this bucket (repeats included: each was stored)."""
    verified: int
    """Their signature checked out."""
    authenticated: int
    """Authenticated another way (a token, Basic)."""
    failed: int
    """The check failed."""
    unattempted: int
    """Not checked (no provider, or no secret)."""
    pending: int
    """The check has not run yet."""
    duplicates: int
    """Repeats of an earlier event (stored, never delivered twice)."""


class UpdateEndpointRequest(TypedDict, total=False):
    name: str
    provider: str | None
    dedup: EndpointDedup | None


class IngestUrl(TypedDict):
    ingest_url: str
    """{ingest_url}/<token>: a credential; treat it as a secret."""


class ProviderSecret(TypedDict):
    id: str
    label: str | None
    secret_hint: str
    """The last four characters (none for short secrets)."""
    created_at: str
    expires_at: str | None
    active: bool


class _AddProviderSecretRequestRequired(TypedDict):
    secret: str


class AddProviderSecretRequest(_AddProviderSecretRequestRequired, total=False):
    label: str
    expires_at: str


class RotatedProviderSecrets(TypedDict):
    secret: ProviderSecret
    previous: list[ProviderSecret]


class _RotateProviderSecretRequestRequired(TypedDict):
    secret: str


class RotateProviderSecretRequest(_RotateProviderSecretRequestRequired, total=False):
    label: str
    previous_expire_in_seconds: int


class EventSummaryVerification(TypedDict):
    state: Literal["verified", "authenticated", "failed", "unattempted"] | None
    """The final verification state; null while the check is still due (`pending`)."""
    cause: str | None
    pending: bool
    """True while the event waits for its signature check (its endpoint has a provider); `state` is null until then."""


class EventSummary(TypedDict):
    id: str
    endpoint_id: str
    received_at: str
    capture_seq: int | None
    """Capture number: the order deliveries follow (docs/delivery-order.md), which receipt times may not show (replicas’ clocks, up to a few hundred ms). Lists are ordered by it, newest first; null for events captured before capture numbers existed, listed after the numbered ones."""
    method: str
    content_type: str | None
    size: int
    """Body size in bytes."""
    provider: str | None
    verification: EventSummaryVerification
    duplicate_of: str | None
    """The first capture of the same delivery, when this one repeats it."""
    event_type: str | None
    """Its type, from where its provider puts it (docs/event-types.md); null when the request carries none."""


class EventDetailVerification(TypedDict):
    state: Literal["verified", "authenticated", "failed", "unattempted"] | None
    """The final verification state; null while the check is still due (`pending`)."""
    cause: str | None
    pending: bool
    """True while the event waits for its signature check; `state` is null until then."""
    detail: dict[str, Any] | None
    matched_secret_id: str | None
    verified_at: str | None


class EventDetailBody(TypedDict):
    encoding: Literal["utf8", "base64"]
    """utf8 when the bytes are valid UTF-8, base64 otherwise."""
    data: str
    sha256: str


class EventDetailSchemaCheck(TypedDict):
    event_type_id: str
    valid: bool
    error: str | None
    """The first reason it does not validate (`/amount must be integer`)."""


class EventDetail(TypedDict):
    id: str
    endpoint_id: str
    received_at: str
    capture_seq: int | None
    """Capture number: the order deliveries follow (docs/delivery-order.md), which receipt times may not show (replicas’ clocks, up to a few hundred ms). Lists are ordered by it, newest first; null for events captured before capture numbers existed, listed after the numbered ones."""
    method: str
    content_type: str | None
    size: int
    """Body size in bytes."""
    provider: str | None
    verification: EventDetailVerification
    duplicate_of: str | None
    """The first capture of the same delivery, when this one repeats it."""
    event_type: str | None
    """Its type, from where its provider puts it (docs/event-types.md); null when the request carries none."""
    path: str
    """The path the sender called, its ingest token masked as in `ingest_url_hint` (`/whep_…9Ga4/sub/path`): the token is a credential and is not stored with events."""
    query: str
    headers: list[list[str]]
    """Name/value pairs in arrival order."""
    source_address: str | None
    body: EventDetailBody
    schema_check: EventDetailSchemaCheck | None
    """Whether the body validates against the schema of the tenant's event type of this name; null when there is none."""


class EndpointEventTypeList(TypedDict):
    data: list[EndpointEventType]


class EndpointEventType(TypedDict):
    event_type: str
    count: int
    """Events of this type the endpoint holds (within the tenant's retention window)."""
    first_seen_at: str
    last_seen_at: str
    schema_id: str | None
    """The tenant’s custom event type of this name, when there is one."""


class EventType(TypedDict):
    id: str
    name: str
    description: str | None
    schema: dict[str, Any]
    created_at: str
    updated_at: str


class _CreateEventTypeRequestRequired(TypedDict):
    name: str
    schema: dict[str, Any]
    """A JSON Schema (draft 2020-12 by default; draft-07 when its `$schema` says so)."""


class CreateEventTypeRequest(_CreateEventTypeRequestRequired, total=False):
    description: str


class UpdateEventTypeRequest(TypedDict, total=False):
    schema: dict[str, Any]
    """A JSON Schema (draft 2020-12 by default; draft-07 when its `$schema` says so)."""
    description: str | None


class AuditEntryTarget(TypedDict):
    type: str
    id: str | None


class AuditEntry(TypedDict):
    id: str
    seq: int
    actor: str
    action: str
    target: AuditEntryTarget
    details: dict[str, Any]
    created_at: str
    prev_hash: str
    """hash of the entry before (64 zeros for the first)."""
    hash: str
    """sha256(prev_hash || canonical entry), hex."""


class AuditVerificationFirstBroken(TypedDict):
    seq: int
    id: str
    reason: str


class AuditVerification(TypedDict):
    intact: bool
    entries: int
    """Entries checked before the first broken one (all of them when intact, the ones found when the head does not match)."""
    last_hash: str | None
    first_broken: AuditVerificationFirstBroken | None
    anchor_mismatch: AuditAnchorMismatch | None


class AuditAnchorMismatch(TypedDict):
    cause: Literal["truncated", "rewritten", "beyond_anchor", "anchor_missing"]
    """truncated: the newest entries were deleted; rewritten: the chain ends in another hash than the head; beyond_anchor: entries the head does not count; anchor_missing: entries but no head."""
    reason: str
    """What was expected and what was found, e.g. "expected 9 entries ending in hash …, found 7 …"."""
    expected_entries: int
    """Entries the anchored head counts."""
    expected_last_hash: str | None
    found_entries: int
    found_last_hash: str | None


class CreatedDestination(TypedDict):
    id: str
    name: str
    url: str
    header_names: list[str]
    timeout_ms: int
    enabled: bool
    disabled_reason: str | None
    """Why it is off (enabled false): turned off by hand, the destination answered 410, or it kept failing past its breaker."""
    paused_at: str | None
    """Paused by hand: events still reach its queue, which holds in order until it is resumed."""
    paused_reason: str | None
    rate_limit: DestinationRateLimit | None
    breaker: DestinationBreaker
    transformation_version: int | None
    """The active transformation version (docs/transformations.md); null: deliveries go as captured."""
    secrets: list[DestinationSecret]
    created_at: str
    updated_at: str
    secret: str
    """The signing secret, shown this once (whsec_...)."""


class DestinationRateLimit(TypedDict):
    max: int
    per: Literal["second", "minute"]


class DestinationBreaker(TypedDict):
    state: Literal["closed", "open", "half_open"]
    """closed: deliveries flow. open: the head of the queue waits for its next probe, nothing is dead-lettered. half_open: the probe is due or being sent; its success closes the breaker."""
    consecutive_failures: int
    failing_since: str | None
    opened_at: str | None
    next_probe_at: str | None
    failures: int
    window_seconds: int
    disable_after_hours: int


class DestinationSecret(TypedDict):
    id: str
    label: str | None
    secret_hint: str
    created_at: str
    expires_at: str | None
    active: bool


class _CreateDestinationRequestRequired(TypedDict):
    name: str
    url: str
    """Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect."""


class CreateDestinationRequest(_CreateDestinationRequestRequired, total=False):
    headers: dict[str, str]
    """Extra request headers (stored encrypted; only their names are shown back)."""
    timeout_ms: int
    enabled: bool
    secret: str
    """A Standard Webhooks secret; one is generated when absent."""
    rate_limit: DestinationRateLimit | None
    breaker: BreakerSettings


class BreakerSettings(TypedDict, total=False):
    failures: int
    """Failures of the destination in a row that open the breaker (default 5)..."""
    window_seconds: int
    """...once they have lasted this long (default 300)."""
    disable_after_hours: int
    """Failing this long turns the destination off, with a notification (default 120: 5 days)."""


class Destination(TypedDict):
    id: str
    name: str
    url: str
    header_names: list[str]
    timeout_ms: int
    enabled: bool
    disabled_reason: str | None
    """Why it is off (enabled false): turned off by hand, the destination answered 410, or it kept failing past its breaker."""
    paused_at: str | None
    """Paused by hand: events still reach its queue, which holds in order until it is resumed."""
    paused_reason: str | None
    rate_limit: DestinationRateLimit | None
    breaker: DestinationBreaker
    transformation_version: int | None
    """The active transformation version (docs/transformations.md); null: deliveries go as captured."""
    secrets: list[DestinationSecret]
    created_at: str
    updated_at: str


class DestinationHealthDeliveries(TypedDict):
    total: int
    """Deliveries created in the window (replays included)."""
    succeeded: int
    """Delivered."""
    retrying: int
    """Still pending after at least one failed attempt."""
    pending: int
    """Not attempted yet."""
    dead_lettered: int
    """Failed for good."""
    cancelled: int
    """Cancelled (their destination or endpoint was deleted)."""


class DestinationHealthAttempts(TypedDict):
    total: int
    """Attempts."""
    succeeded: int
    """Answered 2xx."""
    failed: int
    """Failed."""


class DestinationHealthLatencyMs(TypedDict):
    p50: int
    p95: int


class DestinationHealthLastFailure(TypedDict):
    at: str
    delivery_id: str
    status_code: int | None
    error: str | None
    response_excerpt: str | None
    """The start of the answer, as the delivery detail shows it (bounded)."""


class DestinationHealthBacklog(TypedDict):
    pending: int
    """Deliveries waiting now (whatever their age), counted up to 10,000."""
    more: bool
    """true: more than 10,000 are waiting."""
    oldest_pending_at: str | None
    """When the head of the queue was created."""


_DestinationHealthRequired = TypedDict("_DestinationHealthRequired", {"destination_id": "str", "window": "Literal[\"1h\", \"24h\", \"7d\"]", "bucket": "Literal[\"5m\", \"1h\", \"1d\"]", "from": "str", "to": "str", "deliveries": "DestinationHealthDeliveries", "success_rate": "float | None", "attempts": "DestinationHealthAttempts", "latency_ms": "DestinationHealthLatencyMs | None", "last_failure": "DestinationHealthLastFailure | None", "backlog": "DestinationHealthBacklog", "series": "list[DestinationHealthBucket]"})
_DestinationHealthOptional = TypedDict("_DestinationHealthOptional", {}, total=False)


class DestinationHealth(_DestinationHealthRequired, _DestinationHealthOptional):
    pass


class DestinationHealthBucket(TypedDict):
    start: str
    succeeded: int
    """Attempts that started in this bucket and were answered 2xx."""
    failed: int
    """Attempts that started in this bucket and failed (an answer other than 2xx, a timeout, a refused connection)."""


class UpdateDestinationRequest(TypedDict, total=False):
    name: str
    url: str
    """Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect."""
    headers: dict[str, str]
    """Extra request headers (stored encrypted; only their names are shown back)."""
    timeout_ms: int
    enabled: bool
    rate_limit: DestinationRateLimit | None
    breaker: BreakerSettings


class RotatedDestinationSecret(TypedDict):
    secret: str
    """The new signing secret, shown this once."""
    created: DestinationSecret
    previous: list[DestinationSecret]


class RotateDestinationSecretRequest(TypedDict, total=False):
    secret: str
    label: str
    previous_expire_in_seconds: int


class PauseDestinationRequest(TypedDict, total=False):
    reason: str


class Transformation(TypedDict):
    id: str
    destination_id: str
    version: int
    """Numbered 1, 2, 3… per destination; a version is never changed once written."""
    code: str
    active: bool
    """The destination's deliveries run this version."""
    created_at: str
    created_by: str | None


class _CreateTransformationRequestRequired(TypedDict):
    code: str
    """A JavaScript function expression `(request) => request`. It receives {method, path, headers, body} (body parsed when the event is JSON) and returns the request to send, or null to drop the delivery."""


class CreateTransformationRequest(_CreateTransformationRequestRequired, total=False):
    activate: bool
    """Make this version the active one at once (default false: test it first, then activate)."""


class TransformationList(TypedDict):
    active_version: int | None
    """null: deliveries go as captured."""
    data: list[Transformation]
    """Newest version first."""


class ActivateTransformationRequest(TypedDict):
    version: int | None
    """The version deliveries run from now on; null detaches the transformation (deliveries go as captured)."""


class TransformationTestResultRequest(TypedDict):
    method: str
    url: str
    headers: dict[str, str]
    """The transformation's headers (the destination's own, stored encrypted, are added when sent)."""
    body: str
    """The body as it would be sent (and signed)."""


class TransformationTestResult(TypedDict):
    outcome: Literal["send", "dropped", "failed"]
    """send: the request below would be sent; dropped: the function returned null; failed: it threw or hit a limit."""
    request: TransformationTestResultRequest | None
    error: str | None
    """Why it failed, naming the limit it hit."""
    logs: list[str]
    """What console.log printed (at most 50 lines of 1,000 characters)."""
    duration_ms: float


class _TestTransformationRequestRequired(TypedDict):
    event_id: str
    """A captured event of an endpoint this destination is subscribed to (or any of yours)."""


class TestTransformationRequest(_TestTransformationRequestRequired, total=False):
    code: str
    """A JavaScript function expression `(request) => request`. It receives {method, path, headers, body} (body parsed when the event is JSON) and returns the request to send, or null to drop the delivery."""
    version: int


class Issue(TypedDict):
    id: str
    destination_id: str | None
    endpoint_id: str | None
    kind: IssueKind
    state: IssueState
    count: int
    """Failures grouped in it."""
    first_seen_at: str
    last_seen_at: str
    last_status: int | None
    last_error: str | None
    last_excerpt: str | None
    """The start of the last failing answer's body."""
    last_delivery_id: str | None
    last_event_id: str | None
    acknowledged_at: str | None
    acknowledged_by: str | None
    resolved_at: str | None
    resolved_by: str | None
    """system:delivery or system:verification when it resolved by itself."""


class Subscription(TypedDict):
    id: str
    endpoint_id: str
    destination_id: str
    states: list[VerificationState]
    """Verification states forwarded; empty = all."""
    event_types: list[str]
    """Provider event types forwarded; empty = all."""
    filter: dict[str, Any] | None
    """Only events this query matches are sent; the others get a `filtered` delivery. null = every event."""
    created_at: str
    updated_at: str


class _CreateSubscriptionRequestRequired(TypedDict):
    endpoint_id: str
    destination_id: str


class CreateSubscriptionRequest(_CreateSubscriptionRequestRequired, total=False):
    states: list[VerificationState]
    event_types: list[str]
    filter: SubscriptionFilter | None


class UpdateSubscriptionRequest(TypedDict, total=False):
    filter: SubscriptionFilter | None


class _SubscriptionFilterDryRunResultEventsItemRequired(TypedDict):
    event_id: str
    captured_at: str
    event_type: str | None
    matched: bool


class SubscriptionFilterDryRunResultEventsItem(_SubscriptionFilterDryRunResultEventsItemRequired, total=False):
    reason: str
    """Why the body was not read (not JSON, too large); the filter then saw headers and metadata only."""


class SubscriptionFilterDryRunResult(TypedDict):
    endpoint_id: str
    matched: int
    """Events the filter lets through."""
    unmatched: int
    """Events the filter turns away (their deliveries would be `filtered`)."""
    events: list[SubscriptionFilterDryRunResultEventsItem]


class _SubscriptionFilterDryRunRequestRequired(TypedDict):
    endpoint_id: str
    filter: SubscriptionFilter | None


class SubscriptionFilterDryRunRequest(_SubscriptionFilterDryRunRequestRequired, total=False):
    limit: int


class Delivery(TypedDict):
    id: str
    destination_id: str
    event_id: str
    state: DeliveryState
    attempts: int
    next_attempt_at: str | None
    last_status: int | None
    last_error: str | None
    replay_of: str | None
    """The delivery or event this replay re-sends."""
    created_at: str
    completed_at: str | None
    dead_lettered_at: str | None
    transformation_version: int | None
    """The transformation version its last attempt ran; null: sent as captured (or not attempted yet)."""


class DeliveryDetail(TypedDict):
    id: str
    destination_id: str
    event_id: str
    state: DeliveryState
    attempts: int
    next_attempt_at: str | None
    last_status: int | None
    last_error: str | None
    replay_of: str | None
    """The delivery or event this replay re-sends."""
    created_at: str
    completed_at: str | None
    dead_lettered_at: str | None
    transformation_version: int | None
    """The transformation version its last attempt ran; null: sent as captured (or not attempted yet)."""
    attempt_log: list[DeliveryAttempt]


class DeliveryAttempt(TypedDict):
    id: str
    started_at: str
    duration_ms: int
    status_code: int | None
    error: str | None
    response_excerpt: str | None
    """The start of the response body (bounded)."""


class ReplayResult(TypedDict):
    destination_id: str
    replayed: int
    """New deliveries queued, in capture order."""
    delivery_ids: list[str]


_ReplayRequestRequired = TypedDict("_ReplayRequestRequired", {"destination_id": "str"})
_ReplayRequestOptional = TypedDict("_ReplayRequestOptional", {"event_ids": "list[str]", "delivery_ids": "list[str]", "from": "str", "to": "str", "endpoint_id": "str"}, total=False)


class ReplayRequest(_ReplayRequestRequired, _ReplayRequestOptional):
    pass


class BulkRetryPreview(TypedDict):
    deliveries: int
    """Dead letters the selection holds now (those with a pending replay left out)."""
    events: int
    """Distinct events among them."""
    oldest: str | None
    """When the oldest of them was dead-lettered; null when none."""
    newest: str | None
    """When the newest of them was dead-lettered; null when none."""


_BulkRetrySelectionRequired = TypedDict("_BulkRetrySelectionRequired", {"destination_id": "str"})
_BulkRetrySelectionOptional = TypedDict("_BulkRetrySelectionOptional", {"from": "str", "to": "str", "filter": "BulkRetryFilter"}, total=False)


class BulkRetrySelection(_BulkRetrySelectionRequired, _BulkRetrySelectionOptional):
    pass


class BulkRetryFilter(TypedDict, total=False):
    endpoint_id: str
    """Only dead letters of events captured on this endpoint."""
    event_type: str
    """Only events of this type (the type subscriptions filter on: a type header, or the JSON body's type)."""
    last_status: Any
    """Only dead letters whose last attempt was answered with this status (or class)."""


class BulkRetry(TypedDict):
    id: str
    state: BulkRetryState
    selection: BulkRetrySelection
    total: int | None
    """Dead letters the selection held when the job started; null while queued."""
    retried: int
    """New deliveries queued so far, in the dead letters’ order."""
    created_at: str
    started_at: str | None
    finished_at: str | None
    cancelled_at: str | None
    error: str | None
    """Why a failed job stopped."""


class TriggerWaitResult(TypedDict):
    trigger_id: str
    trigger: str
    endpoint_id: str
    events: list[TriggerEvent]
    next_cursor: str | None
    """Pass back as `ack` once these events are processed. With no events, the trigger’s stored position (acknowledging it changes nothing); null only for a trigger that starts with the oldest stored event and has read none (null is taken as no ack)."""
    caught_up: bool
    """No further event was waiting after these."""
    held_by_pending_verification: bool
    """The batch stops before an event still being verified."""


class TriggerEventVerification(TypedDict):
    state: VerificationState
    cause: str | None
    provider: str | None


class _TriggerEventRequired(TypedDict):
    id: str
    received_at: str
    method: str
    query: str
    headers: list[list[str]]
    verification: TriggerEventVerification
    body: Any
    """null when verification failed (the body may be forged)."""


class TriggerEvent(_TriggerEventRequired, total=False):
    body_withheld: str


class _TriggerWaitRequestRequired(TypedDict):
    endpoint_id: str


class TriggerWaitRequest(_TriggerWaitRequestRequired, total=False):
    trigger: str
    """The trigger’s name on the endpoint (default `default`); registered on first use."""
    ack: str | None
    """The `next_cursor` of the previous call, once its events are processed: the stored cursor moves there. Without it (or null) the same events come again."""
    limit: int
    wait_seconds: float
    """When nothing is waiting, wait up to this long and return as soon as an event arrives."""
    max_inline_bytes: int
    """Bodies up to this size come inline; larger ones by reference (GET /v1/events/{event_id}, or the MCP tool events.body)."""
    start: Literal["now", "oldest"]
    """For a new trigger only: drain from registration on, or from the oldest stored event."""


class Trigger(TypedDict):
    id: str
    endpoint_id: str
    name: str
    last_drained_event_id: str | None
    """The last event the agent acknowledged."""
    oauth_client_id: str | None
    """The MCP client that registered it, if one did."""
    created_at: str
    updated_at: str


class Agent(TypedDict):
    id: str
    client_id: str
    client_name: str | None
    authorized_by: str
    """Who consented: `api_key:<id>` or `user:<id>`."""
    created_at: str


class UsagePlan(TypedDict):
    id: Literal["free", "pro", "scale", "enterprise"]
    name: str
    event_allowance: int | None
    """Events the plan may capture per period; null = unlimited."""
    allowance_resets: bool
    """false: the allowance is spent once and never resets (the free plan); true: it resets every calendar month (UTC)."""
    retention_days: int


class UsageEventsPerDayItem(TypedDict):
    day: str
    events: int


class Usage(TypedDict):
    plan: UsagePlan
    period_start: str | None
    """Start of the counting period; null when the allowance never resets."""
    period_end: str | None
    events_captured: int
    """Events captured in the period (duplicates included: each was stored)."""
    events_remaining: int | None
    """null = unlimited."""
    capture_paused: bool
    """true: ingest answers 429 and stores nothing, because the allowance is spent or an operator paused capture."""
    paused_reason: Literal["allowance", "paused"] | None
    events_per_day: list[UsageEventsPerDayItem]
    """Events captured on each of the last 30 days (UTC), oldest first, today last; days without events count 0."""


class CreatedNotificationTarget(TypedDict):
    id: str
    kind: Literal["webhook", "email"]
    url: str | None
    address: str | None
    types: list[NotificationType]
    description: str | None
    enabled: bool
    secret_hint: str | None
    """Webhook targets: the end of the signing secret."""
    created_at: str
    updated_at: str
    secret: str | None
    """Webhook targets: the Standard Webhooks signing secret (whsec_...), shown this once; null for email."""


class _CreateNotificationTargetRequestRequired(TypedDict):
    kind: Literal["webhook", "email"]


class CreateNotificationTargetRequest(_CreateNotificationTargetRequestRequired, total=False):
    url: str
    """kind webhook: where notifications are POSTed (the same address rules as destinations)."""
    address: str
    """kind email: where notifications are mailed (needs RELAY_SMTP_URL)."""
    types: list[NotificationType]
    """The types this target receives; all of them when left out."""
    description: str


class NotificationTarget(TypedDict):
    id: str
    kind: Literal["webhook", "email"]
    url: str | None
    address: str | None
    types: list[NotificationType]
    description: str | None
    enabled: bool
    secret_hint: str | None
    """Webhook targets: the end of the signing secret."""
    created_at: str
    updated_at: str


class UpdateNotificationTargetRequest(TypedDict, total=False):
    url: str
    """Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect."""
    address: str
    types: list[NotificationType]
    """The types this target receives; all of them when left out."""
    description: str | None
    enabled: bool


class NotificationPayload(TypedDict):
    type: str
    timestamp: str
    data: dict[str, Any]


class Notification(TypedDict):
    id: str
    """Also the webhook-id header: the same on every attempt."""
    target_id: str
    type: str
    """One of the notification types, or notification.test."""
    state: NotificationState
    attempts: int
    next_attempt_at: str | None
    """While pending."""
    last_attempt_at: str | None
    last_status: int | None
    last_error: str | None
    payload: NotificationPayload
    created_at: str
    completed_at: str | None


class _RelayHealthRequired(TypedDict):
    status: str


class RelayHealth(_RelayHealthRequired, total=False):
    checks: dict[str, Literal["ok", "failing"]]


class DashboardSessionSignInProvidersItem(TypedDict):
    id: str
    name: str


class DashboardSession(TypedDict):
    signed_in: bool
    tenant_id: str | None
    actor: str | None
    """How audit entries name this session: api_key:<id> or user:<id>."""
    csrf_token: str | None
    """Send as X-CSRF-Token on every request that changes something."""
    expires_at: str | None
    sign_in_providers: list[DashboardSessionSignInProvidersItem]
    """Identity providers configured for browser sign-in (empty: sign in with an API key)."""


class DashboardSignIn(TypedDict):
    api_key: str


class _OAuthErrorRequired(TypedDict):
    error: str


class OAuthError(_OAuthErrorRequired, total=False):
    error_description: str


class CreatedTenantApiKey(TypedDict):
    id: str
    name: str
    key_hint: str
    """The prefix and last four characters."""
    created_at: str
    last_used_at: str | None
    revoked_at: str | None
    key: str
    """The secret key: shown in this answer only."""


class CreatedTenant(TypedDict):
    id: str
    name: str
    plan: Literal["free", "pro", "scale", "enterprise"]
    capture_paused: bool
    """true: an operator paused capture; ingest answers 429 and stores nothing."""
    events_captured: int
    """Events captured in the plan's current period (all time on the free plan)."""
    active_api_keys: int
    created_at: str
    deleted_at: str | None
    """When an operator deleted it: its data is gone, its keys revoked; its audit log is kept."""
    api_key: CreatedTenantApiKey
    """The tenant's first API key; its secret is shown in this answer only."""


class _CreateTenantRequestRequired(TypedDict):
    name: str


class CreateTenantRequest(_CreateTenantRequestRequired, total=False):
    plan: Literal["free", "pro", "scale", "enterprise"]
    api_key_name: str


class AdminTenant(TypedDict):
    id: str
    name: str
    plan: Literal["free", "pro", "scale", "enterprise"]
    capture_paused: bool
    """true: an operator paused capture; ingest answers 429 and stores nothing."""
    events_captured: int
    """Events captured in the plan's current period (all time on the free plan)."""
    active_api_keys: int
    created_at: str
    deleted_at: str | None
    """When an operator deleted it: its data is gone, its keys revoked; its audit log is kept."""


class UpdateTenantRequest(TypedDict, total=False):
    plan: Literal["free", "pro", "scale", "enterprise"]
    capture_paused: bool


class ListAgentsAnswer(TypedDict):
    data: list[Agent]
    next_cursor: str | None
    """null on the last page."""


class ListApiKeysAnswer(TypedDict):
    data: list[ApiKey]
    next_cursor: str | None
    """null on the last page."""


class ListAuditEntriesAnswer(TypedDict):
    data: list[AuditEntry]
    next_cursor: str | None
    """null on the last page."""


class ListBulkRetriesAnswer(TypedDict):
    data: list[BulkRetry]
    next_cursor: str | None
    """null on the last page."""


class ListDeliveriesAnswer(TypedDict):
    data: list[Delivery]
    next_cursor: str | None
    """null on the last page."""


class ListDestinationsAnswer(TypedDict):
    data: list[Destination]
    next_cursor: str | None
    """null on the last page."""


class ListEndpointsAnswer(TypedDict):
    data: list[Endpoint]
    next_cursor: str | None
    """null on the last page."""


class ListEventsAnswer(TypedDict):
    data: list[EventSummary]
    next_cursor: str | None
    """null on the last page."""


class ListEventTypesAnswer(TypedDict):
    data: list[EventType]
    next_cursor: str | None
    """null on the last page."""


class ListIssuesAnswer(TypedDict):
    data: list[Issue]
    next_cursor: str | None
    """null on the last page."""


class ListNotificationsAnswer(TypedDict):
    data: list[Notification]
    next_cursor: str | None
    """null on the last page."""


class ListNotificationTargetsAnswer(TypedDict):
    data: list[NotificationTarget]
    next_cursor: str | None
    """null on the last page."""


class ListProviderSecretsAnswer(TypedDict):
    data: list[ProviderSecret]


class ListSubscriptionsAnswer(TypedDict):
    data: list[Subscription]
    next_cursor: str | None
    """null on the last page."""


class ListTriggersAnswer(TypedDict):
    data: list[Trigger]
    next_cursor: str | None
    """null on the last page."""


__all__ = ["ActivateTransformationRequest", "AddProviderSecretRequest", "AdminTenant", "Agent", "ApiKey", "AuditAnchorMismatch", "AuditEntry", "AuditEntryTarget", "AuditVerification", "AuditVerificationFirstBroken", "BreakerSettings", "BulkRetry", "BulkRetryFilter", "BulkRetryPreview", "BulkRetrySelection", "BulkRetryState", "CreateApiKeyRequest", "CreateDestinationRequest", "CreateEndpointRequest", "CreateEventTypeRequest", "CreateNotificationTargetRequest", "CreateSubscriptionRequest", "CreateTenantRequest", "CreateTransformationRequest", "CreatedApiKey", "CreatedDestination", "CreatedNotificationTarget", "CreatedTenant", "CreatedTenantApiKey", "DashboardSession", "DashboardSessionSignInProvidersItem", "DashboardSignIn", "Delivery", "DeliveryAttempt", "DeliveryDetail", "DeliveryState", "Destination", "DestinationBreaker", "DestinationHealth", "DestinationHealthAttempts", "DestinationHealthBacklog", "DestinationHealthBucket", "DestinationHealthDeliveries", "DestinationHealthLastFailure", "DestinationHealthLatencyMs", "DestinationRateLimit", "DestinationSecret", "Endpoint", "EndpointDedup", "EndpointEventType", "EndpointEventTypeList", "EndpointVolume", "EndpointVolumeBucket", "EndpointVolumeTotals", "EndpointWithIngestUrl", "EndpointWithIngestUrlDedup", "EventDetail", "EventDetailBody", "EventDetailSchemaCheck", "EventDetailVerification", "EventSummary", "EventSummaryVerification", "EventType", "IngestUrl", "Issue", "IssueKind", "IssueState", "ListAgentsAnswer", "ListApiKeysAnswer", "ListAuditEntriesAnswer", "ListBulkRetriesAnswer", "ListDeliveriesAnswer", "ListDestinationsAnswer", "ListEndpointsAnswer", "ListEventTypesAnswer", "ListEventsAnswer", "ListIssuesAnswer", "ListNotificationTargetsAnswer", "ListNotificationsAnswer", "ListProviderSecretsAnswer", "ListSubscriptionsAnswer", "ListTriggersAnswer", "Notification", "NotificationPayload", "NotificationState", "NotificationTarget", "NotificationType", "OAuthError", "PauseDestinationRequest", "ProviderSecret", "RelayError", "RelayErrorError", "RelayHealth", "ReplayRequest", "ReplayResult", "RotateDestinationSecretRequest", "RotateProviderSecretRequest", "RotatedDestinationSecret", "RotatedProviderSecrets", "Subscription", "SubscriptionFilter", "SubscriptionFilterDryRunRequest", "SubscriptionFilterDryRunResult", "SubscriptionFilterDryRunResultEventsItem", "TestTransformationRequest", "Transformation", "TransformationList", "TransformationTestResult", "TransformationTestResultRequest", "Trigger", "TriggerEvent", "TriggerEventVerification", "TriggerWaitRequest", "TriggerWaitResult", "UpdateDestinationRequest", "UpdateEndpointRequest", "UpdateEventTypeRequest", "UpdateNotificationTargetRequest", "UpdateSubscriptionRequest", "UpdateTenantRequest", "Usage", "UsageEventsPerDayItem", "UsagePlan", "VerificationState"]
