// Generated from packages/relay-client-generator/openapi.json by `pnpm clients:generate`. Do not edit by hand.

package webhookrelay

import (
	"context"
	"fmt"
	"net/url"
)

// Not offered (not JSON over an API key): adminCreateTenant (not part of the versioned /v1 API); adminDeleteTenant (not part of the versioned /v1 API); adminGetTenant (not part of the versioned /v1 API); adminListTenantApiKeys (not part of the versioned /v1 API); adminListTenants (not part of the versioned /v1 API); adminRevokeTenantApiKey (not part of the versioned /v1 API); adminUpdateTenant (not part of the versioned /v1 API); answerOAuthConsent (not part of the versioned /v1 API); authorizeOAuth (not part of the versioned /v1 API); authorizeOAuthByForm (not part of the versioned /v1 API); finishCliSignIn (not part of the versioned /v1 API); getAuthorizationServerMetadata (not part of the versioned /v1 API); getCliBundle (not part of the versioned /v1 API); getDashboardSession (not part of the versioned /v1 API); getHealth (not part of the versioned /v1 API); getInstallScript (not part of the versioned /v1 API); getMcpResourceMetadata (not part of the versioned /v1 API); getOAuthToken (not part of the versioned /v1 API); getOpenApiDocument (not part of the versioned /v1 API); getReadiness (not part of the versioned /v1 API); getResourceMetadata (not part of the versioned /v1 API); mcp (not part of the versioned /v1 API); mcpEndSession (not part of the versioned /v1 API); mcpStream (not part of the versioned /v1 API); openDashboard (not part of the versioned /v1 API); registerOAuthClient (not part of the versioned /v1 API); revokeOAuthToken (not part of the versioned /v1 API); showOAuthConsent (not part of the versioned /v1 API); signInWithApiKey (not part of the versioned /v1 API); signOut (not part of the versioned /v1 API); startCliSignIn (not part of the versioned /v1 API); startDashboardSignIn (not part of the versioned /v1 API); streamEvents (answers text/event-stream, not JSON).

