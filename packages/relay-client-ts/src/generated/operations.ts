// Generated from packages/relay-client-generator/openapi.json by `pnpm clients:generate`. Do not edit by hand.

import type { components, operations } from './schema.js';

export type Schemas = components['schemas'];

/** Per-call options. */
export interface RequestOptions {
  /** POST only: the Idempotency-Key to send (default: a new random key per call, reused by its retries). */
  idempotencyKey?: string;
  /** Aborts the call, its retries and their waits. */
  signal?: AbortSignal;
  /** Time limit of each attempt, in milliseconds (default: the client's). */
  timeoutMs?: number;
}

/** What a generated method hands to the client to send. */
export interface OperationRequest {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  /** The operation takes an Idempotency-Key header. */
  idempotent: boolean;
}

/** One page of a cursor-paginated list. */
export interface Page<Item> {
  data: Item[];
  next_cursor: string | null;
}

// Not offered (not JSON over an API key): adminCreateTenant (not part of the versioned /v1 API); adminDeleteTenant (not part of the versioned /v1 API); adminGetTenant (not part of the versioned /v1 API); adminListTenantApiKeys (not part of the versioned /v1 API); adminListTenants (not part of the versioned /v1 API); adminRevokeTenantApiKey (not part of the versioned /v1 API); adminUpdateTenant (not part of the versioned /v1 API); answerOAuthConsent (not part of the versioned /v1 API); authorizeOAuth (not part of the versioned /v1 API); authorizeOAuthByForm (not part of the versioned /v1 API); finishCliSignIn (not part of the versioned /v1 API); getAuthorizationServerMetadata (not part of the versioned /v1 API); getCliBundle (not part of the versioned /v1 API); getDashboardSession (not part of the versioned /v1 API); getHealth (not part of the versioned /v1 API); getInstallScript (not part of the versioned /v1 API); getMcpResourceMetadata (not part of the versioned /v1 API); getOAuthToken (not part of the versioned /v1 API); getOpenApiDocument (not part of the versioned /v1 API); getReadiness (not part of the versioned /v1 API); getResourceMetadata (not part of the versioned /v1 API); mcp (not part of the versioned /v1 API); mcpEndSession (not part of the versioned /v1 API); mcpStream (not part of the versioned /v1 API); openDashboard (not part of the versioned /v1 API); registerOAuthClient (not part of the versioned /v1 API); revokeOAuthToken (not part of the versioned /v1 API); showOAuthConsent (not part of the versioned /v1 API); signInWithApiKey (not part of the versioned /v1 API); signOut (not part of the versioned /v1 API); startCliSignIn (not part of the versioned /v1 API); startDashboardSignIn (not part of the versioned /v1 API); streamEvents (answers text/event-stream, not JSON).

/** Every JSON operation of the webhook-relay API (1.0.0), one typed method each. */
export abstract class RelayOperations {
  protected abstract send<Answer>(request: OperationRequest, options?: RequestOptions): Promise<Answer>;
  protected abstract paginate<Item>(fetchPage: (cursor: string | undefined) => Promise<Page<Item>>): AsyncGenerator<Item, void, undefined>;

