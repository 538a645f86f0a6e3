# Generated from packages/relay-client-generator/openapi.json by `pnpm clients:generate`. Do not edit by hand.
"""One method per operation of the webhook-relay API (1.0.0)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Literal, TypeVar
from urllib.parse import quote

from ._types import ActivateTransformationRequest, AddProviderSecretRequest, AdminTenant, Agent, ApiKey, AuditAnchorMismatch, AuditEntry, AuditEntryTarget, AuditVerification, AuditVerificationFirstBroken, BreakerSettings, BulkRetry, BulkRetryFilter, BulkRetryPreview, BulkRetrySelection, BulkRetryState, CreateApiKeyRequest, CreateDestinationRequest, CreateEndpointRequest, CreateEventTypeRequest, CreateNotificationTargetRequest, CreateSubscriptionRequest, CreateTenantRequest, CreateTransformationRequest, CreatedApiKey, CreatedDestination, CreatedNotificationTarget, CreatedTenant, CreatedTenantApiKey, DashboardSession, DashboardSessionSignInProvidersItem, DashboardSignIn, Delivery, DeliveryAttempt, DeliveryDetail, DeliveryState, Destination, DestinationBreaker, DestinationHealth, DestinationHealthAttempts, DestinationHealthBacklog, DestinationHealthBucket, DestinationHealthDeliveries, DestinationHealthLastFailure, DestinationHealthLatencyMs, DestinationRateLimit, DestinationSecret, Endpoint, EndpointDedup, EndpointEventType, EndpointEventTypeList, EndpointVolume, EndpointVolumeBucket, EndpointVolumeTotals, EndpointWithIngestUrl, EndpointWithIngestUrlDedup, EventDetail, EventDetailBody, EventDetailSchemaCheck, EventDetailVerification, EventSummary, EventSummaryVerification, EventType, IngestUrl, Issue, IssueKind, IssueState, ListAgentsAnswer, ListApiKeysAnswer, ListAuditEntriesAnswer, ListBulkRetriesAnswer, ListDeliveriesAnswer, ListDestinationsAnswer, ListEndpointsAnswer, ListEventTypesAnswer, ListEventsAnswer, ListIssuesAnswer, ListNotificationTargetsAnswer, ListNotificationsAnswer, ListProviderSecretsAnswer, ListSubscriptionsAnswer, ListTriggersAnswer, Notification, NotificationPayload, NotificationState, NotificationTarget, NotificationType, OAuthError, PauseDestinationRequest, ProviderSecret, RelayError, RelayErrorError, RelayHealth, ReplayRequest, ReplayResult, RotateDestinationSecretRequest, RotateProviderSecretRequest, RotatedDestinationSecret, RotatedProviderSecrets, Subscription, SubscriptionFilter, SubscriptionFilterDryRunRequest, SubscriptionFilterDryRunResult, SubscriptionFilterDryRunResultEventsItem, TestTransformationRequest, Transformation, TransformationList, TransformationTestResult, TransformationTestResultRequest, Trigger, TriggerEvent, TriggerEventVerification, TriggerWaitRequest, TriggerWaitResult, UpdateDestinationRequest, UpdateEndpointRequest, UpdateEventTypeRequest, UpdateNotificationTargetRequest, UpdateSubscriptionRequest, UpdateTenantRequest, Usage, UsageEventsPerDayItem, UsagePlan, VerificationState  # noqa: F401

_Item = TypeVar('_Item')


def _quote(segment: str) -> str:
    return quote(segment, safe="")


# Not offered (not JSON over an API key): adminCreateTenant (not part of the versioned /v1 API); adminDeleteTenant (not part of the versioned /v1 API); adminGetTenant (not part of the versioned /v1 API); adminListTenantApiKeys (not part of the versioned /v1 API); adminListTenants (not part of the versioned /v1 API); adminRevokeTenantApiKey (not part of the versioned /v1 API); adminUpdateTenant (not part of the versioned /v1 API); answerOAuthConsent (not part of the versioned /v1 API); authorizeOAuth (not part of the versioned /v1 API); authorizeOAuthByForm (not part of the versioned /v1 API); finishCliSignIn (not part of the versioned /v1 API); getAuthorizationServerMetadata (not part of the versioned /v1 API); getCliBundle (not part of the versioned /v1 API); getDashboardSession (not part of the versioned /v1 API); getHealth (not part of the versioned /v1 API); getInstallScript (not part of the versioned /v1 API); getMcpResourceMetadata (not part of the versioned /v1 API); getOAuthToken (not part of the versioned /v1 API); getOpenApiDocument (not part of the versioned /v1 API); getReadiness (not part of the versioned /v1 API); getResourceMetadata (not part of the versioned /v1 API); mcp (not part of the versioned /v1 API); mcpEndSession (not part of the versioned /v1 API); mcpStream (not part of the versioned /v1 API); openDashboard (not part of the versioned /v1 API); registerOAuthClient (not part of the versioned /v1 API); revokeOAuthToken (not part of the versioned /v1 API); showOAuthConsent (not part of the versioned /v1 API); signInWithApiKey (not part of the versioned /v1 API); signOut (not part of the versioned /v1 API); startCliSignIn (not part of the versioned /v1 API); startDashboardSignIn (not part of the versioned /v1 API); streamEvents (answers text/event-stream, not JSON).


class _Operations:
    """The generated operations. RelayClient (_client.py) supplies the two calls they make."""

    # One request with its retries, and a walk over cursor pages: declared here, defined by RelayClient.
    _send: Callable[..., Any]
    _paginate: Callable[[Callable[[str | None], Any]], Iterator[Any]]

    def acknowledge_issue(self, issue_id: str, *, idempotency_key: str | None = None, timeout: float | None = None) -> Issue:
        """Acknowledge an open issue (someone is on it); it still resolves by itself when deliveries succeed again (``POST /v1/issues/{issue_id}/acknowledge``)."""
        return self._send("POST", f"/v1/issues/{_quote(issue_id)}/acknowledge", query=None, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def activate_transformation(self, destination_id: str, body: ActivateTransformationRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> Destination:
        """Choose the version deliveries run from their next attempt on (null: none); the queue keeps its order (``POST /v1/destinations/{destination_id}/transformations/activate``)."""
        return self._send("POST", f"/v1/destinations/{_quote(destination_id)}/transformations/activate", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def add_provider_secret(self, endpoint_id: str, body: AddProviderSecretRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> ProviderSecret:
        """Add a provider secret (others stay active) (``POST /v1/endpoints/{endpoint_id}/secrets``)."""
        return self._send("POST", f"/v1/endpoints/{_quote(endpoint_id)}/secrets", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def cancel_bulk_retry(self, bulk_retry_id: str, *, idempotency_key: str | None = None, timeout: float | None = None) -> BulkRetry:
        """Cancel a queued or running bulk retry: no dead letter is queued after the answer (409 conflict once it finished) (``POST /v1/bulk-retries/{bulk_retry_id}/cancel``)."""
        return self._send("POST", f"/v1/bulk-retries/{_quote(bulk_retry_id)}/cancel", query=None, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_api_key(self, body: CreateApiKeyRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> CreatedApiKey:
        """Create an API key (the secret is shown once) (``POST /v1/api-keys``)."""
        return self._send("POST", "/v1/api-keys", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_destination(self, body: CreateDestinationRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> CreatedDestination:
        """Register a destination (its signing secret is shown once) (``POST /v1/destinations``)."""
        return self._send("POST", "/v1/destinations", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_endpoint(self, body: CreateEndpointRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> EndpointWithIngestUrl:
        """Create an endpoint and its ingest URL (``POST /v1/endpoints``)."""
        return self._send("POST", "/v1/endpoints", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_event_type(self, body: CreateEventTypeRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> EventType:
        """Add an event type of your own with a JSON Schema its events are checked against (an invalid schema: 400) (``POST /v1/event-types``)."""
        return self._send("POST", "/v1/event-types", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_notification_target(self, body: CreateNotificationTargetRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> CreatedNotificationTarget:
        """Register where notifications go: a webhook (signed with Standard Webhooks; its secret is shown once) or an email address (needs RELAY_SMTP_URL) (``POST /v1/notification-targets``)."""
        return self._send("POST", "/v1/notification-targets", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_subscription(self, body: CreateSubscriptionRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> Subscription:
        """Forward an endpoint's events (optionally only some states, event types, or those a filter matches) to a destination (``POST /v1/subscriptions``)."""
        return self._send("POST", "/v1/subscriptions", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_transformation(self, destination_id: str, body: CreateTransformationRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> Transformation:
        """Save a new version of the destination’s transformation (code that does not compile: 400); activate: true makes it the one deliveries run (``POST /v1/destinations/{destination_id}/transformations``)."""
        return self._send("POST", f"/v1/destinations/{_quote(destination_id)}/transformations", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def delete_destination(self, destination_id: str, *, timeout: float | None = None) -> None:
        """Delete a destination (pending deliveries are cancelled) (``DELETE /v1/destinations/{destination_id}``)."""
        return self._send("DELETE", f"/v1/destinations/{_quote(destination_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def delete_endpoint(self, endpoint_id: str, *, purge_events: Literal["true", "false"] | None = None, timeout: float | None = None) -> None:
        """Delete an endpoint (its URL stops answering; its events stay for the retention window, or go now with purge_events=true) (``DELETE /v1/endpoints/{endpoint_id}``)."""
        return self._send("DELETE", f"/v1/endpoints/{_quote(endpoint_id)}", query={"purge_events": purge_events}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def delete_event_type(self, event_type_id: str, *, timeout: float | None = None) -> None:
        """Delete an event type (its events keep their type; they are no longer checked) (``DELETE /v1/event-types/{event_type_id}``)."""
        return self._send("DELETE", f"/v1/event-types/{_quote(event_type_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def delete_notification_target(self, target_id: str, *, timeout: float | None = None) -> None:
        """Delete a notification target and its notifications (pending ones are not sent) (``DELETE /v1/notification-targets/{target_id}``)."""
        return self._send("DELETE", f"/v1/notification-targets/{_quote(target_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def delete_subscription(self, subscription_id: str, *, timeout: float | None = None) -> None:
        """Stop forwarding (deliveries already queued go on) (``DELETE /v1/subscriptions/{subscription_id}``)."""
        return self._send("DELETE", f"/v1/subscriptions/{_quote(subscription_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def delete_trigger(self, trigger_id: str, *, timeout: float | None = None) -> None:
        """Delete a trigger and its cursor (the next triggers.wait under its name starts afresh) (``DELETE /v1/triggers/{trigger_id}``)."""
        return self._send("DELETE", f"/v1/triggers/{_quote(trigger_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def dry_run_subscription_filter(self, body: SubscriptionFilterDryRunRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> SubscriptionFilterDryRunResult:
        """Evaluate a filter against the endpoint's last events (newest first) before saving it; changes nothing (``POST /v1/subscriptions/dry-run``)."""
        return self._send("POST", "/v1/subscriptions/dry-run", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def get_bulk_retry(self, bulk_retry_id: str, *, timeout: float | None = None) -> BulkRetry:
        """Get a bulk retry: its state and progress (retried of total) (``GET /v1/bulk-retries/{bulk_retry_id}``)."""
        return self._send("GET", f"/v1/bulk-retries/{_quote(bulk_retry_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_delivery(self, delivery_id: str, *, timeout: float | None = None) -> DeliveryDetail:
        """Get a delivery with its attempts (``GET /v1/deliveries/{delivery_id}``)."""
        return self._send("GET", f"/v1/deliveries/{_quote(delivery_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_destination(self, destination_id: str, *, timeout: float | None = None) -> Destination:
        """Get a destination (``GET /v1/destinations/{destination_id}``)."""
        return self._send("GET", f"/v1/destinations/{_quote(destination_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_destination_health(self, destination_id: str, *, window: Literal["1h", "24h", "7d"] | None = None, bucket: Literal["5m", "1h", "1d"] | None = None, timeout: float | None = None) -> DestinationHealth:
        """Deliveries and attempts over a recent window: success rate, latency, the last failure, the queue now, attempts per bucket (docs/health.md) (``GET /v1/destinations/{destination_id}/health``)."""
        return self._send("GET", f"/v1/destinations/{_quote(destination_id)}/health", query={"window": window, "bucket": bucket}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_endpoint(self, endpoint_id: str, *, timeout: float | None = None) -> Endpoint:
        """Get an endpoint (``GET /v1/endpoints/{endpoint_id}``)."""
        return self._send("GET", f"/v1/endpoints/{_quote(endpoint_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_endpoint_volume(self, endpoint_id: str, *, window: Literal["1h", "24h", "7d"] | None = None, bucket: Literal["5m", "1h", "1d"] | None = None, timeout: float | None = None) -> EndpointVolume:
        """Events the endpoint captured per bucket over a recent window, by verification state (docs/health.md) (``GET /v1/endpoints/{endpoint_id}/volume``)."""
        return self._send("GET", f"/v1/endpoints/{_quote(endpoint_id)}/volume", query={"window": window, "bucket": bucket}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_event(self, event_id: str, *, timeout: float | None = None) -> EventDetail:
        """Get an event with its headers, body and verification (``GET /v1/events/{event_id}``)."""
        return self._send("GET", f"/v1/events/{_quote(event_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_event_type(self, event_type_id: str, *, timeout: float | None = None) -> EventType:
        """Get an event type and its schema (``GET /v1/event-types/{event_type_id}``)."""
        return self._send("GET", f"/v1/event-types/{_quote(event_type_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_ingest_url(self, endpoint_id: str, *, timeout: float | None = None) -> IngestUrl:
        """Read the ingest URL again (``GET /v1/endpoints/{endpoint_id}/ingest-url``)."""
        return self._send("GET", f"/v1/endpoints/{_quote(endpoint_id)}/ingest-url", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_issue(self, issue_id: str, *, timeout: float | None = None) -> Issue:
        """Get an issue (``GET /v1/issues/{issue_id}``)."""
        return self._send("GET", f"/v1/issues/{_quote(issue_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_notification_target(self, target_id: str, *, timeout: float | None = None) -> NotificationTarget:
        """Get a notification target (``GET /v1/notification-targets/{target_id}``)."""
        return self._send("GET", f"/v1/notification-targets/{_quote(target_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def get_usage(self, *, timeout: float | None = None) -> Usage:
        """The plan, its allowance and this period's captured events (``GET /v1/usage``)."""
        return self._send("GET", "/v1/usage", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_agents(self, *, limit: int | None = None, cursor: str | None = None, timeout: float | None = None) -> ListAgentsAnswer:
        """List the agents authorized on the MCP server (OAuth grants in force), newest first (``GET /v1/agents``)."""
        return self._send("GET", "/v1/agents", query={"limit": limit, "cursor": cursor}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_agents_all(self, *, limit: int | None = None, timeout: float | None = None) -> Iterator[Agent]:
        """Every item of ``list_agents``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_agents(limit=limit, cursor=cursor, timeout=timeout))

    def list_api_keys(self, *, limit: int | None = None, cursor: str | None = None, timeout: float | None = None) -> ListApiKeysAnswer:
        """List API keys, masked (``GET /v1/api-keys``)."""
        return self._send("GET", "/v1/api-keys", query={"limit": limit, "cursor": cursor}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_api_keys_all(self, *, limit: int | None = None, timeout: float | None = None) -> Iterator[ApiKey]:
        """Every item of ``list_api_keys``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_api_keys(limit=limit, cursor=cursor, timeout=timeout))

    def list_audit_entries(self, *, limit: int | None = None, cursor: str | None = None, timeout: float | None = None) -> ListAuditEntriesAnswer:
        """List audit entries, newest first (``GET /v1/audit``)."""
        return self._send("GET", "/v1/audit", query={"limit": limit, "cursor": cursor}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_audit_entries_all(self, *, limit: int | None = None, timeout: float | None = None) -> Iterator[AuditEntry]:
        """Every item of ``list_audit_entries``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_audit_entries(limit=limit, cursor=cursor, timeout=timeout))

    def list_bulk_retries(self, *, limit: int | None = None, cursor: str | None = None, destination_id: str | None = None, timeout: float | None = None) -> ListBulkRetriesAnswer:
        """List bulk retries, newest first, with their progress (``GET /v1/bulk-retries``)."""
        return self._send("GET", "/v1/bulk-retries", query={"limit": limit, "cursor": cursor, "destination_id": destination_id}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_bulk_retries_all(self, *, limit: int | None = None, destination_id: str | None = None, timeout: float | None = None) -> Iterator[BulkRetry]:
        """Every item of ``list_bulk_retries``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_bulk_retries(limit=limit, cursor=cursor, destination_id=destination_id, timeout=timeout))

    def list_deliveries(self, *, limit: int | None = None, cursor: str | None = None, state: DeliveryState | None = None, destination_id: str | None = None, event_id: str | None = None, timeout: float | None = None) -> ListDeliveriesAnswer:
        """List deliveries, newest first; state=dead_lettered lists the dead letters, state=filtered those a subscription filter turned away (``GET /v1/deliveries``)."""
        return self._send("GET", "/v1/deliveries", query={"limit": limit, "cursor": cursor, "state": state, "destination_id": destination_id, "event_id": event_id}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_deliveries_all(self, *, limit: int | None = None, state: DeliveryState | None = None, destination_id: str | None = None, event_id: str | None = None, timeout: float | None = None) -> Iterator[Delivery]:
        """Every item of ``list_deliveries``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_deliveries(limit=limit, cursor=cursor, state=state, destination_id=destination_id, event_id=event_id, timeout=timeout))

    def list_destinations(self, *, limit: int | None = None, cursor: str | None = None, timeout: float | None = None) -> ListDestinationsAnswer:
        """List destinations, newest first (``GET /v1/destinations``)."""
        return self._send("GET", "/v1/destinations", query={"limit": limit, "cursor": cursor}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_destinations_all(self, *, limit: int | None = None, timeout: float | None = None) -> Iterator[Destination]:
        """Every item of ``list_destinations``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_destinations(limit=limit, cursor=cursor, timeout=timeout))

    def list_endpoint_event_types(self, endpoint_id: str, *, timeout: float | None = None) -> EndpointEventTypeList:
        """The event types an endpoint's events carry: how many of each, first and last seen (docs/event-types.md) (``GET /v1/endpoints/{endpoint_id}/event-types``)."""
        return self._send("GET", f"/v1/endpoints/{_quote(endpoint_id)}/event-types", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_endpoints(self, *, limit: int | None = None, cursor: str | None = None, timeout: float | None = None) -> ListEndpointsAnswer:
        """List endpoints, newest first (``GET /v1/endpoints``)."""
        return self._send("GET", "/v1/endpoints", query={"limit": limit, "cursor": cursor}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_endpoints_all(self, *, limit: int | None = None, timeout: float | None = None) -> Iterator[Endpoint]:
        """Every item of ``list_endpoints``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_endpoints(limit=limit, cursor=cursor, timeout=timeout))

    def list_events(self, *, limit: int | None = None, cursor: str | None = None, endpoint_id: str | None = None, state: Literal["verified", "authenticated", "failed", "unattempted", "pending"] | None = None, provider: str | None = None, event_type: str | None = None, from_: str | None = None, to: str | None = None, schema_valid: Literal["true", "false"] | None = None, timeout: float | None = None) -> ListEventsAnswer:
        """List captured events, newest first (``GET /v1/events``)."""
        return self._send("GET", "/v1/events", query={"limit": limit, "cursor": cursor, "endpoint_id": endpoint_id, "state": state, "provider": provider, "event_type": event_type, "from": from_, "to": to, "schema_valid": schema_valid}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_events_all(self, *, limit: int | None = None, endpoint_id: str | None = None, state: Literal["verified", "authenticated", "failed", "unattempted", "pending"] | None = None, provider: str | None = None, event_type: str | None = None, from_: str | None = None, to: str | None = None, schema_valid: Literal["true", "false"] | None = None, timeout: float | None = None) -> Iterator[EventSummary]:
        """Every item of ``list_events``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_events(limit=limit, cursor=cursor, endpoint_id=endpoint_id, state=state, provider=provider, event_type=event_type, from_=from_, to=to, schema_valid=schema_valid, timeout=timeout))

    def list_event_types(self, *, limit: int | None = None, cursor: str | None = None, timeout: float | None = None) -> ListEventTypesAnswer:
        """List your event types, newest first (``GET /v1/event-types``)."""
        return self._send("GET", "/v1/event-types", query={"limit": limit, "cursor": cursor}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_event_types_all(self, *, limit: int | None = None, timeout: float | None = None) -> Iterator[EventType]:
        """Every item of ``list_event_types``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_event_types(limit=limit, cursor=cursor, timeout=timeout))

    def list_issues(self, *, limit: int | None = None, cursor: str | None = None, state: Literal["open", "acknowledged", "resolved", "unresolved"] | None = None, destination_id: str | None = None, endpoint_id: str | None = None, kind: str | None = None, timeout: float | None = None) -> ListIssuesAnswer:
        """Failures grouped per destination (or endpoint) and kind, newest first: one issue per outage, not one per attempt (``GET /v1/issues``)."""
        return self._send("GET", "/v1/issues", query={"limit": limit, "cursor": cursor, "state": state, "destination_id": destination_id, "endpoint_id": endpoint_id, "kind": kind}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_issues_all(self, *, limit: int | None = None, state: Literal["open", "acknowledged", "resolved", "unresolved"] | None = None, destination_id: str | None = None, endpoint_id: str | None = None, kind: str | None = None, timeout: float | None = None) -> Iterator[Issue]:
        """Every item of ``list_issues``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_issues(limit=limit, cursor=cursor, state=state, destination_id=destination_id, endpoint_id=endpoint_id, kind=kind, timeout=timeout))

    def list_notifications(self, *, limit: int | None = None, cursor: str | None = None, target_id: str | None = None, state: Literal["pending", "sent", "failed"] | None = None, timeout: float | None = None) -> ListNotificationsAnswer:
        """Notifications sent or still being sent, newest first, one per target: state, attempts, the last error (``GET /v1/notifications``)."""
        return self._send("GET", "/v1/notifications", query={"limit": limit, "cursor": cursor, "target_id": target_id, "state": state}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_notifications_all(self, *, limit: int | None = None, target_id: str | None = None, state: Literal["pending", "sent", "failed"] | None = None, timeout: float | None = None) -> Iterator[Notification]:
        """Every item of ``list_notifications``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_notifications(limit=limit, cursor=cursor, target_id=target_id, state=state, timeout=timeout))

    def list_notification_targets(self, *, limit: int | None = None, cursor: str | None = None, timeout: float | None = None) -> ListNotificationTargetsAnswer:
        """List notification targets, newest first (``GET /v1/notification-targets``)."""
        return self._send("GET", "/v1/notification-targets", query={"limit": limit, "cursor": cursor}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_notification_targets_all(self, *, limit: int | None = None, timeout: float | None = None) -> Iterator[NotificationTarget]:
        """Every item of ``list_notification_targets``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_notification_targets(limit=limit, cursor=cursor, timeout=timeout))

    def list_provider_secrets(self, endpoint_id: str, *, timeout: float | None = None) -> ListProviderSecretsAnswer:
        """List provider secrets, masked (``GET /v1/endpoints/{endpoint_id}/secrets``)."""
        return self._send("GET", f"/v1/endpoints/{_quote(endpoint_id)}/secrets", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_subscriptions(self, *, limit: int | None = None, cursor: str | None = None, endpoint_id: str | None = None, destination_id: str | None = None, timeout: float | None = None) -> ListSubscriptionsAnswer:
        """List subscriptions, newest first (``GET /v1/subscriptions``)."""
        return self._send("GET", "/v1/subscriptions", query={"limit": limit, "cursor": cursor, "endpoint_id": endpoint_id, "destination_id": destination_id}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_subscriptions_all(self, *, limit: int | None = None, endpoint_id: str | None = None, destination_id: str | None = None, timeout: float | None = None) -> Iterator[Subscription]:
        """Every item of ``list_subscriptions``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_subscriptions(limit=limit, cursor=cursor, endpoint_id=endpoint_id, destination_id=destination_id, timeout=timeout))

    def list_transformations(self, destination_id: str, *, timeout: float | None = None) -> TransformationList:
        """The versions of the destination’s transformation, newest first, and which one is active (``GET /v1/destinations/{destination_id}/transformations``)."""
        return self._send("GET", f"/v1/destinations/{_quote(destination_id)}/transformations", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_triggers(self, *, limit: int | None = None, cursor: str | None = None, endpoint_id: str | None = None, timeout: float | None = None) -> ListTriggersAnswer:
        """List triggers (agents’ positions in endpoints’ events), newest first (``GET /v1/triggers``)."""
        return self._send("GET", "/v1/triggers", query={"limit": limit, "cursor": cursor, "endpoint_id": endpoint_id}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_triggers_all(self, *, limit: int | None = None, endpoint_id: str | None = None, timeout: float | None = None) -> Iterator[Trigger]:
        """Every item of ``list_triggers``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_triggers(limit=limit, cursor=cursor, endpoint_id=endpoint_id, timeout=timeout))

    def pause_destination(self, destination_id: str, *, body: PauseDestinationRequest | None = None, idempotency_key: str | None = None, timeout: float | None = None) -> Destination:
        """Pause a destination: events still join its queue, which holds in order (nothing sent, nothing dead-lettered) until it is resumed (``POST /v1/destinations/{destination_id}/pause``)."""
        return self._send("POST", f"/v1/destinations/{_quote(destination_id)}/pause", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def preview_bulk_retry(self, body: BulkRetrySelection, *, idempotency_key: str | None = None, timeout: float | None = None) -> BulkRetryPreview:
        """How many of a destination's dead letters (and distinct events) a bulk retry of this selection would send again; changes nothing (``POST /v1/bulk-retries/preview``)."""
        return self._send("POST", "/v1/bulk-retries/preview", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def remove_provider_secret(self, endpoint_id: str, secret_id: str, *, timeout: float | None = None) -> None:
        """Remove a provider secret at once (``DELETE /v1/endpoints/{endpoint_id}/secrets/{secret_id}``)."""
        return self._send("DELETE", f"/v1/endpoints/{_quote(endpoint_id)}/secrets/{_quote(secret_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def replay(self, body: ReplayRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> ReplayResult:
        """Send events again to a registered destination: by event, by dead letter, or by time range (new deliveries, in capture order) (``POST /v1/replays``)."""
        return self._send("POST", "/v1/replays", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def resolve_issue(self, issue_id: str, *, idempotency_key: str | None = None, timeout: float | None = None) -> Issue:
        """Resolve an issue by hand; the next failure of its kind opens a new one (``POST /v1/issues/{issue_id}/resolve``)."""
        return self._send("POST", f"/v1/issues/{_quote(issue_id)}/resolve", query=None, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def resume_destination(self, destination_id: str, *, idempotency_key: str | None = None, timeout: float | None = None) -> Destination:
        """Resume a paused or turned-off destination: its breaker closes and its queue is sent in order from the head, at once (``POST /v1/destinations/{destination_id}/resume``)."""
        return self._send("POST", f"/v1/destinations/{_quote(destination_id)}/resume", query=None, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def revoke_agent(self, agent_id: str, *, timeout: float | None = None) -> None:
        """Revoke an agent: its access and refresh tokens stop working at once (``DELETE /v1/agents/{agent_id}``)."""
        return self._send("DELETE", f"/v1/agents/{_quote(agent_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def revoke_api_key(self, key_id: str, *, timeout: float | None = None) -> None:
        """Revoke an API key for good (``DELETE /v1/api-keys/{key_id}``)."""
        return self._send("DELETE", f"/v1/api-keys/{_quote(key_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def revoke_destination_secret(self, destination_id: str, secret_id: str, *, timeout: float | None = None) -> None:
        """Stop signing with a secret at once (``DELETE /v1/destinations/{destination_id}/secrets/{secret_id}``)."""
        return self._send("DELETE", f"/v1/destinations/{_quote(destination_id)}/secrets/{_quote(secret_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def rotate_destination_secret(self, destination_id: str, *, body: RotateDestinationSecretRequest | None = None, idempotency_key: str | None = None, timeout: float | None = None) -> RotatedDestinationSecret:
        """Add a signing secret and retire the active ones after a grace period (both sign until then); without a body, the secret is generated and the grace period is one day (``POST /v1/destinations/{destination_id}/secrets/rotate``)."""
        return self._send("POST", f"/v1/destinations/{_quote(destination_id)}/secrets/rotate", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def rotate_ingest_url(self, endpoint_id: str, *, idempotency_key: str | None = None, timeout: float | None = None) -> IngestUrl:
        """Rotate the ingest token in place (the old URL answers 404) (``POST /v1/endpoints/{endpoint_id}/ingest-url/rotate``)."""
        return self._send("POST", f"/v1/endpoints/{_quote(endpoint_id)}/ingest-url/rotate", query=None, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def rotate_provider_secrets(self, endpoint_id: str, body: RotateProviderSecretRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> RotatedProviderSecrets:
        """Add a secret and retire the active ones after a grace period (``POST /v1/endpoints/{endpoint_id}/secrets/rotate``)."""
        return self._send("POST", f"/v1/endpoints/{_quote(endpoint_id)}/secrets/rotate", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def start_bulk_retry(self, body: BulkRetrySelection, *, idempotency_key: str | None = None, timeout: float | None = None) -> BulkRetry:
        """Start a durable job that sends a destination's selected dead letters again, in their order, as new deliveries (docs/bulk-retry.md) (``POST /v1/bulk-retries``)."""
        return self._send("POST", "/v1/bulk-retries", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def test_notification_target(self, target_id: str, *, idempotency_key: str | None = None, timeout: float | None = None) -> Notification:
        """Send a notification.test notification to this target only (whatever its types); answers the queued notification (``POST /v1/notification-targets/{target_id}/test``)."""
        return self._send("POST", f"/v1/notification-targets/{_quote(target_id)}/test", query=None, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def test_transformation(self, destination_id: str, body: TestTransformationRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> TransformationTestResult:
        """Run code (or a saved version) on a captured event in the sandbox and show the request it makes and its logs; sends and saves nothing (``POST /v1/destinations/{destination_id}/transformations/test``)."""
        return self._send("POST", f"/v1/destinations/{_quote(destination_id)}/transformations/test", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def update_destination(self, destination_id: str, body: UpdateDestinationRequest, *, timeout: float | None = None) -> Destination:
        """Change a destination; enabling it again resumes its queue (``PATCH /v1/destinations/{destination_id}``)."""
        return self._send("PATCH", f"/v1/destinations/{_quote(destination_id)}", query=None, body=body, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def update_endpoint(self, endpoint_id: str, body: UpdateEndpointRequest, *, timeout: float | None = None) -> Endpoint:
        """Rename an endpoint or change its provider (``PATCH /v1/endpoints/{endpoint_id}``)."""
        return self._send("PATCH", f"/v1/endpoints/{_quote(endpoint_id)}", query=None, body=body, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def update_event_type(self, event_type_id: str, body: UpdateEventTypeRequest, *, timeout: float | None = None) -> EventType:
        """Change the schema or the description of an event type (``PATCH /v1/event-types/{event_type_id}``)."""
        return self._send("PATCH", f"/v1/event-types/{_quote(event_type_id)}", query=None, body=body, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def update_notification_target(self, target_id: str, body: UpdateNotificationTargetRequest, *, timeout: float | None = None) -> NotificationTarget:
        """Change the types, the address or url, the description, or turn a target off and on (``PATCH /v1/notification-targets/{target_id}``)."""
        return self._send("PATCH", f"/v1/notification-targets/{_quote(target_id)}", query=None, body=body, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def update_subscription(self, subscription_id: str, body: UpdateSubscriptionRequest, *, timeout: float | None = None) -> Subscription:
        """Set or remove (null) the filter; events fanned out from then on are judged by the new one (``PATCH /v1/subscriptions/{subscription_id}``)."""
        return self._send("PATCH", f"/v1/subscriptions/{_quote(subscription_id)}", query=None, body=body, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def verify_audit_chain(self, *, idempotency_key: str | None = None, timeout: float | None = None) -> AuditVerification:
        """Walk the hash chain, name the first broken link, and check that it ends at the anchored head (newest entries deleted) (``POST /v1/audit/verify``)."""
        return self._send("POST", "/v1/audit/verify", query=None, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def wait_for_trigger(self, body: TriggerWaitRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> TriggerWaitResult:
        """Register (or reuse) a trigger on an endpoint and return the events captured since its cursor, in capture order, at least once; `ack` moves the cursor (the MCP tool triggers.wait) (``POST /v1/triggers/wait``)."""
        return self._send("POST", "/v1/triggers/wait", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]