// AcknowledgeIssue: Acknowledge an open issue (someone is on it); it still resolves by itself when deliveries succeed again (POST /v1/issues/{issue_id}/acknowledge).
func (c *Client) AcknowledgeIssue(ctx context.Context, issueID string, opts ...RequestOption) (*Issue, error) {
	var answer Issue
	if err := c.do(ctx, request{method: "POST", path: "/v1/issues/" + url.PathEscape(issueID) + "/acknowledge", idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ActivateTransformation: Choose the version deliveries run from their next attempt on (null: none); the queue keeps its order (POST /v1/destinations/{destination_id}/transformations/activate).
func (c *Client) ActivateTransformation(ctx context.Context, destinationID string, body ActivateTransformationRequest, opts ...RequestOption) (*Destination, error) {
	var answer Destination
	if err := c.do(ctx, request{method: "POST", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/transformations/activate", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// AddProviderSecret: Add a provider secret (others stay active) (POST /v1/endpoints/{endpoint_id}/secrets).
func (c *Client) AddProviderSecret(ctx context.Context, endpointID string, body AddProviderSecretRequest, opts ...RequestOption) (*ProviderSecret, error) {
	var answer ProviderSecret
	if err := c.do(ctx, request{method: "POST", path: "/v1/endpoints/" + url.PathEscape(endpointID) + "/secrets", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// CancelBulkRetry: Cancel a queued or running bulk retry: no dead letter is queued after the answer (409 conflict once it finished) (POST /v1/bulk-retries/{bulk_retry_id}/cancel).
func (c *Client) CancelBulkRetry(ctx context.Context, bulkRetryID string, opts ...RequestOption) (*BulkRetry, error) {
	var answer BulkRetry
	if err := c.do(ctx, request{method: "POST", path: "/v1/bulk-retries/" + url.PathEscape(bulkRetryID) + "/cancel", idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// CreateAPIKey: Create an API key (the secret is shown once) (POST /v1/api-keys).
func (c *Client) CreateAPIKey(ctx context.Context, body CreateApiKeyRequest, opts ...RequestOption) (*CreatedApiKey, error) {
	var answer CreatedApiKey
	if err := c.do(ctx, request{method: "POST", path: "/v1/api-keys", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// CreateDestination: Register a destination (its signing secret is shown once) (POST /v1/destinations).
func (c *Client) CreateDestination(ctx context.Context, body CreateDestinationRequest, opts ...RequestOption) (*CreatedDestination, error) {
	var answer CreatedDestination
	if err := c.do(ctx, request{method: "POST", path: "/v1/destinations", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// CreateEndpoint: Create an endpoint and its ingest URL (POST /v1/endpoints).
func (c *Client) CreateEndpoint(ctx context.Context, body CreateEndpointRequest, opts ...RequestOption) (*EndpointWithIngestUrl, error) {
	var answer EndpointWithIngestUrl
	if err := c.do(ctx, request{method: "POST", path: "/v1/endpoints", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// CreateEventType: Add an event type of your own with a JSON Schema its events are checked against (an invalid schema: 400) (POST /v1/event-types).
func (c *Client) CreateEventType(ctx context.Context, body CreateEventTypeRequest, opts ...RequestOption) (*EventType, error) {
	var answer EventType
	if err := c.do(ctx, request{method: "POST", path: "/v1/event-types", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// CreateNotificationTarget: Register where notifications go: a webhook (signed with Standard Webhooks; its secret is shown once) or an email address (needs RELAY_SMTP_URL) (POST /v1/notification-targets).
func (c *Client) CreateNotificationTarget(ctx context.Context, body CreateNotificationTargetRequest, opts ...RequestOption) (*CreatedNotificationTarget, error) {
	var answer CreatedNotificationTarget
	if err := c.do(ctx, request{method: "POST", path: "/v1/notification-targets", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// CreateSubscription: Forward an endpoint's events (optionally only some states, event types, or those a filter matches) to a destination (POST /v1/subscriptions).
func (c *Client) CreateSubscription(ctx context.Context, body CreateSubscriptionRequest, opts ...RequestOption) (*Subscription, error) {
	var answer Subscription
	if err := c.do(ctx, request{method: "POST", path: "/v1/subscriptions", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// CreateTransformation: Save a new version of the destination’s transformation (code that does not compile: 400); activate: true makes it the one deliveries run (POST /v1/destinations/{destination_id}/transformations).
func (c *Client) CreateTransformation(ctx context.Context, destinationID string, body CreateTransformationRequest, opts ...RequestOption) (*Transformation, error) {
	var answer Transformation
	if err := c.do(ctx, request{method: "POST", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/transformations", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// DeleteDestination: Delete a destination (pending deliveries are cancelled) (DELETE /v1/destinations/{destination_id}).
func (c *Client) DeleteDestination(ctx context.Context, destinationID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/destinations/" + url.PathEscape(destinationID), idempotent: false}, nil, opts)
}

// DeleteEndpointParams are the query parameters of DeleteEndpoint; nil members are not sent.
type DeleteEndpointParams struct {
	// true: remove the endpoint's captured events now, with their checks, deliveries and dead letters (audited with their number). Otherwise they stay for the plan's retention window.
	PurgeEvents *string
}

func (p *DeleteEndpointParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.PurgeEvents != nil {
		values.Set("purge_events", fmt.Sprint(*p.PurgeEvents))
	}
	return values
}

// DeleteEndpoint: Delete an endpoint (its URL stops answering; its events stay for the retention window, or go now with purge_events=true) (DELETE /v1/endpoints/{endpoint_id}).
func (c *Client) DeleteEndpoint(ctx context.Context, endpointID string, params *DeleteEndpointParams, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/endpoints/" + url.PathEscape(endpointID), query: params.values(), idempotent: false}, nil, opts)
}

// DeleteEventType: Delete an event type (its events keep their type; they are no longer checked) (DELETE /v1/event-types/{event_type_id}).
func (c *Client) DeleteEventType(ctx context.Context, eventTypeID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/event-types/" + url.PathEscape(eventTypeID), idempotent: false}, nil, opts)
}

// DeleteNotificationTarget: Delete a notification target and its notifications (pending ones are not sent) (DELETE /v1/notification-targets/{target_id}).
func (c *Client) DeleteNotificationTarget(ctx context.Context, targetID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/notification-targets/" + url.PathEscape(targetID), idempotent: false}, nil, opts)
}

// DeleteSubscription: Stop forwarding (deliveries already queued go on) (DELETE /v1/subscriptions/{subscription_id}).
func (c *Client) DeleteSubscription(ctx context.Context, subscriptionID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/subscriptions/" + url.PathEscape(subscriptionID), idempotent: false}, nil, opts)
}

// DeleteTrigger: Delete a trigger and its cursor (the next triggers.wait under its name starts afresh) (DELETE /v1/triggers/{trigger_id}).
func (c *Client) DeleteTrigger(ctx context.Context, triggerID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/triggers/" + url.PathEscape(triggerID), idempotent: false}, nil, opts)
}

// DryRunSubscriptionFilter: Evaluate a filter against the endpoint's last events (newest first) before saving it; changes nothing (POST /v1/subscriptions/dry-run).
func (c *Client) DryRunSubscriptionFilter(ctx context.Context, body SubscriptionFilterDryRunRequest, opts ...RequestOption) (*SubscriptionFilterDryRunResult, error) {
	var answer SubscriptionFilterDryRunResult
	if err := c.do(ctx, request{method: "POST", path: "/v1/subscriptions/dry-run", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetBulkRetry: Get a bulk retry: its state and progress (retried of total) (GET /v1/bulk-retries/{bulk_retry_id}).
func (c *Client) GetBulkRetry(ctx context.Context, bulkRetryID string, opts ...RequestOption) (*BulkRetry, error) {
	var answer BulkRetry
	if err := c.do(ctx, request{method: "GET", path: "/v1/bulk-retries/" + url.PathEscape(bulkRetryID), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetDelivery: Get a delivery with its attempts (GET /v1/deliveries/{delivery_id}).
func (c *Client) GetDelivery(ctx context.Context, deliveryID string, opts ...RequestOption) (*DeliveryDetail, error) {
	var answer DeliveryDetail
	if err := c.do(ctx, request{method: "GET", path: "/v1/deliveries/" + url.PathEscape(deliveryID), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetDestination: Get a destination (GET /v1/destinations/{destination_id}).
func (c *Client) GetDestination(ctx context.Context, destinationID string, opts ...RequestOption) (*Destination, error) {
	var answer Destination
	if err := c.do(ctx, request{method: "GET", path: "/v1/destinations/" + url.PathEscape(destinationID), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetDestinationHealthParams are the query parameters of GetDestinationHealth; nil members are not sent.
type GetDestinationHealthParams struct {
	// How far back from now: 1h, 24h (the default) or 7d, the longest.
	Window *string
	// The width of each bar of the series (UTC-aligned): 5m, 1h or 1d. Default: 5m for 1h, 1h for 24h, 1d for 7d.
	Bucket *string
}

func (p *GetDestinationHealthParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Window != nil {
		values.Set("window", fmt.Sprint(*p.Window))
	}
	if p.Bucket != nil {
		values.Set("bucket", fmt.Sprint(*p.Bucket))
	}
	return values
}

// GetDestinationHealth: Deliveries and attempts over a recent window: success rate, latency, the last failure, the queue now, attempts per bucket (docs/health.md) (GET /v1/destinations/{destination_id}/health).
func (c *Client) GetDestinationHealth(ctx context.Context, destinationID string, params *GetDestinationHealthParams, opts ...RequestOption) (*DestinationHealth, error) {
	var answer DestinationHealth
	if err := c.do(ctx, request{method: "GET", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/health", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetEndpoint: Get an endpoint (GET /v1/endpoints/{endpoint_id}).
func (c *Client) GetEndpoint(ctx context.Context, endpointID string, opts ...RequestOption) (*Endpoint, error) {
	var answer Endpoint
	if err := c.do(ctx, request{method: "GET", path: "/v1/endpoints/" + url.PathEscape(endpointID), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetEndpointVolumeParams are the query parameters of GetEndpointVolume; nil members are not sent.
type GetEndpointVolumeParams struct {
	// How far back from now: 1h, 24h (the default) or 7d, the longest.
	Window *string
	// The width of each bar of the series (UTC-aligned): 5m, 1h or 1d. Default: 5m for 1h, 1h for 24h, 1d for 7d.
	Bucket *string
}

func (p *GetEndpointVolumeParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Window != nil {
		values.Set("window", fmt.Sprint(*p.Window))
	}
	if p.Bucket != nil {
		values.Set("bucket", fmt.Sprint(*p.Bucket))
	}
	return values
}

// GetEndpointVolume: Events the endpoint captured per bucket over a recent window, by verification state (docs/health.md) (GET /v1/endpoints/{endpoint_id}/volume).
func (c *Client) GetEndpointVolume(ctx context.Context, endpointID string, params *GetEndpointVolumeParams, opts ...RequestOption) (*EndpointVolume, error) {
	var answer EndpointVolume
	if err := c.do(ctx, request{method: "GET", path: "/v1/endpoints/" + url.PathEscape(endpointID) + "/volume", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetEvent: Get an event with its headers, body and verification (GET /v1/events/{event_id}).
func (c *Client) GetEvent(ctx context.Context, eventID string, opts ...RequestOption) (*EventDetail, error) {
	var answer EventDetail
	if err := c.do(ctx, request{method: "GET", path: "/v1/events/" + url.PathEscape(eventID), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetEventType: Get an event type and its schema (GET /v1/event-types/{event_type_id}).
func (c *Client) GetEventType(ctx context.Context, eventTypeID string, opts ...RequestOption) (*EventType, error) {
	var answer EventType
	if err := c.do(ctx, request{method: "GET", path: "/v1/event-types/" + url.PathEscape(eventTypeID), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetIngestURL: Read the ingest URL again (GET /v1/endpoints/{endpoint_id}/ingest-url).
func (c *Client) GetIngestURL(ctx context.Context, endpointID string, opts ...RequestOption) (*IngestUrl, error) {
	var answer IngestUrl
	if err := c.do(ctx, request{method: "GET", path: "/v1/endpoints/" + url.PathEscape(endpointID) + "/ingest-url", idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetIssue: Get an issue (GET /v1/issues/{issue_id}).
func (c *Client) GetIssue(ctx context.Context, issueID string, opts ...RequestOption) (*Issue, error) {
	var answer Issue
	if err := c.do(ctx, request{method: "GET", path: "/v1/issues/" + url.PathEscape(issueID), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetNotificationTarget: Get a notification target (GET /v1/notification-targets/{target_id}).
func (c *Client) GetNotificationTarget(ctx context.Context, targetID string, opts ...RequestOption) (*NotificationTarget, error) {
	var answer NotificationTarget
	if err := c.do(ctx, request{method: "GET", path: "/v1/notification-targets/" + url.PathEscape(targetID), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// GetUsage: The plan, its allowance and this period's captured events (GET /v1/usage).
func (c *Client) GetUsage(ctx context.Context, opts ...RequestOption) (*Usage, error) {
	var answer Usage
	if err := c.do(ctx, request{method: "GET", path: "/v1/usage", idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListAgentsParams are the query parameters of ListAgents; nil members are not sent.
type ListAgentsParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
}

func (p *ListAgentsParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	return values
}

// ListAgents: List the agents authorized on the MCP server (OAuth grants in force), newest first (GET /v1/agents).
func (c *Client) ListAgents(ctx context.Context, params *ListAgentsParams, opts ...RequestOption) (*ListAgentsAnswer, error) {
	var answer ListAgentsAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/agents", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListAgentsAll walks every item of ListAgents, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListAgentsAll(params *ListAgentsParams, opts ...RequestOption) *Pager[Agent] {
	var page ListAgentsParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]Agent, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListAgents(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListAPIKeysParams are the query parameters of ListAPIKeys; nil members are not sent.
type ListAPIKeysParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
}

func (p *ListAPIKeysParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	return values
}

// ListAPIKeys: List API keys, masked (GET /v1/api-keys).
func (c *Client) ListAPIKeys(ctx context.Context, params *ListAPIKeysParams, opts ...RequestOption) (*ListAPIKeysAnswer, error) {
	var answer ListAPIKeysAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/api-keys", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListAPIKeysAll walks every item of ListAPIKeys, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListAPIKeysAll(params *ListAPIKeysParams, opts ...RequestOption) *Pager[ApiKey] {
	var page ListAPIKeysParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]ApiKey, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListAPIKeys(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListAuditEntriesParams are the query parameters of ListAuditEntries; nil members are not sent.
type ListAuditEntriesParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
}

func (p *ListAuditEntriesParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	return values
}

// ListAuditEntries: List audit entries, newest first (GET /v1/audit).
func (c *Client) ListAuditEntries(ctx context.Context, params *ListAuditEntriesParams, opts ...RequestOption) (*ListAuditEntriesAnswer, error) {
	var answer ListAuditEntriesAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/audit", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListAuditEntriesAll walks every item of ListAuditEntries, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListAuditEntriesAll(params *ListAuditEntriesParams, opts ...RequestOption) *Pager[AuditEntry] {
	var page ListAuditEntriesParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]AuditEntry, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListAuditEntries(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListBulkRetriesParams are the query parameters of ListBulkRetries; nil members are not sent.
type ListBulkRetriesParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
	// Only this destination's bulk retries.
	DestinationID *string
}

func (p *ListBulkRetriesParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	if p.DestinationID != nil {
		values.Set("destination_id", fmt.Sprint(*p.DestinationID))
	}
	return values
}

// ListBulkRetries: List bulk retries, newest first, with their progress (GET /v1/bulk-retries).
func (c *Client) ListBulkRetries(ctx context.Context, params *ListBulkRetriesParams, opts ...RequestOption) (*ListBulkRetriesAnswer, error) {
	var answer ListBulkRetriesAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/bulk-retries", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListBulkRetriesAll walks every item of ListBulkRetries, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListBulkRetriesAll(params *ListBulkRetriesParams, opts ...RequestOption) *Pager[BulkRetry] {
	var page ListBulkRetriesParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]BulkRetry, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListBulkRetries(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListDeliveriesParams are the query parameters of ListDeliveries; nil members are not sent.
type ListDeliveriesParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
	State *DeliveryState
	DestinationID *string
	EventID *string
}

func (p *ListDeliveriesParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	if p.State != nil {
		values.Set("state", fmt.Sprint(*p.State))
	}
	if p.DestinationID != nil {
		values.Set("destination_id", fmt.Sprint(*p.DestinationID))
	}
	if p.EventID != nil {
		values.Set("event_id", fmt.Sprint(*p.EventID))
	}
	return values
}

// ListDeliveries: List deliveries, newest first; state=dead_lettered lists the dead letters, state=filtered those a subscription filter turned away (GET /v1/deliveries).
func (c *Client) ListDeliveries(ctx context.Context, params *ListDeliveriesParams, opts ...RequestOption) (*ListDeliveriesAnswer, error) {
	var answer ListDeliveriesAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/deliveries", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListDeliveriesAll walks every item of ListDeliveries, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListDeliveriesAll(params *ListDeliveriesParams, opts ...RequestOption) *Pager[Delivery] {
	var page ListDeliveriesParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]Delivery, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListDeliveries(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListDestinationsParams are the query parameters of ListDestinations; nil members are not sent.
type ListDestinationsParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
}

func (p *ListDestinationsParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	return values
}

// ListDestinations: List destinations, newest first (GET /v1/destinations).
func (c *Client) ListDestinations(ctx context.Context, params *ListDestinationsParams, opts ...RequestOption) (*ListDestinationsAnswer, error) {
	var answer ListDestinationsAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/destinations", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListDestinationsAll walks every item of ListDestinations, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListDestinationsAll(params *ListDestinationsParams, opts ...RequestOption) *Pager[Destination] {
	var page ListDestinationsParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]Destination, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListDestinations(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListEndpointEventTypes: The event types an endpoint's events carry: how many of each, first and last seen (docs/event-types.md) (GET /v1/endpoints/{endpoint_id}/event-types).
func (c *Client) ListEndpointEventTypes(ctx context.Context, endpointID string, opts ...RequestOption) (*EndpointEventTypeList, error) {
	var answer EndpointEventTypeList
	if err := c.do(ctx, request{method: "GET", path: "/v1/endpoints/" + url.PathEscape(endpointID) + "/event-types", idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListEndpointsParams are the query parameters of ListEndpoints; nil members are not sent.
type ListEndpointsParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
}

func (p *ListEndpointsParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	return values
}

// ListEndpoints: List endpoints, newest first (GET /v1/endpoints).
func (c *Client) ListEndpoints(ctx context.Context, params *ListEndpointsParams, opts ...RequestOption) (*ListEndpointsAnswer, error) {
	var answer ListEndpointsAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/endpoints", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListEndpointsAll walks every item of ListEndpoints, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListEndpointsAll(params *ListEndpointsParams, opts ...RequestOption) *Pager[Endpoint] {
	var page ListEndpointsParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]Endpoint, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListEndpoints(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListEventsParams are the query parameters of ListEvents; nil members are not sent.
type ListEventsParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
	EndpointID *string
	// A verification state, or `pending` for events whose check is still due.
	State *string
	// Only events whose verification named this provider (a registry id, e.g. `stripe`).
	Provider *string
	// Only events of this type (`invoice.paid`, `push`; docs/event-types.md).
	EventType *string
	From *string
	To *string
	// With event_type naming one of the tenant's event types: only events that do (true) or do not (false) validate against its schema. A page may then hold fewer than `limit` events while `next_cursor` is set.
	SchemaValid *string
}

func (p *ListEventsParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	if p.EndpointID != nil {
		values.Set("endpoint_id", fmt.Sprint(*p.EndpointID))
	}
	if p.State != nil {
		values.Set("state", fmt.Sprint(*p.State))
	}
	if p.Provider != nil {
		values.Set("provider", fmt.Sprint(*p.Provider))
	}
	if p.EventType != nil {
		values.Set("event_type", fmt.Sprint(*p.EventType))
	}
	if p.From != nil {
		values.Set("from", fmt.Sprint(*p.From))
	}
	if p.To != nil {
		values.Set("to", fmt.Sprint(*p.To))
	}
	if p.SchemaValid != nil {
		values.Set("schema_valid", fmt.Sprint(*p.SchemaValid))
	}
	return values
}

// ListEvents: List captured events, newest first (GET /v1/events).
func (c *Client) ListEvents(ctx context.Context, params *ListEventsParams, opts ...RequestOption) (*ListEventsAnswer, error) {
	var answer ListEventsAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/events", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListEventsAll walks every item of ListEvents, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListEventsAll(params *ListEventsParams, opts ...RequestOption) *Pager[EventSummary] {
	var page ListEventsParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]EventSummary, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListEvents(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListEventTypesParams are the query parameters of ListEventTypes; nil members are not sent.
type ListEventTypesParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
}

func (p *ListEventTypesParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	return values
}

// ListEventTypes: List your event types, newest first (GET /v1/event-types).
func (c *Client) ListEventTypes(ctx context.Context, params *ListEventTypesParams, opts ...RequestOption) (*ListEventTypesAnswer, error) {
	var answer ListEventTypesAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/event-types", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListEventTypesAll walks every item of ListEventTypes, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListEventTypesAll(params *ListEventTypesParams, opts ...RequestOption) *Pager[EventType] {
	var page ListEventTypesParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]EventType, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListEventTypes(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListIssuesParams are the query parameters of ListIssues; nil members are not sent.
type ListIssuesParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
	// unresolved: open or acknowledged.
	State *string
	DestinationID *string
	EndpointID *string
	Kind *string
}

func (p *ListIssuesParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	if p.State != nil {
		values.Set("state", fmt.Sprint(*p.State))
	}
	if p.DestinationID != nil {
		values.Set("destination_id", fmt.Sprint(*p.DestinationID))
	}
	if p.EndpointID != nil {
		values.Set("endpoint_id", fmt.Sprint(*p.EndpointID))
	}
	if p.Kind != nil {
		values.Set("kind", fmt.Sprint(*p.Kind))
	}
	return values
}

// ListIssues: Failures grouped per destination (or endpoint) and kind, newest first: one issue per outage, not one per attempt (GET /v1/issues).
func (c *Client) ListIssues(ctx context.Context, params *ListIssuesParams, opts ...RequestOption) (*ListIssuesAnswer, error) {
	var answer ListIssuesAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/issues", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListIssuesAll walks every item of ListIssues, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListIssuesAll(params *ListIssuesParams, opts ...RequestOption) *Pager[Issue] {
	var page ListIssuesParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]Issue, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListIssues(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListNotificationsParams are the query parameters of ListNotifications; nil members are not sent.
type ListNotificationsParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
	TargetID *string
	State *string
}

func (p *ListNotificationsParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	if p.TargetID != nil {
		values.Set("target_id", fmt.Sprint(*p.TargetID))
	}
	if p.State != nil {
		values.Set("state", fmt.Sprint(*p.State))
	}
	return values
}

// ListNotifications: Notifications sent or still being sent, newest first, one per target: state, attempts, the last error (GET /v1/notifications).
func (c *Client) ListNotifications(ctx context.Context, params *ListNotificationsParams, opts ...RequestOption) (*ListNotificationsAnswer, error) {
	var answer ListNotificationsAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/notifications", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListNotificationsAll walks every item of ListNotifications, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListNotificationsAll(params *ListNotificationsParams, opts ...RequestOption) *Pager[Notification] {
	var page ListNotificationsParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]Notification, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListNotifications(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListNotificationTargetsParams are the query parameters of ListNotificationTargets; nil members are not sent.
type ListNotificationTargetsParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
}

func (p *ListNotificationTargetsParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	return values
}

// ListNotificationTargets: List notification targets, newest first (GET /v1/notification-targets).
func (c *Client) ListNotificationTargets(ctx context.Context, params *ListNotificationTargetsParams, opts ...RequestOption) (*ListNotificationTargetsAnswer, error) {
	var answer ListNotificationTargetsAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/notification-targets", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListNotificationTargetsAll walks every item of ListNotificationTargets, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListNotificationTargetsAll(params *ListNotificationTargetsParams, opts ...RequestOption) *Pager[NotificationTarget] {
	var page ListNotificationTargetsParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]NotificationTarget, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListNotificationTargets(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListProviderSecrets: List provider secrets, masked (GET /v1/endpoints/{endpoint_id}/secrets).
func (c *Client) ListProviderSecrets(ctx context.Context, endpointID string, opts ...RequestOption) (*ListProviderSecretsAnswer, error) {
	var answer ListProviderSecretsAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/endpoints/" + url.PathEscape(endpointID) + "/secrets", idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListSubscriptionsParams are the query parameters of ListSubscriptions; nil members are not sent.
type ListSubscriptionsParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
	EndpointID *string
	DestinationID *string
}

func (p *ListSubscriptionsParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	if p.EndpointID != nil {
		values.Set("endpoint_id", fmt.Sprint(*p.EndpointID))
	}
	if p.DestinationID != nil {
		values.Set("destination_id", fmt.Sprint(*p.DestinationID))
	}
	return values
}

// ListSubscriptions: List subscriptions, newest first (GET /v1/subscriptions).
func (c *Client) ListSubscriptions(ctx context.Context, params *ListSubscriptionsParams, opts ...RequestOption) (*ListSubscriptionsAnswer, error) {
	var answer ListSubscriptionsAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/subscriptions", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListSubscriptionsAll walks every item of ListSubscriptions, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListSubscriptionsAll(params *ListSubscriptionsParams, opts ...RequestOption) *Pager[Subscription] {
	var page ListSubscriptionsParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]Subscription, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListSubscriptions(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// ListTransformations: The versions of the destination’s transformation, newest first, and which one is active (GET /v1/destinations/{destination_id}/transformations).
func (c *Client) ListTransformations(ctx context.Context, destinationID string, opts ...RequestOption) (*TransformationList, error) {
	var answer TransformationList
	if err := c.do(ctx, request{method: "GET", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/transformations", idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListTriggersParams are the query parameters of ListTriggers; nil members are not sent.
type ListTriggersParams struct {
	Limit *int64
	// Opaque: the next_cursor of the page before.
	Cursor *string
	EndpointID *string
}

func (p *ListTriggersParams) values() url.Values {
	values := url.Values{}
	if p == nil {
		return values
	}
	if p.Limit != nil {
		values.Set("limit", fmt.Sprint(*p.Limit))
	}
	if p.Cursor != nil {
		values.Set("cursor", fmt.Sprint(*p.Cursor))
	}
	if p.EndpointID != nil {
		values.Set("endpoint_id", fmt.Sprint(*p.EndpointID))
	}
	return values
}

// ListTriggers: List triggers (agents’ positions in endpoints’ events), newest first (GET /v1/triggers).
func (c *Client) ListTriggers(ctx context.Context, params *ListTriggersParams, opts ...RequestOption) (*ListTriggersAnswer, error) {
	var answer ListTriggersAnswer
	if err := c.do(ctx, request{method: "GET", path: "/v1/triggers", query: params.values(), idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ListTriggersAll walks every item of ListTriggers, page after page (follows next_cursor); params.Cursor is where it starts.
func (c *Client) ListTriggersAll(params *ListTriggersParams, opts ...RequestOption) *Pager[Trigger] {
	var page ListTriggersParams
	if params != nil {
		page = *params
	}
	return newPager(page.Cursor, func(ctx context.Context, cursor *string) ([]Trigger, *string, error) {
		page.Cursor = cursor
		answer, err := c.ListTriggers(ctx, &page, opts...)
		if err != nil {
			return nil, nil, err
		}
		return answer.Data, answer.NextCursor, nil
	})
}

// PauseDestination: Pause a destination: events still join its queue, which holds in order (nothing sent, nothing dead-lettered) until it is resumed (POST /v1/destinations/{destination_id}/pause).
func (c *Client) PauseDestination(ctx context.Context, destinationID string, body *PauseDestinationRequest, opts ...RequestOption) (*Destination, error) {
	var answer Destination
	if err := c.do(ctx, request{method: "POST", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/pause", body: body, hasBody: body != nil, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// PreviewBulkRetry: How many of a destination's dead letters (and distinct events) a bulk retry of this selection would send again; changes nothing (POST /v1/bulk-retries/preview).
func (c *Client) PreviewBulkRetry(ctx context.Context, body BulkRetrySelection, opts ...RequestOption) (*BulkRetryPreview, error) {
	var answer BulkRetryPreview
	if err := c.do(ctx, request{method: "POST", path: "/v1/bulk-retries/preview", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// RemoveProviderSecret: Remove a provider secret at once (DELETE /v1/endpoints/{endpoint_id}/secrets/{secret_id}).
func (c *Client) RemoveProviderSecret(ctx context.Context, endpointID string, secretID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/endpoints/" + url.PathEscape(endpointID) + "/secrets/" + url.PathEscape(secretID), idempotent: false}, nil, opts)
}

// Replay: Send events again to a registered destination: by event, by dead letter, or by time range (new deliveries, in capture order) (POST /v1/replays).
func (c *Client) Replay(ctx context.Context, body ReplayRequest, opts ...RequestOption) (*ReplayResult, error) {
	var answer ReplayResult
	if err := c.do(ctx, request{method: "POST", path: "/v1/replays", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ResolveIssue: Resolve an issue by hand; the next failure of its kind opens a new one (POST /v1/issues/{issue_id}/resolve).
func (c *Client) ResolveIssue(ctx context.Context, issueID string, opts ...RequestOption) (*Issue, error) {
	var answer Issue
	if err := c.do(ctx, request{method: "POST", path: "/v1/issues/" + url.PathEscape(issueID) + "/resolve", idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// ResumeDestination: Resume a paused or turned-off destination: its breaker closes and its queue is sent in order from the head, at once (POST /v1/destinations/{destination_id}/resume).
func (c *Client) ResumeDestination(ctx context.Context, destinationID string, opts ...RequestOption) (*Destination, error) {
	var answer Destination
	if err := c.do(ctx, request{method: "POST", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/resume", idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// RevokeAgent: Revoke an agent: its access and refresh tokens stop working at once (DELETE /v1/agents/{agent_id}).
func (c *Client) RevokeAgent(ctx context.Context, agentID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/agents/" + url.PathEscape(agentID), idempotent: false}, nil, opts)
}

// RevokeAPIKey: Revoke an API key for good (DELETE /v1/api-keys/{key_id}).
func (c *Client) RevokeAPIKey(ctx context.Context, keyID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/api-keys/" + url.PathEscape(keyID), idempotent: false}, nil, opts)
}

// RevokeDestinationSecret: Stop signing with a secret at once (DELETE /v1/destinations/{destination_id}/secrets/{secret_id}).
func (c *Client) RevokeDestinationSecret(ctx context.Context, destinationID string, secretID string, opts ...RequestOption) error {
	return c.do(ctx, request{method: "DELETE", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/secrets/" + url.PathEscape(secretID), idempotent: false}, nil, opts)
}

// RotateDestinationSecret: Add a signing secret and retire the active ones after a grace period (both sign until then); without a body, the secret is generated and the grace period is one day (POST /v1/destinations/{destination_id}/secrets/rotate).
func (c *Client) RotateDestinationSecret(ctx context.Context, destinationID string, body *RotateDestinationSecretRequest, opts ...RequestOption) (*RotatedDestinationSecret, error) {
	var answer RotatedDestinationSecret
	if err := c.do(ctx, request{method: "POST", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/secrets/rotate", body: body, hasBody: body != nil, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// RotateIngestURL: Rotate the ingest token in place (the old URL answers 404) (POST /v1/endpoints/{endpoint_id}/ingest-url/rotate).
func (c *Client) RotateIngestURL(ctx context.Context, endpointID string, opts ...RequestOption) (*IngestUrl, error) {
	var answer IngestUrl
	if err := c.do(ctx, request{method: "POST", path: "/v1/endpoints/" + url.PathEscape(endpointID) + "/ingest-url/rotate", idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// RotateProviderSecrets: Add a secret and retire the active ones after a grace period (POST /v1/endpoints/{endpoint_id}/secrets/rotate).
func (c *Client) RotateProviderSecrets(ctx context.Context, endpointID string, body RotateProviderSecretRequest, opts ...RequestOption) (*RotatedProviderSecrets, error) {
	var answer RotatedProviderSecrets
	if err := c.do(ctx, request{method: "POST", path: "/v1/endpoints/" + url.PathEscape(endpointID) + "/secrets/rotate", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// StartBulkRetry: Start a durable job that sends a destination's selected dead letters again, in their order, as new deliveries (docs/bulk-retry.md) (POST /v1/bulk-retries).
func (c *Client) StartBulkRetry(ctx context.Context, body BulkRetrySelection, opts ...RequestOption) (*BulkRetry, error) {
	var answer BulkRetry
	if err := c.do(ctx, request{method: "POST", path: "/v1/bulk-retries", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// TestNotificationTarget: Send a notification.test notification to this target only (whatever its types); answers the queued notification (POST /v1/notification-targets/{target_id}/test).
func (c *Client) TestNotificationTarget(ctx context.Context, targetID string, opts ...RequestOption) (*Notification, error) {
	var answer Notification
	if err := c.do(ctx, request{method: "POST", path: "/v1/notification-targets/" + url.PathEscape(targetID) + "/test", idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// TestTransformation: Run code (or a saved version) on a captured event in the sandbox and show the request it makes and its logs; sends and saves nothing (POST /v1/destinations/{destination_id}/transformations/test).
func (c *Client) TestTransformation(ctx context.Context, destinationID string, body TestTransformationRequest, opts ...RequestOption) (*TransformationTestResult, error) {
	var answer TransformationTestResult
	if err := c.do(ctx, request{method: "POST", path: "/v1/destinations/" + url.PathEscape(destinationID) + "/transformations/test", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// UpdateDestination: Change a destination; enabling it again resumes its queue (PATCH /v1/destinations/{destination_id}).
func (c *Client) UpdateDestination(ctx context.Context, destinationID string, body UpdateDestinationRequest, opts ...RequestOption) (*Destination, error) {
	var answer Destination
	if err := c.do(ctx, request{method: "PATCH", path: "/v1/destinations/" + url.PathEscape(destinationID), body: body, hasBody: true, idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// UpdateEndpoint: Rename an endpoint or change its provider (PATCH /v1/endpoints/{endpoint_id}).
func (c *Client) UpdateEndpoint(ctx context.Context, endpointID string, body UpdateEndpointRequest, opts ...RequestOption) (*Endpoint, error) {
	var answer Endpoint
	if err := c.do(ctx, request{method: "PATCH", path: "/v1/endpoints/" + url.PathEscape(endpointID), body: body, hasBody: true, idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// UpdateEventType: Change the schema or the description of an event type (PATCH /v1/event-types/{event_type_id}).
func (c *Client) UpdateEventType(ctx context.Context, eventTypeID string, body UpdateEventTypeRequest, opts ...RequestOption) (*EventType, error) {
	var answer EventType
	if err := c.do(ctx, request{method: "PATCH", path: "/v1/event-types/" + url.PathEscape(eventTypeID), body: body, hasBody: true, idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// UpdateNotificationTarget: Change the types, the address or url, the description, or turn a target off and on (PATCH /v1/notification-targets/{target_id}).
func (c *Client) UpdateNotificationTarget(ctx context.Context, targetID string, body UpdateNotificationTargetRequest, opts ...RequestOption) (*NotificationTarget, error) {
	var answer NotificationTarget
	if err := c.do(ctx, request{method: "PATCH", path: "/v1/notification-targets/" + url.PathEscape(targetID), body: body, hasBody: true, idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// UpdateSubscription: Set or remove (null) the filter; events fanned out from then on are judged by the new one (PATCH /v1/subscriptions/{subscription_id}).
func (c *Client) UpdateSubscription(ctx context.Context, subscriptionID string, body UpdateSubscriptionRequest, opts ...RequestOption) (*Subscription, error) {
	var answer Subscription
	if err := c.do(ctx, request{method: "PATCH", path: "/v1/subscriptions/" + url.PathEscape(subscriptionID), body: body, hasBody: true, idempotent: false}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// VerifyAuditChain: Walk the hash chain, name the first broken link, and check that it ends at the anchored head (newest entries deleted) (POST /v1/audit/verify).
func (c *Client) VerifyAuditChain(ctx context.Context, opts ...RequestOption) (*AuditVerification, error) {
	var answer AuditVerification
	if err := c.do(ctx, request{method: "POST", path: "/v1/audit/verify", idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}

// WaitForTrigger: Register (or reuse) a trigger on an endpoint and return the events captured since its cursor, in capture order, at least once; `ack` moves the cursor (the MCP tool triggers.wait) (POST /v1/triggers/wait).
func (c *Client) WaitForTrigger(ctx context.Context, body TriggerWaitRequest, opts ...RequestOption) (*TriggerWaitResult, error) {
	var answer TriggerWaitResult
	if err := c.do(ctx, request{method: "POST", path: "/v1/triggers/wait", body: body, hasBody: true, idempotent: true}, &answer, opts); err != nil {
		return nil, err
	}
	return &answer, nil
}