  /** Acknowledge an open issue (someone is on it); it still resolves by itself when deliveries succeed again (`POST /v1/issues/{issue_id}/acknowledge`). */
  acknowledgeIssue(issueId: string, options?: RequestOptions): Promise<operations['acknowledgeIssue']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'acknowledgeIssue', method: 'POST', path: `/v1/issues/${encodeURIComponent(issueId)}/acknowledge`, idempotent: true }, options);
  }

  /** Choose the version deliveries run from their next attempt on (null: none); the queue keeps its order (`POST /v1/destinations/{destination_id}/transformations/activate`). */
  activateTransformation(destinationId: string, body: NonNullable<operations['activateTransformation']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['activateTransformation']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'activateTransformation', method: 'POST', path: `/v1/destinations/${encodeURIComponent(destinationId)}/transformations/activate`, body, idempotent: true }, options);
  }

  /** Add a provider secret (others stay active) (`POST /v1/endpoints/{endpoint_id}/secrets`). */
  addProviderSecret(endpointId: string, body: NonNullable<operations['addProviderSecret']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['addProviderSecret']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'addProviderSecret', method: 'POST', path: `/v1/endpoints/${encodeURIComponent(endpointId)}/secrets`, body, idempotent: true }, options);
  }

  /** Cancel a queued or running bulk retry: no dead letter is queued after the answer (409 conflict once it finished) (`POST /v1/bulk-retries/{bulk_retry_id}/cancel`). */
  cancelBulkRetry(bulkRetryId: string, options?: RequestOptions): Promise<operations['cancelBulkRetry']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'cancelBulkRetry', method: 'POST', path: `/v1/bulk-retries/${encodeURIComponent(bulkRetryId)}/cancel`, idempotent: true }, options);
  }

  /** Create an API key (the secret is shown once) (`POST /v1/api-keys`). */
  createApiKey(body: NonNullable<operations['createApiKey']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['createApiKey']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'createApiKey', method: 'POST', path: '/v1/api-keys', body, idempotent: true }, options);
  }

  /** Register a destination (its signing secret is shown once) (`POST /v1/destinations`). */
  createDestination(body: NonNullable<operations['createDestination']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['createDestination']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'createDestination', method: 'POST', path: '/v1/destinations', body, idempotent: true }, options);
  }

  /** Create an endpoint and its ingest URL (`POST /v1/endpoints`). */
  createEndpoint(body: NonNullable<operations['createEndpoint']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['createEndpoint']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'createEndpoint', method: 'POST', path: '/v1/endpoints', body, idempotent: true }, options);
  }

  /** Add an event type of your own with a JSON Schema its events are checked against (an invalid schema: 400) (`POST /v1/event-types`). */
  createEventType(body: NonNullable<operations['createEventType']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['createEventType']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'createEventType', method: 'POST', path: '/v1/event-types', body, idempotent: true }, options);
  }

  /** Register where notifications go: a webhook (signed with Standard Webhooks; its secret is shown once) or an email address (needs RELAY_SMTP_URL) (`POST /v1/notification-targets`). */
  createNotificationTarget(body: NonNullable<operations['createNotificationTarget']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['createNotificationTarget']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'createNotificationTarget', method: 'POST', path: '/v1/notification-targets', body, idempotent: true }, options);
  }

  /** Forward an endpoint's events (optionally only some states, event types, or those a filter matches) to a destination (`POST /v1/subscriptions`). */
  createSubscription(body: NonNullable<operations['createSubscription']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['createSubscription']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'createSubscription', method: 'POST', path: '/v1/subscriptions', body, idempotent: true }, options);
  }

  /** Save a new version of the destination’s transformation (code that does not compile: 400); activate: true makes it the one deliveries run (`POST /v1/destinations/{destination_id}/transformations`). */
  createTransformation(destinationId: string, body: NonNullable<operations['createTransformation']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['createTransformation']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'createTransformation', method: 'POST', path: `/v1/destinations/${encodeURIComponent(destinationId)}/transformations`, body, idempotent: true }, options);
  }

  /** Delete a destination (pending deliveries are cancelled) (`DELETE /v1/destinations/{destination_id}`). */
  deleteDestination(destinationId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'deleteDestination', method: 'DELETE', path: `/v1/destinations/${encodeURIComponent(destinationId)}`, idempotent: false }, options);
  }

  /** Delete an endpoint (its URL stops answering; its events stay for the retention window, or go now with purge_events=true) (`DELETE /v1/endpoints/{endpoint_id}`). */
  deleteEndpoint(endpointId: string, query?: operations['deleteEndpoint']['parameters']['query'], options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'deleteEndpoint', method: 'DELETE', path: `/v1/endpoints/${encodeURIComponent(endpointId)}`, query, idempotent: false }, options);
  }

  /** Delete an event type (its events keep their type; they are no longer checked) (`DELETE /v1/event-types/{event_type_id}`). */
  deleteEventType(eventTypeId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'deleteEventType', method: 'DELETE', path: `/v1/event-types/${encodeURIComponent(eventTypeId)}`, idempotent: false }, options);
  }

  /** Delete a notification target and its notifications (pending ones are not sent) (`DELETE /v1/notification-targets/{target_id}`). */
  deleteNotificationTarget(targetId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'deleteNotificationTarget', method: 'DELETE', path: `/v1/notification-targets/${encodeURIComponent(targetId)}`, idempotent: false }, options);
  }

  /** Stop forwarding (deliveries already queued go on) (`DELETE /v1/subscriptions/{subscription_id}`). */
  deleteSubscription(subscriptionId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'deleteSubscription', method: 'DELETE', path: `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, idempotent: false }, options);
  }

  /** Delete a trigger and its cursor (the next triggers.wait under its name starts afresh) (`DELETE /v1/triggers/{trigger_id}`). */
  deleteTrigger(triggerId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'deleteTrigger', method: 'DELETE', path: `/v1/triggers/${encodeURIComponent(triggerId)}`, idempotent: false }, options);
  }

  /** Evaluate a filter against the endpoint's last events (newest first) before saving it; changes nothing (`POST /v1/subscriptions/dry-run`). */
  dryRunSubscriptionFilter(body: NonNullable<operations['dryRunSubscriptionFilter']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['dryRunSubscriptionFilter']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'dryRunSubscriptionFilter', method: 'POST', path: '/v1/subscriptions/dry-run', body, idempotent: true }, options);
  }

  /** Get a bulk retry: its state and progress (retried of total) (`GET /v1/bulk-retries/{bulk_retry_id}`). */
  getBulkRetry(bulkRetryId: string, options?: RequestOptions): Promise<operations['getBulkRetry']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getBulkRetry', method: 'GET', path: `/v1/bulk-retries/${encodeURIComponent(bulkRetryId)}`, idempotent: false }, options);
  }

  /** Get a delivery with its attempts (`GET /v1/deliveries/{delivery_id}`). */
  getDelivery(deliveryId: string, options?: RequestOptions): Promise<operations['getDelivery']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getDelivery', method: 'GET', path: `/v1/deliveries/${encodeURIComponent(deliveryId)}`, idempotent: false }, options);
  }

  /** Get a destination (`GET /v1/destinations/{destination_id}`). */
  getDestination(destinationId: string, options?: RequestOptions): Promise<operations['getDestination']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getDestination', method: 'GET', path: `/v1/destinations/${encodeURIComponent(destinationId)}`, idempotent: false }, options);
  }

  /** Deliveries and attempts over a recent window: success rate, latency, the last failure, the queue now, attempts per bucket (docs/health.md) (`GET /v1/destinations/{destination_id}/health`). */
  getDestinationHealth(destinationId: string, query?: operations['getDestinationHealth']['parameters']['query'], options?: RequestOptions): Promise<operations['getDestinationHealth']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getDestinationHealth', method: 'GET', path: `/v1/destinations/${encodeURIComponent(destinationId)}/health`, query, idempotent: false }, options);
  }

  /** Get an endpoint (`GET /v1/endpoints/{endpoint_id}`). */
  getEndpoint(endpointId: string, options?: RequestOptions): Promise<operations['getEndpoint']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getEndpoint', method: 'GET', path: `/v1/endpoints/${encodeURIComponent(endpointId)}`, idempotent: false }, options);
  }

  /** Events the endpoint captured per bucket over a recent window, by verification state (docs/health.md) (`GET /v1/endpoints/{endpoint_id}/volume`). */
  getEndpointVolume(endpointId: string, query?: operations['getEndpointVolume']['parameters']['query'], options?: RequestOptions): Promise<operations['getEndpointVolume']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getEndpointVolume', method: 'GET', path: `/v1/endpoints/${encodeURIComponent(endpointId)}/volume`, query, idempotent: false }, options);
  }

  /** Get an event with its headers, body and verification (`GET /v1/events/{event_id}`). */
  getEvent(eventId: string, options?: RequestOptions): Promise<operations['getEvent']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getEvent', method: 'GET', path: `/v1/events/${encodeURIComponent(eventId)}`, idempotent: false }, options);
  }

  /** Get an event type and its schema (`GET /v1/event-types/{event_type_id}`). */
  getEventType(eventTypeId: string, options?: RequestOptions): Promise<operations['getEventType']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getEventType', method: 'GET', path: `/v1/event-types/${encodeURIComponent(eventTypeId)}`, idempotent: false }, options);
  }

  /** Read the ingest URL again (`GET /v1/endpoints/{endpoint_id}/ingest-url`). */
  getIngestUrl(endpointId: string, options?: RequestOptions): Promise<operations['getIngestUrl']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getIngestUrl', method: 'GET', path: `/v1/endpoints/${encodeURIComponent(endpointId)}/ingest-url`, idempotent: false }, options);
  }

  /** Get an issue (`GET /v1/issues/{issue_id}`). */
  getIssue(issueId: string, options?: RequestOptions): Promise<operations['getIssue']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getIssue', method: 'GET', path: `/v1/issues/${encodeURIComponent(issueId)}`, idempotent: false }, options);
  }

  /** Get a notification target (`GET /v1/notification-targets/{target_id}`). */
  getNotificationTarget(targetId: string, options?: RequestOptions): Promise<operations['getNotificationTarget']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getNotificationTarget', method: 'GET', path: `/v1/notification-targets/${encodeURIComponent(targetId)}`, idempotent: false }, options);
  }

  /** The plan, its allowance and this period's captured events (`GET /v1/usage`). */
  getUsage(options?: RequestOptions): Promise<operations['getUsage']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'getUsage', method: 'GET', path: '/v1/usage', idempotent: false }, options);
  }

  /** List the agents authorized on the MCP server (OAuth grants in force), newest first (`GET /v1/agents`). */
  listAgents(query?: operations['listAgents']['parameters']['query'], options?: RequestOptions): Promise<operations['listAgents']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listAgents', method: 'GET', path: '/v1/agents', query, idempotent: false }, options);
  }

  /** Every item of `listAgents`, page after page (follows `next_cursor`). */
  listAgentsAll(query?: Omit<NonNullable<operations['listAgents']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listAgents']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listAgents({ ...query, cursor }, options));
  }

  /** List API keys, masked (`GET /v1/api-keys`). */
  listApiKeys(query?: operations['listApiKeys']['parameters']['query'], options?: RequestOptions): Promise<operations['listApiKeys']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listApiKeys', method: 'GET', path: '/v1/api-keys', query, idempotent: false }, options);
  }

  /** Every item of `listApiKeys`, page after page (follows `next_cursor`). */
  listApiKeysAll(query?: Omit<NonNullable<operations['listApiKeys']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listApiKeys']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listApiKeys({ ...query, cursor }, options));
  }

  /** List audit entries, newest first (`GET /v1/audit`). */
  listAuditEntries(query?: operations['listAuditEntries']['parameters']['query'], options?: RequestOptions): Promise<operations['listAuditEntries']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listAuditEntries', method: 'GET', path: '/v1/audit', query, idempotent: false }, options);
  }

  /** Every item of `listAuditEntries`, page after page (follows `next_cursor`). */
  listAuditEntriesAll(query?: Omit<NonNullable<operations['listAuditEntries']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listAuditEntries']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listAuditEntries({ ...query, cursor }, options));
  }

  /** List bulk retries, newest first, with their progress (`GET /v1/bulk-retries`). */
  listBulkRetries(query?: operations['listBulkRetries']['parameters']['query'], options?: RequestOptions): Promise<operations['listBulkRetries']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listBulkRetries', method: 'GET', path: '/v1/bulk-retries', query, idempotent: false }, options);
  }

  /** Every item of `listBulkRetries`, page after page (follows `next_cursor`). */
  listBulkRetriesAll(query?: Omit<NonNullable<operations['listBulkRetries']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listBulkRetries']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listBulkRetries({ ...query, cursor }, options));
  }

  /** List deliveries, newest first; state=dead_lettered lists the dead letters, state=filtered those a subscription filter turned away (`GET /v1/deliveries`). */
  listDeliveries(query?: operations['listDeliveries']['parameters']['query'], options?: RequestOptions): Promise<operations['listDeliveries']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listDeliveries', method: 'GET', path: '/v1/deliveries', query, idempotent: false }, options);
  }

  /** Every item of `listDeliveries`, page after page (follows `next_cursor`). */
  listDeliveriesAll(query?: Omit<NonNullable<operations['listDeliveries']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listDeliveries']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listDeliveries({ ...query, cursor }, options));
  }

  /** List destinations, newest first (`GET /v1/destinations`). */
  listDestinations(query?: operations['listDestinations']['parameters']['query'], options?: RequestOptions): Promise<operations['listDestinations']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listDestinations', method: 'GET', path: '/v1/destinations', query, idempotent: false }, options);
  }

  /** Every item of `listDestinations`, page after page (follows `next_cursor`). */
  listDestinationsAll(query?: Omit<NonNullable<operations['listDestinations']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listDestinations']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listDestinations({ ...query, cursor }, options));
  }

  /** The event types an endpoint's events carry: how many of each, first and last seen (docs/event-types.md) (`GET /v1/endpoints/{endpoint_id}/event-types`). */
  listEndpointEventTypes(endpointId: string, options?: RequestOptions): Promise<operations['listEndpointEventTypes']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listEndpointEventTypes', method: 'GET', path: `/v1/endpoints/${encodeURIComponent(endpointId)}/event-types`, idempotent: false }, options);
  }

  /** List endpoints, newest first (`GET /v1/endpoints`). */
  listEndpoints(query?: operations['listEndpoints']['parameters']['query'], options?: RequestOptions): Promise<operations['listEndpoints']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listEndpoints', method: 'GET', path: '/v1/endpoints', query, idempotent: false }, options);
  }

  /** Every item of `listEndpoints`, page after page (follows `next_cursor`). */
  listEndpointsAll(query?: Omit<NonNullable<operations['listEndpoints']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listEndpoints']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listEndpoints({ ...query, cursor }, options));
  }

  /** List captured events, newest first (`GET /v1/events`). */
  listEvents(query?: operations['listEvents']['parameters']['query'], options?: RequestOptions): Promise<operations['listEvents']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listEvents', method: 'GET', path: '/v1/events', query, idempotent: false }, options);
  }

  /** Every item of `listEvents`, page after page (follows `next_cursor`). */
  listEventsAll(query?: Omit<NonNullable<operations['listEvents']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listEvents']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listEvents({ ...query, cursor }, options));
  }

  /** List your event types, newest first (`GET /v1/event-types`). */
  listEventTypes(query?: operations['listEventTypes']['parameters']['query'], options?: RequestOptions): Promise<operations['listEventTypes']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listEventTypes', method: 'GET', path: '/v1/event-types', query, idempotent: false }, options);
  }

  /** Every item of `listEventTypes`, page after page (follows `next_cursor`). */
  listEventTypesAll(query?: Omit<NonNullable<operations['listEventTypes']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listEventTypes']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listEventTypes({ ...query, cursor }, options));
  }

  /** Failures grouped per destination (or endpoint) and kind, newest first: one issue per outage, not one per attempt (`GET /v1/issues`). */
  listIssues(query?: operations['listIssues']['parameters']['query'], options?: RequestOptions): Promise<operations['listIssues']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listIssues', method: 'GET', path: '/v1/issues', query, idempotent: false }, options);
  }

  /** Every item of `listIssues`, page after page (follows `next_cursor`). */
  listIssuesAll(query?: Omit<NonNullable<operations['listIssues']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listIssues']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listIssues({ ...query, cursor }, options));
  }

  /** Notifications sent or still being sent, newest first, one per target: state, attempts, the last error (`GET /v1/notifications`). */
  listNotifications(query?: operations['listNotifications']['parameters']['query'], options?: RequestOptions): Promise<operations['listNotifications']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listNotifications', method: 'GET', path: '/v1/notifications', query, idempotent: false }, options);
  }

  /** Every item of `listNotifications`, page after page (follows `next_cursor`). */
  listNotificationsAll(query?: Omit<NonNullable<operations['listNotifications']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listNotifications']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listNotifications({ ...query, cursor }, options));
  }

  /** List notification targets, newest first (`GET /v1/notification-targets`). */
  listNotificationTargets(query?: operations['listNotificationTargets']['parameters']['query'], options?: RequestOptions): Promise<operations['listNotificationTargets']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listNotificationTargets', method: 'GET', path: '/v1/notification-targets', query, idempotent: false }, options);
  }

  /** Every item of `listNotificationTargets`, page after page (follows `next_cursor`). */
  listNotificationTargetsAll(query?: Omit<NonNullable<operations['listNotificationTargets']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listNotificationTargets']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listNotificationTargets({ ...query, cursor }, options));
  }

  /** List provider secrets, masked (`GET /v1/endpoints/{endpoint_id}/secrets`). */
  listProviderSecrets(endpointId: string, options?: RequestOptions): Promise<operations['listProviderSecrets']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listProviderSecrets', method: 'GET', path: `/v1/endpoints/${encodeURIComponent(endpointId)}/secrets`, idempotent: false }, options);
  }

  /** List subscriptions, newest first (`GET /v1/subscriptions`). */
  listSubscriptions(query?: operations['listSubscriptions']['parameters']['query'], options?: RequestOptions): Promise<operations['listSubscriptions']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listSubscriptions', method: 'GET', path: '/v1/subscriptions', query, idempotent: false }, options);
  }

  /** Every item of `listSubscriptions`, page after page (follows `next_cursor`). */
  listSubscriptionsAll(query?: Omit<NonNullable<operations['listSubscriptions']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listSubscriptions']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listSubscriptions({ ...query, cursor }, options));
  }

  /** The versions of the destination’s transformation, newest first, and which one is active (`GET /v1/destinations/{destination_id}/transformations`). */
  listTransformations(destinationId: string, options?: RequestOptions): Promise<operations['listTransformations']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listTransformations', method: 'GET', path: `/v1/destinations/${encodeURIComponent(destinationId)}/transformations`, idempotent: false }, options);
  }

  /** List triggers (agents’ positions in endpoints’ events), newest first (`GET /v1/triggers`). */
  listTriggers(query?: operations['listTriggers']['parameters']['query'], options?: RequestOptions): Promise<operations['listTriggers']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'listTriggers', method: 'GET', path: '/v1/triggers', query, idempotent: false }, options);
  }

  /** Every item of `listTriggers`, page after page (follows `next_cursor`). */
  listTriggersAll(query?: Omit<NonNullable<operations['listTriggers']['parameters']['query']>, 'cursor'>, options?: RequestOptions): AsyncGenerator<operations['listTriggers']['responses'][200]['content']['application/json']['data'][number], void, undefined> {
    return this.paginate((cursor) => this.listTriggers({ ...query, cursor }, options));
  }

  /** Pause a destination: events still join its queue, which holds in order (nothing sent, nothing dead-lettered) until it is resumed (`POST /v1/destinations/{destination_id}/pause`). */
  pauseDestination(destinationId: string, body?: NonNullable<operations['pauseDestination']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['pauseDestination']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'pauseDestination', method: 'POST', path: `/v1/destinations/${encodeURIComponent(destinationId)}/pause`, body, idempotent: true }, options);
  }

  /** How many of a destination's dead letters (and distinct events) a bulk retry of this selection would send again; changes nothing (`POST /v1/bulk-retries/preview`). */
  previewBulkRetry(body: NonNullable<operations['previewBulkRetry']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['previewBulkRetry']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'previewBulkRetry', method: 'POST', path: '/v1/bulk-retries/preview', body, idempotent: true }, options);
  }

  /** Remove a provider secret at once (`DELETE /v1/endpoints/{endpoint_id}/secrets/{secret_id}`). */
  removeProviderSecret(endpointId: string, secretId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'removeProviderSecret', method: 'DELETE', path: `/v1/endpoints/${encodeURIComponent(endpointId)}/secrets/${encodeURIComponent(secretId)}`, idempotent: false }, options);
  }

  /** Send events again to a registered destination: by event, by dead letter, or by time range (new deliveries, in capture order) (`POST /v1/replays`). */
  replay(body: NonNullable<operations['replay']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['replay']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'replay', method: 'POST', path: '/v1/replays', body, idempotent: true }, options);
  }

  /** Resolve an issue by hand; the next failure of its kind opens a new one (`POST /v1/issues/{issue_id}/resolve`). */
  resolveIssue(issueId: string, options?: RequestOptions): Promise<operations['resolveIssue']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'resolveIssue', method: 'POST', path: `/v1/issues/${encodeURIComponent(issueId)}/resolve`, idempotent: true }, options);
  }

  /** Resume a paused or turned-off destination: its breaker closes and its queue is sent in order from the head, at once (`POST /v1/destinations/{destination_id}/resume`). */
  resumeDestination(destinationId: string, options?: RequestOptions): Promise<operations['resumeDestination']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'resumeDestination', method: 'POST', path: `/v1/destinations/${encodeURIComponent(destinationId)}/resume`, idempotent: true }, options);
  }

  /** Revoke an agent: its access and refresh tokens stop working at once (`DELETE /v1/agents/{agent_id}`). */
  revokeAgent(agentId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'revokeAgent', method: 'DELETE', path: `/v1/agents/${encodeURIComponent(agentId)}`, idempotent: false }, options);
  }

  /** Revoke an API key for good (`DELETE /v1/api-keys/{key_id}`). */
  revokeApiKey(keyId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'revokeApiKey', method: 'DELETE', path: `/v1/api-keys/${encodeURIComponent(keyId)}`, idempotent: false }, options);
  }

  /** Stop signing with a secret at once (`DELETE /v1/destinations/{destination_id}/secrets/{secret_id}`). */
  revokeDestinationSecret(destinationId: string, secretId: string, options?: RequestOptions): Promise<void> {
    return this.send({ operationId: 'revokeDestinationSecret', method: 'DELETE', path: `/v1/destinations/${encodeURIComponent(destinationId)}/secrets/${encodeURIComponent(secretId)}`, idempotent: false }, options);
  }

  /** Add a signing secret and retire the active ones after a grace period (both sign until then); without a body, the secret is generated and the grace period is one day (`POST /v1/destinations/{destination_id}/secrets/rotate`). */
  rotateDestinationSecret(destinationId: string, body?: NonNullable<operations['rotateDestinationSecret']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['rotateDestinationSecret']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'rotateDestinationSecret', method: 'POST', path: `/v1/destinations/${encodeURIComponent(destinationId)}/secrets/rotate`, body, idempotent: true }, options);
  }

  /** Rotate the ingest token in place (the old URL answers 404) (`POST /v1/endpoints/{endpoint_id}/ingest-url/rotate`). */
  rotateIngestUrl(endpointId: string, options?: RequestOptions): Promise<operations['rotateIngestUrl']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'rotateIngestUrl', method: 'POST', path: `/v1/endpoints/${encodeURIComponent(endpointId)}/ingest-url/rotate`, idempotent: true }, options);
  }

  /** Add a secret and retire the active ones after a grace period (`POST /v1/endpoints/{endpoint_id}/secrets/rotate`). */
  rotateProviderSecrets(endpointId: string, body: NonNullable<operations['rotateProviderSecrets']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['rotateProviderSecrets']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'rotateProviderSecrets', method: 'POST', path: `/v1/endpoints/${encodeURIComponent(endpointId)}/secrets/rotate`, body, idempotent: true }, options);
  }

  /** Start a durable job that sends a destination's selected dead letters again, in their order, as new deliveries (docs/bulk-retry.md) (`POST /v1/bulk-retries`). */
  startBulkRetry(body: NonNullable<operations['startBulkRetry']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['startBulkRetry']['responses'][202]['content']['application/json']> {
    return this.send({ operationId: 'startBulkRetry', method: 'POST', path: '/v1/bulk-retries', body, idempotent: true }, options);
  }

  /** Send a notification.test notification to this target only (whatever its types); answers the queued notification (`POST /v1/notification-targets/{target_id}/test`). */
  testNotificationTarget(targetId: string, options?: RequestOptions): Promise<operations['testNotificationTarget']['responses'][201]['content']['application/json']> {
    return this.send({ operationId: 'testNotificationTarget', method: 'POST', path: `/v1/notification-targets/${encodeURIComponent(targetId)}/test`, idempotent: true }, options);
  }

  /** Run code (or a saved version) on a captured event in the sandbox and show the request it makes and its logs; sends and saves nothing (`POST /v1/destinations/{destination_id}/transformations/test`). */
  testTransformation(destinationId: string, body: NonNullable<operations['testTransformation']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['testTransformation']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'testTransformation', method: 'POST', path: `/v1/destinations/${encodeURIComponent(destinationId)}/transformations/test`, body, idempotent: true }, options);
  }

  /** Change a destination; enabling it again resumes its queue (`PATCH /v1/destinations/{destination_id}`). */
  updateDestination(destinationId: string, body: NonNullable<operations['updateDestination']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['updateDestination']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'updateDestination', method: 'PATCH', path: `/v1/destinations/${encodeURIComponent(destinationId)}`, body, idempotent: false }, options);
  }

  /** Rename an endpoint or change its provider (`PATCH /v1/endpoints/{endpoint_id}`). */
  updateEndpoint(endpointId: string, body: NonNullable<operations['updateEndpoint']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['updateEndpoint']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'updateEndpoint', method: 'PATCH', path: `/v1/endpoints/${encodeURIComponent(endpointId)}`, body, idempotent: false }, options);
  }

  /** Change the schema or the description of an event type (`PATCH /v1/event-types/{event_type_id}`). */
  updateEventType(eventTypeId: string, body: NonNullable<operations['updateEventType']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['updateEventType']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'updateEventType', method: 'PATCH', path: `/v1/event-types/${encodeURIComponent(eventTypeId)}`, body, idempotent: false }, options);
  }

  /** Change the types, the address or url, the description, or turn a target off and on (`PATCH /v1/notification-targets/{target_id}`). */
  updateNotificationTarget(targetId: string, body: NonNullable<operations['updateNotificationTarget']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['updateNotificationTarget']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'updateNotificationTarget', method: 'PATCH', path: `/v1/notification-targets/${encodeURIComponent(targetId)}`, body, idempotent: false }, options);
  }

  /** Set or remove (null) the filter; events fanned out from then on are judged by the new one (`PATCH /v1/subscriptions/{subscription_id}`). */
  updateSubscription(subscriptionId: string, body: NonNullable<operations['updateSubscription']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['updateSubscription']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'updateSubscription', method: 'PATCH', path: `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, body, idempotent: false }, options);
  }

  /** Walk the hash chain, name the first broken link, and check that it ends at the anchored head (newest entries deleted) (`POST /v1/audit/verify`). */
  verifyAuditChain(options?: RequestOptions): Promise<operations['verifyAuditChain']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'verifyAuditChain', method: 'POST', path: '/v1/audit/verify', idempotent: true }, options);
  }

  /** Register (or reuse) a trigger on an endpoint and return the events captured since its cursor, in capture order, at least once; `ack` moves the cursor (the MCP tool triggers.wait) (`POST /v1/triggers/wait`). */
  waitForTrigger(body: NonNullable<operations['waitForTrigger']['requestBody']>['content']['application/json'], options?: RequestOptions): Promise<operations['waitForTrigger']['responses'][200]['content']['application/json']> {
    return this.send({ operationId: 'waitForTrigger', method: 'POST', path: '/v1/triggers/wait', body, idempotent: true }, options);
  }
}
