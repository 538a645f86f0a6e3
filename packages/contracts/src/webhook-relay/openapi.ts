import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { RELAY_ADMIN_OPERATIONS } from './admin.js';
import { ApiKey, CreateApiKeyRequest, CreatedApiKey } from './api-keys.js';
import { AuditEntry, AuditVerification } from './audit.js';
import { IdempotencyKey, RelayError, RelayHealth, RelayId, RelayListQuery, relayPage } from './common.js';
import {
  CreateEndpointRequest,
  DeleteEndpointQuery,
  Endpoint,
  EndpointWithIngestUrl,
  IngestUrl,
  UpdateEndpointRequest,
} from './endpoints.js';
import { EventDetail, EventStreamQuery, EventSummary, ListEventsQuery } from './events.js';
import { CreateEventTypeRequest, EndpointEventTypeList, EventType, UpdateEventTypeRequest } from './event-types.js';
import { DashboardSession, DashboardSignIn } from './dashboard-session.js';
import {
  AddProviderSecretRequest,
  ProviderSecret,
  ProviderSecretList,
  RotatedProviderSecrets,
  RotateProviderSecretRequest,
} from './provider-secrets.js';
import { Usage } from './usage.js';
import { DestinationHealth, EndpointVolume, StatsQuery } from './health.js';
import { Agent, ListTriggersQuery, Trigger, TriggerWaitRequest, TriggerWaitResult } from './triggers.js';
import {
  CreateDestinationRequest,
  CreatedDestination,
  CreateSubscriptionRequest,
  Destination,
  ListSubscriptionsQuery,
  PauseDestinationRequest,
  RotateDestinationSecretRequest,
  RotatedDestinationSecret,
  Subscription,
  UpdateDestinationRequest,
} from './destinations.js';
import {
  ActivateTransformationRequest,
  CreateTransformationRequest,
  TestTransformationRequest,
  Transformation,
  TransformationList,
  TransformationTestResult,
} from './transformations.js';
import { SubscriptionFilterDryRunRequest, SubscriptionFilterDryRunResult, UpdateSubscriptionRequest } from './subscription-filters.js';
import { Issue, ListIssuesQuery } from './issues.js';
import { Delivery, DeliveryDetail, ListDeliveriesQuery, ReplayRequest, ReplayResult } from './deliveries.js';
import { BulkRetry, BulkRetryPreview, BulkRetrySelection, ListBulkRetriesQuery } from './bulk-retries.js';
import {
  CreatedNotificationTarget,
  CreateNotificationTargetRequest,
  ListNotificationsQuery,
  Notification,
  NotificationTarget,
  UpdateNotificationTargetRequest,
} from './notifications.js';

type Method = 'get' | 'post' | 'patch' | 'delete';

interface Operation {
  method: Method;
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  params?: string[];
  query?: z.ZodObject | z.ZodPipe;
  body?: z.ZodType;
  /** Every member has a default, so an empty request is a request for the defaults. */
  bodyOptional?: true;
  /** What the body names that may not exist (404), for operations whose ids travel in the body. */
  notFound?: string;
  /** What may be past the tenant's retention window (410 expired, naming the window). */
  expired?: string;
  status: number;
  response?: z.ZodType;
  /** A server-sent events stream (text/event-stream) instead of one JSON answer; says what it sends. */
  stream?: string;
}

const page = (item: z.ZodType) => relayPage(item);

