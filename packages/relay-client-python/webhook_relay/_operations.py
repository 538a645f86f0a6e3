# Generated from packages/relay-client-generator/openapi.json by `pnpm clients:generate`. Do not edit by hand.
"""One method per operation of the webhook-relay API (1.0.0)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Literal, TypeVar
from urllib.parse import quote

from ._types import AddProviderSecretRequest, AdminTenant, Agent, ApiKey, AuditAnchorMismatch, AuditEntry, AuditEntryTarget, AuditVerification, AuditVerificationFirstBroken, CreateApiKeyRequest, CreateDestinationRequest, CreateEndpointRequest, CreateSubscriptionRequest, CreateTenantRequest, CreatedApiKey, CreatedDestination, CreatedTenant, CreatedTenantApiKey, DashboardSession, DashboardSessionSignInProvidersItem, DashboardSignIn, Delivery, DeliveryAttempt, DeliveryDetail, DeliveryState, Destination, DestinationHealth, DestinationHealthAttempts, DestinationHealthBacklog, DestinationHealthBucket, DestinationHealthDeliveries, DestinationHealthLastFailure, DestinationHealthLatencyMs, DestinationSecret, Endpoint, EndpointDedup, EndpointVolume, EndpointVolumeBucket, EndpointVolumeTotals, EndpointWithIngestUrl, EndpointWithIngestUrlDedup, EventDetail, EventDetailBody, EventDetailVerification, EventSummary, EventSummaryVerification, IngestUrl, ListAgentsAnswer, ListApiKeysAnswer, ListAuditEntriesAnswer, ListDeliveriesAnswer, ListDestinationsAnswer, ListEndpointsAnswer, ListEventsAnswer, ListProviderSecretsAnswer, ListSubscriptionsAnswer, ListTriggersAnswer, OAuthError, ProviderSecret, RelayError, RelayErrorError, RelayHealth, ReplayRequest, ReplayResult, RotateDestinationSecretRequest, RotateProviderSecretRequest, RotatedDestinationSecret, RotatedProviderSecrets, Subscription, Trigger, TriggerEvent, TriggerEventVerification, TriggerWaitRequest, TriggerWaitResult, UpdateDestinationRequest, UpdateEndpointRequest, UpdateTenantRequest, Usage, UsageEventsPerDayItem, UsagePlan, VerificationState  # noqa: F401

_Item = TypeVar('_Item')


def _quote(segment: str) -> str:
    return quote(segment, safe="")


# Not offered (not JSON over an API key): adminCreateTenant (not part of the versioned /v1 API); adminDeleteTenant (not part of the versioned /v1 API); adminGetTenant (not part of the versioned /v1 API); adminListTenantApiKeys (not part of the versioned /v1 API); adminListTenants (not part of the versioned /v1 API); adminRevokeTenantApiKey (not part of the versioned /v1 API); adminUpdateTenant (not part of the versioned /v1 API); answerOAuthConsent (not part of the versioned /v1 API); authorizeOAuth (not part of the versioned /v1 API); authorizeOAuthByForm (not part of the versioned /v1 API); finishCliSignIn (not part of the versioned /v1 API); getAuthorizationServerMetadata (not part of the versioned /v1 API); getCliBundle (not part of the versioned /v1 API); getDashboardSession (not part of the versioned /v1 API); getHealth (not part of the versioned /v1 API); getInstallScript (not part of the versioned /v1 API); getMcpResourceMetadata (not part of the versioned /v1 API); getOAuthToken (not part of the versioned /v1 API); getOpenApiDocument (not part of the versioned /v1 API); getReadiness (not part of the versioned /v1 API); getResourceMetadata (not part of the versioned /v1 API); mcp (not part of the versioned /v1 API); mcpEndSession (not part of the versioned /v1 API); mcpStream (not part of the versioned /v1 API); openDashboard (not part of the versioned /v1 API); registerOAuthClient (not part of the versioned /v1 API); revokeOAuthToken (not part of the versioned /v1 API); showOAuthConsent (not part of the versioned /v1 API); signInWithApiKey (not part of the versioned /v1 API); signOut (not part of the versioned /v1 API); startCliSignIn (not part of the versioned /v1 API); startDashboardSignIn (not part of the versioned /v1 API); streamEvents (answers text/event-stream, not JSON).


class _Operations:
    """The generated operations. RelayClient (_client.py) supplies the two calls they make."""

    # One request with its retries, and a walk over cursor pages: declared here, defined by RelayClient.
    _send: Callable[..., Any]
    _paginate: Callable[[Callable[[str | None], Any]], Iterator[Any]]

    def add_provider_secret(self, endpoint_id: str, body: AddProviderSecretRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> ProviderSecret:
        """Add a provider secret (others stay active) (``POST /v1/endpoints/{endpoint_id}/secrets``)."""
        return self._send("POST", f"/v1/endpoints/{_quote(endpoint_id)}/secrets", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_api_key(self, body: CreateApiKeyRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> CreatedApiKey:
        """Create an API key (the secret is shown once) (``POST /v1/api-keys``)."""
        return self._send("POST", "/v1/api-keys", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_destination(self, body: CreateDestinationRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> CreatedDestination:
        """Register a destination (its signing secret is shown once) (``POST /v1/destinations``)."""
        return self._send("POST", "/v1/destinations", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_endpoint(self, body: CreateEndpointRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> EndpointWithIngestUrl:
        """Create an endpoint and its ingest URL (``POST /v1/endpoints``)."""
        return self._send("POST", "/v1/endpoints", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def create_subscription(self, body: CreateSubscriptionRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> Subscription:
        """Forward an endpoint's events (optionally only some states or event types) to a destination (``POST /v1/subscriptions``)."""
        return self._send("POST", "/v1/subscriptions", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def delete_destination(self, destination_id: str, *, timeout: float | None = None) -> None:
        """Delete a destination (pending deliveries are cancelled) (``DELETE /v1/destinations/{destination_id}``)."""
        return self._send("DELETE", f"/v1/destinations/{_quote(destination_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def delete_endpoint(self, endpoint_id: str, *, purge_events: Literal["true", "false"] | None = None, timeout: float | None = None) -> None:
        """Delete an endpoint (its URL stops answering; its events stay for the retention window, or go now with purge_events=true) (``DELETE /v1/endpoints/{endpoint_id}``)."""
        return self._send("DELETE", f"/v1/endpoints/{_quote(endpoint_id)}", query={"purge_events": purge_events}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def delete_subscription(self, subscription_id: str, *, timeout: float | None = None) -> None:
        """Stop forwarding (deliveries already queued go on) (``DELETE /v1/subscriptions/{subscription_id}``)."""
        return self._send("DELETE", f"/v1/subscriptions/{_quote(subscription_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def delete_trigger(self, trigger_id: str, *, timeout: float | None = None) -> None:
        """Delete a trigger and its cursor (the next triggers.wait under its name starts afresh) (``DELETE /v1/triggers/{trigger_id}``)."""
        return self._send("DELETE", f"/v1/triggers/{_quote(trigger_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

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

    def get_ingest_url(self, endpoint_id: str, *, timeout: float | None = None) -> IngestUrl:
        """Read the ingest URL again (``GET /v1/endpoints/{endpoint_id}/ingest-url``)."""
        return self._send("GET", f"/v1/endpoints/{_quote(endpoint_id)}/ingest-url", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

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

    def list_deliveries(self, *, limit: int | None = None, cursor: str | None = None, state: DeliveryState | None = None, destination_id: str | None = None, event_id: str | None = None, timeout: float | None = None) -> ListDeliveriesAnswer:
        """List deliveries, newest first; state=dead_lettered lists the dead letters (``GET /v1/deliveries``)."""
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

    def list_endpoints(self, *, limit: int | None = None, cursor: str | None = None, timeout: float | None = None) -> ListEndpointsAnswer:
        """List endpoints, newest first (``GET /v1/endpoints``)."""
        return self._send("GET", "/v1/endpoints", query={"limit": limit, "cursor": cursor}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_endpoints_all(self, *, limit: int | None = None, timeout: float | None = None) -> Iterator[Endpoint]:
        """Every item of ``list_endpoints``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_endpoints(limit=limit, cursor=cursor, timeout=timeout))

    def list_events(self, *, limit: int | None = None, cursor: str | None = None, endpoint_id: str | None = None, state: Literal["verified", "authenticated", "failed", "unattempted", "pending"] | None = None, provider: str | None = None, from_: str | None = None, to: str | None = None, timeout: float | None = None) -> ListEventsAnswer:
        """List captured events, newest first (``GET /v1/events``)."""
        return self._send("GET", "/v1/events", query={"limit": limit, "cursor": cursor, "endpoint_id": endpoint_id, "state": state, "provider": provider, "from": from_, "to": to}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_events_all(self, *, limit: int | None = None, endpoint_id: str | None = None, state: Literal["verified", "authenticated", "failed", "unattempted", "pending"] | None = None, provider: str | None = None, from_: str | None = None, to: str | None = None, timeout: float | None = None) -> Iterator[EventSummary]:
        """Every item of ``list_events``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_events(limit=limit, cursor=cursor, endpoint_id=endpoint_id, state=state, provider=provider, from_=from_, to=to, timeout=timeout))

    def list_provider_secrets(self, endpoint_id: str, *, timeout: float | None = None) -> ListProviderSecretsAnswer:
        """List provider secrets, masked (``GET /v1/endpoints/{endpoint_id}/secrets``)."""
        return self._send("GET", f"/v1/endpoints/{_quote(endpoint_id)}/secrets", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_subscriptions(self, *, limit: int | None = None, cursor: str | None = None, endpoint_id: str | None = None, destination_id: str | None = None, timeout: float | None = None) -> ListSubscriptionsAnswer:
        """List subscriptions, newest first (``GET /v1/subscriptions``)."""
        return self._send("GET", "/v1/subscriptions", query={"limit": limit, "cursor": cursor, "endpoint_id": endpoint_id, "destination_id": destination_id}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_subscriptions_all(self, *, limit: int | None = None, endpoint_id: str | None = None, destination_id: str | None = None, timeout: float | None = None) -> Iterator[Subscription]:
        """Every item of ``list_subscriptions``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_subscriptions(limit=limit, cursor=cursor, endpoint_id=endpoint_id, destination_id=destination_id, timeout=timeout))

    def list_triggers(self, *, limit: int | None = None, cursor: str | None = None, endpoint_id: str | None = None, timeout: float | None = None) -> ListTriggersAnswer:
        """List triggers (agents’ positions in endpoints’ events), newest first (``GET /v1/triggers``)."""
        return self._send("GET", "/v1/triggers", query={"limit": limit, "cursor": cursor, "endpoint_id": endpoint_id}, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def list_triggers_all(self, *, limit: int | None = None, endpoint_id: str | None = None, timeout: float | None = None) -> Iterator[Trigger]:
        """Every item of ``list_triggers``, page after page (follows ``next_cursor``)."""
        return self._paginate(lambda cursor: self.list_triggers(limit=limit, cursor=cursor, endpoint_id=endpoint_id, timeout=timeout))

    def remove_provider_secret(self, endpoint_id: str, secret_id: str, *, timeout: float | None = None) -> None:
        """Remove a provider secret at once (``DELETE /v1/endpoints/{endpoint_id}/secrets/{secret_id}``)."""
        return self._send("DELETE", f"/v1/endpoints/{_quote(endpoint_id)}/secrets/{_quote(secret_id)}", query=None, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def replay(self, body: ReplayRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> ReplayResult:
        """Send events again to a registered destination: by event, by dead letter, or by time range (new deliveries, in capture order) (``POST /v1/replays``)."""
        return self._send("POST", "/v1/replays", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

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

    def update_destination(self, destination_id: str, body: UpdateDestinationRequest, *, timeout: float | None = None) -> Destination:
        """Change a destination; enabling it again resumes its queue (``PATCH /v1/destinations/{destination_id}``)."""
        return self._send("PATCH", f"/v1/destinations/{_quote(destination_id)}", query=None, body=body, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def update_endpoint(self, endpoint_id: str, body: UpdateEndpointRequest, *, timeout: float | None = None) -> Endpoint:
        """Rename an endpoint or change its provider (``PATCH /v1/endpoints/{endpoint_id}``)."""
        return self._send("PATCH", f"/v1/endpoints/{_quote(endpoint_id)}", query=None, body=body, idempotent=False, timeout=timeout)  # type: ignore[no-any-return]

    def verify_audit_chain(self, *, idempotency_key: str | None = None, timeout: float | None = None) -> AuditVerification:
        """Walk the hash chain, name the first broken link, and check that it ends at the anchored head (newest entries deleted) (``POST /v1/audit/verify``)."""
        return self._send("POST", "/v1/audit/verify", query=None, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]

    def wait_for_trigger(self, body: TriggerWaitRequest, *, idempotency_key: str | None = None, timeout: float | None = None) -> TriggerWaitResult:
        """Register (or reuse) a trigger on an endpoint and return the events captured since its cursor, in capture order, at least once; `ack` moves the cursor (the MCP tool triggers.wait) (``POST /v1/triggers/wait``)."""
        return self._send("POST", "/v1/triggers/wait", query=None, body=body, idempotent=True, idempotency_key=idempotency_key, timeout=timeout)  # type: ignore[no-any-return]