// The one list of what /v1 serves: the document is built from it, and the service's test
// compares it with the routes Express actually registered.
const OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/v1/api-keys',
    operationId: 'createApiKey',
    tag: 'API keys',
    summary: 'Create an API key (the secret is shown once)',
    body: CreateApiKeyRequest,
    status: 201,
    response: CreatedApiKey,
  },
  {
    method: 'get',
    path: '/v1/api-keys',
    operationId: 'listApiKeys',
    tag: 'API keys',
    summary: 'List API keys, masked',
    query: RelayListQuery,
    status: 200,
    response: page(ApiKey),
  },
  {
    method: 'delete',
    path: '/v1/api-keys/{key_id}',
    operationId: 'revokeApiKey',
    tag: 'API keys',
    summary: 'Revoke an API key for good',
    params: ['key_id'],
    status: 204,
  },
  {
    method: 'post',
    path: '/v1/endpoints',
    operationId: 'createEndpoint',
    tag: 'Endpoints',
    summary: 'Create an endpoint and its ingest URL',
    body: CreateEndpointRequest,
    status: 201,
    response: EndpointWithIngestUrl,
  },
  {
    method: 'get',
    path: '/v1/endpoints',
    operationId: 'listEndpoints',
    tag: 'Endpoints',
    summary: 'List endpoints, newest first',
    query: RelayListQuery,
    status: 200,
    response: page(Endpoint),
  },
  {
    method: 'get',
    path: '/v1/endpoints/{endpoint_id}',
    operationId: 'getEndpoint',
    tag: 'Endpoints',
    summary: 'Get an endpoint',
    params: ['endpoint_id'],
    status: 200,
    response: Endpoint,
  },
  {
    method: 'get',
    path: '/v1/endpoints/{endpoint_id}/volume',
    operationId: 'getEndpointVolume',
    tag: 'Endpoints',
    summary: 'Events the endpoint captured per bucket over a recent window, by verification state (docs/health.md)',
    params: ['endpoint_id'],
    query: StatsQuery,
    status: 200,
    response: EndpointVolume,
  },
  {
    method: 'patch',
    path: '/v1/endpoints/{endpoint_id}',
    operationId: 'updateEndpoint',
    tag: 'Endpoints',
    summary: 'Rename an endpoint or change its provider',
    params: ['endpoint_id'],
    body: UpdateEndpointRequest,
    status: 200,
    response: Endpoint,
  },
  {
    method: 'delete',
    path: '/v1/endpoints/{endpoint_id}',
    operationId: 'deleteEndpoint',
    tag: 'Endpoints',
    summary: 'Delete an endpoint (its URL stops answering; its events stay for the retention window, or go now with purge_events=true)',
    params: ['endpoint_id'],
    query: DeleteEndpointQuery,
    status: 204,
  },
  {
    method: 'get',
    path: '/v1/endpoints/{endpoint_id}/ingest-url',
    operationId: 'getIngestUrl',
    tag: 'Endpoints',
    summary: 'Read the ingest URL again',
    params: ['endpoint_id'],
    status: 200,
    response: IngestUrl,
  },
  {
    method: 'post',
    path: '/v1/endpoints/{endpoint_id}/ingest-url/rotate',
    operationId: 'rotateIngestUrl',
    tag: 'Endpoints',
    summary: 'Rotate the ingest token in place (the old URL answers 404)',
    params: ['endpoint_id'],
    status: 200,
    response: IngestUrl,
  },
  {
    method: 'get',
    path: '/v1/endpoints/{endpoint_id}/secrets',
    operationId: 'listProviderSecrets',
    tag: 'Provider secrets',
    summary: 'List provider secrets, masked',
    params: ['endpoint_id'],
    status: 200,
    response: ProviderSecretList,
  },
  {
    method: 'post',
    path: '/v1/endpoints/{endpoint_id}/secrets',
    operationId: 'addProviderSecret',
    tag: 'Provider secrets',
    summary: 'Add a provider secret (others stay active)',
    params: ['endpoint_id'],
    body: AddProviderSecretRequest,
    status: 201,
    response: ProviderSecret,
  },
  {
    method: 'post',
    path: '/v1/endpoints/{endpoint_id}/secrets/rotate',
    operationId: 'rotateProviderSecrets',
    tag: 'Provider secrets',
    summary: 'Add a secret and retire the active ones after a grace period',
    params: ['endpoint_id'],
    body: RotateProviderSecretRequest,
    status: 201,
    response: RotatedProviderSecrets,
  },
  {
    method: 'delete',
    path: '/v1/endpoints/{endpoint_id}/secrets/{secret_id}',
    operationId: 'removeProviderSecret',
    tag: 'Provider secrets',
    summary: 'Remove a provider secret at once',
    params: ['endpoint_id', 'secret_id'],
    status: 204,
  },
  {
    method: 'get',
    path: '/v1/events',
    operationId: 'listEvents',
    tag: 'Events',
    summary: 'List captured events, newest first',
    query: ListEventsQuery,
    status: 200,
    response: page(EventSummary),
  },
  {
    method: 'get',
    path: '/v1/events/stream',
    operationId: 'streamEvents',
    tag: 'Events',
    summary: 'Live events as they are captured and checked (server-sent events)',
    query: EventStreamQuery,
    status: 200,
    stream:
      'Server-sent events. `event: ready` once listening; then `event: event` with an EventSummary as `data` (and its id as the SSE `id`) for each event captured, and again when its verification result is recorded; comments as keep-alives every 15 s. Events of the filters only. A reconnecting client lists what it missed with GET /v1/events.',
  },
  {
    method: 'get',
    path: '/v1/events/{event_id}',
    operationId: 'getEvent',
    tag: 'Events',
    summary: 'Get an event with its headers, body and verification',
    params: ['event_id'],
    expired: "expired: the event was received before the tenant's retention window (the message names the window)",
    status: 200,
    response: EventDetail,
  },
  {
    method: 'get',
    path: '/v1/endpoints/{endpoint_id}/event-types',
    operationId: 'listEndpointEventTypes',
    tag: 'Event types',
    summary: "The event types an endpoint's events carry: how many of each, first and last seen (docs/event-types.md)",
    params: ['endpoint_id'],
    status: 200,
    response: EndpointEventTypeList,
  },
  {
    method: 'post',
    path: '/v1/event-types',
    operationId: 'createEventType',
    tag: 'Event types',
    summary: 'Add an event type of your own with a JSON Schema its events are checked against (an invalid schema: 400)',
    body: CreateEventTypeRequest,
    status: 201,
    response: EventType,
  },
  {
    method: 'get',
    path: '/v1/event-types',
    operationId: 'listEventTypes',
    tag: 'Event types',
    summary: 'List your event types, newest first',
    query: RelayListQuery,
    status: 200,
    response: page(EventType),
  },
  {
    method: 'get',
    path: '/v1/event-types/{event_type_id}',
    operationId: 'getEventType',
    tag: 'Event types',
    summary: 'Get an event type and its schema',
    params: ['event_type_id'],
    status: 200,
    response: EventType,
  },
  {
    method: 'patch',
    path: '/v1/event-types/{event_type_id}',
    operationId: 'updateEventType',
    tag: 'Event types',
    summary: 'Change the schema or the description of an event type',
    params: ['event_type_id'],
    body: UpdateEventTypeRequest,
    status: 200,
    response: EventType,
  },
  {
    method: 'delete',
    path: '/v1/event-types/{event_type_id}',
    operationId: 'deleteEventType',
    tag: 'Event types',
    summary: 'Delete an event type (its events keep their type; they are no longer checked)',
    params: ['event_type_id'],
    status: 204,
  },
  {
    method: 'get',
    path: '/v1/audit',
    operationId: 'listAuditEntries',
    tag: 'Audit',
    summary: 'List audit entries, newest first',
    query: RelayListQuery,
    status: 200,
    response: page(AuditEntry),
  },
  {
    method: 'post',
    path: '/v1/audit/verify',
    operationId: 'verifyAuditChain',
    tag: 'Audit',
    summary: 'Walk the hash chain, name the first broken link, and check that it ends at the anchored head (newest entries deleted)',
    status: 200,
    response: AuditVerification,
  },
  {
    method: 'post',
    path: '/v1/destinations',
    operationId: 'createDestination',
    tag: 'Destinations',
    summary: 'Register a destination (its signing secret is shown once)',
    body: CreateDestinationRequest,
    status: 201,
    response: CreatedDestination,
  },
  {
    method: 'get',
    path: '/v1/destinations',
    operationId: 'listDestinations',
    tag: 'Destinations',
    summary: 'List destinations, newest first',
    query: RelayListQuery,
    status: 200,
    response: page(Destination),
  },
  {
    method: 'get',
    path: '/v1/destinations/{destination_id}',
    operationId: 'getDestination',
    tag: 'Destinations',
    summary: 'Get a destination',
    params: ['destination_id'],
    status: 200,
    response: Destination,
  },
  {
    method: 'get',
    path: '/v1/destinations/{destination_id}/health',
    operationId: 'getDestinationHealth',
    tag: 'Destinations',
    summary:
      'Deliveries and attempts over a recent window: success rate, latency, the last failure, the queue now, attempts per bucket (docs/health.md)',
    params: ['destination_id'],
    query: StatsQuery,
    status: 200,
    response: DestinationHealth,
  },
  {
    method: 'patch',
    path: '/v1/destinations/{destination_id}',
    operationId: 'updateDestination',
    tag: 'Destinations',
    summary: 'Change a destination; enabling it again resumes its queue',
    params: ['destination_id'],
    body: UpdateDestinationRequest,
    status: 200,
    response: Destination,
  },
  {
    method: 'delete',
    path: '/v1/destinations/{destination_id}',
    operationId: 'deleteDestination',
    tag: 'Destinations',
    summary: 'Delete a destination (pending deliveries are cancelled)',
    params: ['destination_id'],
    status: 204,
  },
  {
    method: 'post',
    path: '/v1/destinations/{destination_id}/secrets/rotate',
    operationId: 'rotateDestinationSecret',
    tag: 'Destinations',
    summary:
      'Add a signing secret and retire the active ones after a grace period (both sign until then); without a body, the secret is generated and the grace period is one day',
    params: ['destination_id'],
    body: RotateDestinationSecretRequest,
    bodyOptional: true,
    status: 201,
    response: RotatedDestinationSecret,
  },
  {
    method: 'delete',
    path: '/v1/destinations/{destination_id}/secrets/{secret_id}',
    operationId: 'revokeDestinationSecret',
    tag: 'Destinations',
    summary: 'Stop signing with a secret at once',
    params: ['destination_id', 'secret_id'],
    status: 204,
  },
  {
    method: 'post',
    path: '/v1/destinations/{destination_id}/pause',
    operationId: 'pauseDestination',
    tag: 'Destinations',
    summary:
      'Pause a destination: events still join its queue, which holds in order (nothing sent, nothing dead-lettered) until it is resumed',
    params: ['destination_id'],
    body: PauseDestinationRequest,
    bodyOptional: true,
    status: 200,
    response: Destination,
  },
  {
    method: 'post',
    path: '/v1/destinations/{destination_id}/resume',
    operationId: 'resumeDestination',
    tag: 'Destinations',
    summary: 'Resume a paused or turned-off destination: its breaker closes and its queue is sent in order from the head, at once',
    params: ['destination_id'],
    status: 200,
    response: Destination,
  },
  {
    method: 'post',
    path: '/v1/destinations/{destination_id}/transformations',
    operationId: 'createTransformation',
    tag: 'Transformations',
    summary:
      'Save a new version of the destination’s transformation (code that does not compile: 400); activate: true makes it the one deliveries run',
    params: ['destination_id'],
    body: CreateTransformationRequest,
    status: 201,
    response: Transformation,
  },
  {
    method: 'get',
    path: '/v1/destinations/{destination_id}/transformations',
    operationId: 'listTransformations',
    tag: 'Transformations',
    summary: 'The versions of the destination’s transformation, newest first, and which one is active',
    params: ['destination_id'],
    status: 200,
    response: TransformationList,
  },
  {
    method: 'post',
    path: '/v1/destinations/{destination_id}/transformations/activate',
    operationId: 'activateTransformation',
    tag: 'Transformations',
    summary: 'Choose the version deliveries run from their next attempt on (null: none); the queue keeps its order',
    params: ['destination_id'],
    body: ActivateTransformationRequest,
    status: 200,
    response: Destination,
  },
  {
    method: 'post',
    path: '/v1/destinations/{destination_id}/transformations/test',
    operationId: 'testTransformation',
    tag: 'Transformations',
    summary:
      'Run code (or a saved version) on a captured event in the sandbox and show the request it makes and its logs; sends and saves nothing',
    params: ['destination_id'],
    body: TestTransformationRequest,
    notFound: 'not_found: the destination, the event or the version does not exist',
    status: 200,
    response: TransformationTestResult,
  },
  {
    method: 'get',
    path: '/v1/issues',
    operationId: 'listIssues',
    tag: 'Issues',
    summary: 'Failures grouped per destination (or endpoint) and kind, newest first: one issue per outage, not one per attempt',
    query: ListIssuesQuery,
    status: 200,
    response: page(Issue),
  },
  {
    method: 'get',
    path: '/v1/issues/{issue_id}',
    operationId: 'getIssue',
    tag: 'Issues',
    summary: 'Get an issue',
    params: ['issue_id'],
    status: 200,
    response: Issue,
  },
  {
    method: 'post',
    path: '/v1/issues/{issue_id}/acknowledge',
    operationId: 'acknowledgeIssue',
    tag: 'Issues',
    summary: 'Acknowledge an open issue (someone is on it); it still resolves by itself when deliveries succeed again',
    params: ['issue_id'],
    status: 200,
    response: Issue,
  },
  {
    method: 'post',
    path: '/v1/issues/{issue_id}/resolve',
    operationId: 'resolveIssue',
    tag: 'Issues',
    summary: 'Resolve an issue by hand; the next failure of its kind opens a new one',
    params: ['issue_id'],
    status: 200,
    response: Issue,
  },
  {
    method: 'post',
    path: '/v1/subscriptions',
    operationId: 'createSubscription',
    tag: 'Subscriptions',
    summary: "Forward an endpoint's events (optionally only some states, event types, or those a filter matches) to a destination",
    body: CreateSubscriptionRequest,
    notFound: 'not_found: the endpoint or the destination does not exist',
    status: 201,
    response: Subscription,
  },
  {
    method: 'get',
    path: '/v1/subscriptions',
    operationId: 'listSubscriptions',
    tag: 'Subscriptions',
    summary: 'List subscriptions, newest first',
    query: ListSubscriptionsQuery,
    status: 200,
    response: page(Subscription),
  },
  {
    method: 'patch',
    path: '/v1/subscriptions/{subscription_id}',
    operationId: 'updateSubscription',
    tag: 'Subscriptions',
    summary: 'Set or remove (null) the filter; events fanned out from then on are judged by the new one',
    params: ['subscription_id'],
    body: UpdateSubscriptionRequest,
    status: 200,
    response: Subscription,
  },
  {
    method: 'post',
    path: '/v1/subscriptions/dry-run',
    operationId: 'dryRunSubscriptionFilter',
    tag: 'Subscriptions',
    summary: "Evaluate a filter against the endpoint's last events (newest first) before saving it; changes nothing",
    body: SubscriptionFilterDryRunRequest,
    notFound: 'not_found: the endpoint does not exist',
    status: 200,
    response: SubscriptionFilterDryRunResult,
  },
  {
    method: 'delete',
    path: '/v1/subscriptions/{subscription_id}',
    operationId: 'deleteSubscription',
    tag: 'Subscriptions',
    summary: 'Stop forwarding (deliveries already queued go on)',
    params: ['subscription_id'],
    status: 204,
  },
  {
    method: 'get',
    path: '/v1/deliveries',
    operationId: 'listDeliveries',
    tag: 'Deliveries',
    summary:
      'List deliveries, newest first; state=dead_lettered lists the dead letters, state=filtered those a subscription filter turned away',
    query: ListDeliveriesQuery,
    status: 200,
    response: page(Delivery),
  },
  {
    method: 'get',
    path: '/v1/deliveries/{delivery_id}',
    operationId: 'getDelivery',
    tag: 'Deliveries',
    summary: 'Get a delivery with its attempts',
    params: ['delivery_id'],
    expired: "expired: the delivery's event was received before the tenant's retention window (the message names the window)",
    status: 200,
    response: DeliveryDetail,
  },
  {
    method: 'post',
    path: '/v1/replays',
    operationId: 'replay',
    tag: 'Deliveries',
    summary: 'Send events again to a registered destination: by event, by dead letter, or by time range (new deliveries, in capture order)',
    body: ReplayRequest,
    notFound: 'not_found: the destination, an event or a delivery does not exist',
    expired:
      "expired: an event named (or a dead letter's event, or the whole from/to range) is before the tenant's retention window (the message names the window)",
    status: 201,
    response: ReplayResult,
  },
  {
    method: 'post',
    path: '/v1/bulk-retries/preview',
    operationId: 'previewBulkRetry',
    tag: 'Bulk retries',
    summary:
      "How many of a destination's dead letters (and distinct events) a bulk retry of this selection would send again; changes nothing",
    body: BulkRetrySelection,
    notFound: 'not_found: the destination does not exist',
    status: 200,
    response: BulkRetryPreview,
  },
  {
    method: 'post',
    path: '/v1/bulk-retries',
    operationId: 'startBulkRetry',
    tag: 'Bulk retries',
    summary:
      "Start a durable job that sends a destination's selected dead letters again, in their order, as new deliveries (docs/bulk-retry.md)",
    body: BulkRetrySelection,
    notFound: 'not_found: the destination does not exist',
    status: 202,
    response: BulkRetry,
  },
  {
    method: 'get',
    path: '/v1/bulk-retries',
    operationId: 'listBulkRetries',
    tag: 'Bulk retries',
    summary: 'List bulk retries, newest first, with their progress',
    query: ListBulkRetriesQuery,
    status: 200,
    response: page(BulkRetry),
  },
  {
    method: 'get',
    path: '/v1/bulk-retries/{bulk_retry_id}',
    operationId: 'getBulkRetry',
    tag: 'Bulk retries',
    summary: 'Get a bulk retry: its state and progress (retried of total)',
    params: ['bulk_retry_id'],
    status: 200,
    response: BulkRetry,
  },
  {
    method: 'post',
    path: '/v1/bulk-retries/{bulk_retry_id}/cancel',
    operationId: 'cancelBulkRetry',
    tag: 'Bulk retries',
    summary: 'Cancel a queued or running bulk retry: no dead letter is queued after the answer (409 conflict once it finished)',
    params: ['bulk_retry_id'],
    status: 200,
    response: BulkRetry,
  },
  {
    method: 'post',
    path: '/v1/triggers/wait',
    operationId: 'waitForTrigger',
    tag: 'Triggers',
    summary:
      'Register (or reuse) a trigger on an endpoint and return the events captured since its cursor, in capture order, at least once; `ack` moves the cursor (the MCP tool triggers.wait)',
    body: TriggerWaitRequest,
    notFound: 'not_found: the endpoint does not exist',
    status: 200,
    response: TriggerWaitResult,
  },
  {
    method: 'get',
    path: '/v1/triggers',
    operationId: 'listTriggers',
    tag: 'Triggers',
    summary: 'List triggers (agents’ positions in endpoints’ events), newest first',
    query: ListTriggersQuery,
    status: 200,
    response: page(Trigger),
  },
  {
    method: 'delete',
    path: '/v1/triggers/{trigger_id}',
    operationId: 'deleteTrigger',
    tag: 'Triggers',
    summary: 'Delete a trigger and its cursor (the next triggers.wait under its name starts afresh)',
    params: ['trigger_id'],
    status: 204,
  },
  {
    method: 'get',
    path: '/v1/agents',
    operationId: 'listAgents',
    tag: 'Agents',
    summary: 'List the agents authorized on the MCP server (OAuth grants in force), newest first',
    query: RelayListQuery,
    status: 200,
    response: page(Agent),
  },
  {
    method: 'delete',
    path: '/v1/agents/{agent_id}',
    operationId: 'revokeAgent',
    tag: 'Agents',
    summary: 'Revoke an agent: its access and refresh tokens stop working at once',
    params: ['agent_id'],
    status: 204,
  },
  {
    method: 'get',
    path: '/v1/usage',
    operationId: 'getUsage',
    tag: 'Usage',
    summary: "The plan, its allowance and this period's captured events",
    status: 200,
    response: Usage,
  },
  {
    method: 'post',
    path: '/v1/notification-targets',
    operationId: 'createNotificationTarget',
    tag: 'Notifications',
    summary:
      'Register where notifications go: a webhook (signed with Standard Webhooks; its secret is shown once) or an email address (needs RELAY_SMTP_URL)',
    body: CreateNotificationTargetRequest,
    status: 201,
    response: CreatedNotificationTarget,
  },
  {
    method: 'get',
    path: '/v1/notification-targets',
    operationId: 'listNotificationTargets',
    tag: 'Notifications',
    summary: 'List notification targets, newest first',
    query: RelayListQuery,
    status: 200,
    response: page(NotificationTarget),
  },
  {
    method: 'get',
    path: '/v1/notification-targets/{target_id}',
    operationId: 'getNotificationTarget',
    tag: 'Notifications',
    summary: 'Get a notification target',
    params: ['target_id'],
    status: 200,
    response: NotificationTarget,
  },
  {
    method: 'patch',
    path: '/v1/notification-targets/{target_id}',
    operationId: 'updateNotificationTarget',
    tag: 'Notifications',
    summary: 'Change the types, the address or url, the description, or turn a target off and on',
    params: ['target_id'],
    body: UpdateNotificationTargetRequest,
    status: 200,
    response: NotificationTarget,
  },
  {
    method: 'delete',
    path: '/v1/notification-targets/{target_id}',
    operationId: 'deleteNotificationTarget',
    tag: 'Notifications',
    summary: 'Delete a notification target and its notifications (pending ones are not sent)',
    params: ['target_id'],
    status: 204,
  },
  {
    method: 'post',
    path: '/v1/notification-targets/{target_id}/test',
    operationId: 'testNotificationTarget',
    tag: 'Notifications',
    summary: 'Send a notification.test notification to this target only (whatever its types); answers the queued notification',
    params: ['target_id'],
    status: 201,
    response: Notification,
  },
  {
    method: 'get',
    path: '/v1/notifications',
    operationId: 'listNotifications',
    tag: 'Notifications',
    summary: 'Notifications sent or still being sent, newest first, one per target: state, attempts, the last error',
    query: ListNotificationsQuery,
    status: 200,
    response: page(Notification),
  },
];

export const RELAY_ROUTES: ReadonlyArray<{ method: Method; path: string }> = OPERATIONS.map(({ method, path }) => ({ method, path }));

/**
 * The schema of each /v1 operation's success answer, by operationId: the very schema its response in the
 * document is generated from (operations answering 204 have none). The service's tests check answers against it.
 */
export const RELAY_ANSWER_CONTRACTS: Readonly<Record<string, z.ZodType>> = Object.fromEntries(
  OPERATIONS.flatMap(({ operationId, response }) => (response ? [[operationId, response] as const] : [])),
);

// Outside /v1 and without an API key: probes and this document.
const PUBLIC_OPERATIONS: RouteConfig[] = [
  {
    method: 'get',
    path: '/healthz',
    operationId: 'getHealth',
    tags: ['Health'],
    summary: 'The process is up',
    responses: { 200: json('Up', RelayHealth) },
  },
  {
    method: 'get',
    path: '/readyz',
    operationId: 'getReadiness',
    tags: ['Health'],
    summary: 'Every dependency answers',
    responses: { 200: json('Ready', RelayHealth), 503: json('A dependency did not answer; the body names it', RelayHealth) },
  },
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tags: ['Health'],
    summary: 'This document',
    responses: { 200: { description: 'An OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
  // The installer of the command-line tool: `curl -fsSL {api}/install.sh | sh`, no checkout needed.
  {
    method: 'get',
    path: '/install.sh',
    operationId: 'getInstallScript',
    tags: ['Install'],
    summary:
      "Installs the CLI: downloads /cli/relay.mjs, checks it against the SHA-256 written into the script, puts `webhook-relay` on the user's PATH",
    responses: {
      200: { description: 'A POSIX shell script', content: { 'text/x-shellscript': { schema: { type: 'string' } } } },
      404: json('not_found: this server has no CLI build to offer', RelayError),
    },
  },
  {
    method: 'get',
    path: '/cli/relay.mjs',
    operationId: 'getCliBundle',
    tags: ['Install'],
    summary: 'The CLI as one ES module (Node.js 18+), what /install.sh installs; its SHA-256 is in the X-Content-SHA256 header',
    responses: {
      200: { description: 'The CLI', content: { 'text/javascript': { schema: { type: 'string' } } } },
      404: json('not_found: this server has no CLI build to offer', RelayError),
    },
  },
  // Browser sign-in of the command-line tool (`webhook-relay login`): OpenID Connect or GitHub OAuth with PKCE.
  {
    method: 'get',
    path: '/auth/cli/start',
    operationId: 'startCliSignIn',
    tags: ['Sign-in'],
    summary:
      'Start a browser sign-in for the CLI: redirects to the identity provider (or shows a chooser when several are configured and none is named)',
    request: {
      query: z.object({
        redirect_uri: z.string().meta({
          description:
            "The CLI's one-time loopback URL, http://127.0.0.1:<port>/<path> (localhost and [::1] too); nothing else is accepted.",
        }),
        state: z
          .string()
          .regex(/^[A-Za-z0-9_-]{16,512}$/)
          .meta({ description: 'Random; sent back to redirect_uri unchanged.' }),
        provider: z.string().optional().meta({ description: 'A configured identity provider id (e.g. github, google).' }),
      }),
    },
    responses: {
      200: { description: 'A page to choose the identity provider', content: { 'text/html': { schema: { type: 'string' } } } },
      302: { description: "To the identity provider's authorization endpoint" },
      400: json('invalid_request: redirect_uri is not a loopback URL, state is malformed, or the provider is unknown', RelayError),
      404: json('not_found: browser sign-in is not configured on this server', RelayError),
    },
  },
  {
    method: 'get',
    path: '/auth/callback',
    operationId: 'finishCliSignIn',
    tags: ['Sign-in'],
    summary:
      "The identity provider's redirect back: creates a free account on a first sign-in and redirects to the CLI's loopback URL with a new API key (`key`) and its `state`, or with `error`",
    request: { query: z.object({ state: z.string(), code: z.string().optional(), error: z.string().optional() }) },
    responses: {
      302: {
        description: "To the CLI's loopback URL: ?state=...&key=whk_... on success, ?state=...&error=...&error_description=... on failure",
      },
      400: json('invalid_request: the sign-in expired or was already used', RelayError),
      404: json('not_found: browser sign-in is not configured on this server', RelayError),
    },
  },
];

// The web dashboard's session (its pages under /dashboard/ are static files, not operations).
const SESSION_OPERATIONS: RouteConfig[] = [
  {
    method: 'get',
    path: '/',
    operationId: 'openDashboard',
    tags: ['Sign-in'],
    summary: 'Leads a browser to the web dashboard',
    responses: { 302: { description: 'To /dashboard/' } },
  },
  {
    method: 'get',
    path: '/auth/session',
    operationId: 'getDashboardSession',
    tags: ['Sign-in'],
    summary:
      "The dashboard session of this browser: who is signed in, the session's CSRF token, and the identity providers to sign in with",
    responses: { 200: json('The session (signed_in false without one)', DashboardSession) },
  },
  {
    method: 'post',
    path: '/auth/session',
    operationId: 'signInWithApiKey',
    tags: ['Sign-in'],
    summary: 'Sign the dashboard in with an API key (installations without an identity provider); sets the session cookie',
    request: { body: { required: true, content: { 'application/json': { schema: DashboardSignIn } } } },
    responses: {
      200: json('Signed in: the session with its CSRF token', DashboardSession),
      400: json('invalid_request: the body is not {"api_key": "whk_..."}', RelayError),
      401: json('unauthorized: the API key is not valid or has been revoked', RelayError),
      403: json('forbidden: the request came from another origin', RelayError),
      415: json('unsupported_media_type: the body is not JSON', RelayError),
      429: json('rate_limited: too many sign-in attempts from this address; wait a minute', RelayError),
    },
  },
  {
    method: 'delete',
    path: '/auth/session',
    operationId: 'signOut',
    tags: ['Sign-in'],
    summary: 'Sign the dashboard out (needs X-CSRF-Token); the session ends on every replica',
    responses: {
      204: { description: 'Signed out (or was not signed in)' },
      403: json("forbidden: X-CSRF-Token is missing or is not this session's", RelayError),
    },
  },
  {
    method: 'get',
    path: '/auth/dashboard/start',
    operationId: 'startDashboardSignIn',
    tags: ['Sign-in'],
    summary: 'Start a browser sign-in for the dashboard with a configured identity provider; /auth/callback then opens the session',
    request: {
      query: z.object({
        provider: z.string().meta({ description: 'A configured identity provider id (e.g. github, google).' }),
        return_to: z.string().optional().meta({
          description:
            'Where to return after the sign-in: only an MCP consent page of this server (/oauth/consent?request=…); otherwise the dashboard.',
        }),
      }),
    },
    responses: {
      302: {
        description: "To the identity provider's authorization endpoint (sets a short-lived cookie that binds the sign-in to this browser)",
      },
      400: json('invalid_request: the provider is unknown', RelayError),
      404: json('not_found: browser sign-in is not configured on this server', RelayError),
    },
  },
];
PUBLIC_OPERATIONS.push(...SESSION_OPERATIONS);

const oauthError = (description: string) =>
  json(description, z.object({ error: z.string(), error_description: z.string().optional() }).meta({ id: 'OAuthError' }));
const anyJson = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' as const } } } });

// The remote MCP server and the OAuth 2.1 authorization server that guards it (docs/mcp.md). Their bodies are the
// protocols' own (JSON-RPC 2.0 on /mcp; OAuth form posts and JSON answers), so they are described, not modelled.
const MCP_OPERATIONS: RouteConfig[] = [
  {
    method: 'post',
    path: '/mcp',
    operationId: 'mcp',
    tags: ['MCP'],
    summary:
      'The MCP server (Streamable HTTP, stateless, JSON answers): tools mirroring this API, and triggers.wait. Bearer access token of this server’s OAuth',
    responses: {
      200: anyJson('A JSON-RPC answer'),
      202: { description: 'A notification, accepted' },
      401: oauthError('No, expired, revoked or foreign token: WWW-Authenticate names the protected-resource metadata'),
      403: anyJson('The Host or Origin is not this server’s'),
    },
  },
  {
    method: 'get',
    path: '/mcp',
    operationId: 'mcpStream',
    tags: ['MCP'],
    summary: 'Not offered: the server is stateless (no server-to-client stream)',
    responses: { 405: anyJson('POST only') },
  },
  {
    method: 'delete',
    path: '/mcp',
    operationId: 'mcpEndSession',
    tags: ['MCP'],
    summary: 'Not offered: there are no sessions to end',
    responses: { 405: anyJson('POST only') },
  },
  {
    method: 'get',
    path: '/.well-known/oauth-protected-resource/mcp',
    operationId: 'getMcpResourceMetadata',
    tags: ['MCP'],
    summary: 'RFC 9728 protected-resource metadata of /mcp (also at /.well-known/oauth-protected-resource)',
    responses: { 200: anyJson('resource, authorization_servers, scopes_supported') },
  },
  {
    method: 'get',
    path: '/.well-known/oauth-protected-resource',
    operationId: 'getResourceMetadata',
    tags: ['MCP'],
    summary: 'RFC 9728 protected-resource metadata (root form)',
    responses: { 200: anyJson('resource, authorization_servers, scopes_supported') },
  },
  {
    method: 'get',
    path: '/.well-known/oauth-authorization-server',
    operationId: 'getAuthorizationServerMetadata',
    tags: ['MCP'],
    summary: 'RFC 8414 authorization-server metadata',
    responses: { 200: anyJson('issuer and endpoints; code flow with S256 PKCE only') },
  },
  {
    method: 'post',
    path: '/oauth/register',
    operationId: 'registerOAuthClient',
    tags: ['MCP'],
    summary: 'RFC 7591 dynamic client registration',
    responses: {
      201: anyJson('The client, with its id (and secret, for a confidential client: shown once)'),
      400: oauthError(
        'invalid_client_metadata (a member PostgreSQL cannot store, a client_name with nothing visible) or invalid_redirect_uri (not https, loopback http or an app scheme; a fragment)',
      ),
    },
  },
  {
    method: 'get',
    path: '/oauth/authorize',
    operationId: 'authorizeOAuth',
    tags: ['MCP'],
    summary: 'Authorization code request with PKCE (S256); sends the browser to the consent page',
    responses: {
      302: { description: 'To /oauth/consent; errors are answered here, never redirected to the client' },
      400: oauthError(
        'invalid_request, invalid_client, unsupported_response_type or invalid_target (code_challenge: S256, 43 base64url characters)',
      ),
      500: oauthError('server_error: the request could not be stored'),
    },
  },
  {
    method: 'post',
    path: '/oauth/authorize',
    operationId: 'authorizeOAuthByForm',
    tags: ['MCP'],
    summary: 'The same authorization request as a form post',
    responses: {
      302: { description: 'To /oauth/consent; errors are answered here, never redirected to the client' },
      400: oauthError(
        'invalid_request, invalid_client, unsupported_response_type or invalid_target (code_challenge: S256, 43 base64url characters)',
      ),
      500: oauthError('server_error: the request could not be stored'),
    },
  },
  {
    method: 'get',
    path: '/oauth/consent',
    operationId: 'showOAuthConsent',
    tags: ['MCP'],
    summary: 'The page where a person signs in and allows or denies an agent',
    responses: { 200: { description: 'An HTML page' }, 404: json('not_found: the request expired or was answered', RelayError) },
  },
  {
    method: 'post',
    path: '/oauth/consent',
    operationId: 'answerOAuthConsent',
    tags: ['MCP'],
    summary: 'The person’s answer (form post: request, decision, and csrf or api_key)',
    responses: {
      302: { description: 'Back to the client: code and state, or error=access_denied' },
      401: { description: 'The API key opens no tenant (the page again, with the reason)' },
      403: json('forbidden: another site’s form, or a stale CSRF token', RelayError),
      404: json('not_found: the request expired or was answered', RelayError),
    },
  },
  {
    method: 'post',
    path: '/oauth/token',
    operationId: 'getOAuthToken',
    tags: ['MCP'],
    summary: 'Authorization code or refresh token for an access token and a new refresh token',
    responses: {
      200: anyJson('access_token, token_type, expires_in, refresh_token, scope'),
      400: oauthError('invalid_grant (a code or refresh token presented again also revokes what it issued), invalid_request, ...'),
      401: oauthError('invalid_client'),
    },
  },
  {
    method: 'post',
    path: '/oauth/revoke',
    operationId: 'revokeOAuthToken',
    tags: ['MCP'],
    summary: 'RFC 7009 revocation of an access or refresh token (ends its grant)',
    responses: { 200: anyJson('{}'), 401: oauthError('invalid_client') },
  },
];
PUBLIC_OPERATIONS.push(...MCP_OPERATIONS);

export const RELAY_PUBLIC_ROUTES: ReadonlyArray<{ method: Method; path: string }> = PUBLIC_OPERATIONS.map(({ method, path }) => ({
  method: method as Method,
  path,
}));

function json(description: string, schema: z.ZodType) {
  return { description, content: { 'application/json': { schema } } };
}
const errorResponse = (description: string) => json(description, RelayError);

function routeConfig(operation: Operation): RouteConfig {
  const responses: RouteConfig['responses'] = {
    [operation.status]: operation.stream
      ? { description: operation.stream, content: { 'text/event-stream': { schema: { type: 'string' } } } }
      : operation.response
        ? json('Success', operation.response)
        : { description: 'Done; no body' },
    401: errorResponse('unauthorized: missing, unknown or revoked API key (or no dashboard session)'),
    403: errorResponse("forbidden: a dashboard session's request that changes something without its X-CSRF-Token"),
    500: errorResponse('internal: the request id in X-Request-Id finds it in the logs'),
    503: errorResponse('unavailable: the database did not answer; retry'),
  };
  if (operation.body || operation.query || operation.params) responses[400] = errorResponse('invalid_request: the message names the field');
  if (operation.params || operation.notFound)
    responses[404] = errorResponse(operation.notFound ?? "not_found (another tenant's resources are not found either)");
  if (operation.expired) responses[410] = errorResponse(operation.expired);
  if (operation.method === 'post') {
    responses[409] = errorResponse('idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict');
    responses[422] = errorResponse('idempotency_key_reused: the Idempotency-Key came with a different request');
  }
  if (operation.body) {
    responses[413] = errorResponse('payload_too_large: body over the size limit');
    responses[415] = errorResponse(
      'unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read',
    );
  }
  return {
    method: operation.method,
    path: operation.path,
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.tag],
    security: [{ apiKey: [] }, { dashboardSession: [] }],
    request: {
      ...(operation.params ? { params: z.object(Object.fromEntries(operation.params.map((name) => [name, RelayId(name)]))) } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(operation.body
        ? { body: { required: !operation.bodyOptional, content: { 'application/json': { schema: operation.body } } } }
        : {}),
      ...(operation.method === 'post' ? { headers: z.object({ 'Idempotency-Key': IdempotencyKey.optional() }) } : {}),
    },
    responses,
  };
}

/** The OpenAPI 3.1 document of the REST API, generated from the schemas above. */
export function buildWebhookRelayOpenApi(
  options: { serverUrl?: string; version?: string } = {},
): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key: Authorization: Bearer whk_...',
  });
  registry.registerComponent('securitySchemes', 'dashboardSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'relay_dashboard',
    description:
      "The web dashboard's session (POST /auth/session or a browser sign-in). Requests other than GET also carry the session's CSRF token in X-CSRF-Token.",
  });
  // Schemas named with .meta({ id }) become components wherever an operation uses them.
  for (const operation of OPERATIONS) registry.registerPath(routeConfig(operation));
  for (const operation of PUBLIC_OPERATIONS) registry.registerPath(operation);
  registry.registerComponent('securitySchemes', 'adminKey', {
    type: 'http',
    scheme: 'bearer',
    description: "The operator's RELAY_ADMIN_API_KEY, for /admin only: Authorization: Bearer <key>. Tenant keys are refused there.",
  });
  for (const operation of RELAY_ADMIN_OPERATIONS) registry.registerPath(operation);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'webhook-relay API', version: options.version ?? '1.0.0', description: 'Capture, verify, deliver and replay webhooks.' },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
  });
}
