import {
  CreateEndpointRequest,
  DeleteEndpointQuery,
  ListDeliveriesQuery,
  ListEventsQuery,
  RelayListQuery,
  ReplayRequest,
  UpdateEndpointRequest,
} from '@workspace/contracts';
import { z } from 'zod';
import { listAuditEntries } from '../../domain/audit/list-audit-entries.js';
import { verifyAuditChain } from '../../domain/audit/verify-audit-chain.js';
import { findDelivery, listDeliveriesByQuery } from '../../domain/deliveries/list-deliveries.js';
import { replayEvents } from '../../domain/deliveries/replay-events.js';
import { findDestination, listDestinations } from '../../domain/destinations/destination-view.js';
import { createEndpoint } from '../../domain/endpoints/create-endpoint.js';
import { deleteEndpoint } from '../../domain/endpoints/delete-endpoint.js';
import { findEndpoint } from '../../domain/endpoints/endpoint-view.js';
import { ingestUrl } from '../../domain/endpoints/ingest-token.js';
import { listEndpoints } from '../../domain/endpoints/list-endpoints.js';
import { readIngestUrl } from '../../domain/endpoints/read-ingest-url.js';
import { rotateIngestToken } from '../../domain/endpoints/rotate-ingest-token.js';
import { updateEndpoint } from '../../domain/endpoints/update-endpoint.js';
import { getEvent } from '../../domain/events/get-event.js';
import { listEventsByQuery } from '../../domain/events/list-events-by-query.js';
import { RelayError } from '../../domain/relay-error.js';
import { retentionWindow } from '../../domain/retention/retention-window.js';
import { readUsage } from '../../domain/tenants/read-usage.js';
import type { TenantTx } from '../../db/prisma.js';
import {
  presentAuditEntry,
  presentAuditVerification,
  presentDelivery,
  presentDeliveryDetail,
  presentDestination,
  presentEndpoint,
  presentEventDetail,
  presentEventSummary,
  presentPage,
  presentUsage,
} from '../../http/presenters.js';
import { defineTool, type RelayTool, type ToolContext } from './tool-definition.js';

const endpointId = z.object({ endpoint_id: z.uuid({ error: 'endpoint_id must be a UUID' }) }).strict();
const inTenant = <T>(context: ToolContext, work: (tx: TenantTx) => Promise<T>) =>
  context.deps.tenants.run(context.principal.tenantId, work);
/** The tenant's retention window now: what the events and deliveries tools may still show (410 past it). */
const windowFor = (context: ToolContext, tx: TenantTx) => retentionWindow(tx, context.principal.tenantId, context.deps.runtime.now());

/**
 * The REST capabilities on the MCP server, each the same operation as its REST twin. Left out on purpose (the
 * spec): registering, changing or deleting destinations and subscriptions, and their secrets; replay to
 * localhost (CLI only). Also left out: API keys and provider secrets (credentials an agent should not mint or read),
 * and registering, changing, deleting or testing notification targets: a webhook target's creation mints a signing
 * secret, which this server does not do for destinations either (notification-tools.ts has the read-only ones).
 */
export const REST_MIRROR_TOOLS: RelayTool[] = [
  defineTool({
    name: 'endpoints.list',
    mirrors: 'listEndpoints',
    title: 'List endpoints',
    description: 'Endpoints of the tenant, newest first, a page at a time (pass next_cursor back as cursor).',
    input: RelayListQuery,
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) =>
        presentPage(await listEndpoints({ tx, page: input }), (endpoint) => presentEndpoint(endpoint, context.deps.config.ingestBaseUrl)),
      ),
  }),
  defineTool({
    name: 'endpoints.get',
    mirrors: 'getEndpoint',
    title: 'Get an endpoint',
    description: 'One endpoint: name, provider, deduplication, masked ingest URL.',
    input: endpointId,
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) => presentEndpoint(await findEndpoint(tx, input.endpoint_id), context.deps.config.ingestBaseUrl)),
  }),
  defineTool({
    name: 'endpoints.create',
    mirrors: 'createEndpoint',
    title: 'Create an endpoint',
    description: 'A new endpoint and its ingest URL (shown whole once here; read it again with endpoints.ingest_url).',
    input: CreateEndpointRequest,
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) => {
        const { endpoint, token } = await createEndpoint({
          tx,
          tenantId: context.principal.tenantId,
          runtime: context.deps.runtime,
          sealed: context.deps.sealed,
          actor: context.principal.actor,
          name: input.name,
          provider: input.provider ?? null,
          dedup: input.dedup ?? null,
        });
        const base = context.deps.config.ingestBaseUrl;
        return { ...presentEndpoint(endpoint, base), ingest_url: ingestUrl(base, token) };
      }),
  }),
  defineTool({
    name: 'endpoints.update',
    mirrors: 'updateEndpoint',
    title: 'Change an endpoint',
    description: 'Rename an endpoint or change its provider or deduplication.',
    input: z.object({ endpoint_id: endpointId.shape.endpoint_id, changes: UpdateEndpointRequest }).strict(),
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) =>
        presentEndpoint(
          await updateEndpoint({
            tx,
            tenantId: context.principal.tenantId,
            runtime: context.deps.runtime,
            actor: context.principal.actor,
            endpointId: input.endpoint_id,
            changes: input.changes,
          }),
          context.deps.config.ingestBaseUrl,
        ),
      ),
  }),
  defineTool({
    name: 'endpoints.delete',
    mirrors: 'deleteEndpoint',
    title: 'Delete an endpoint',
    description:
      'Deletes an endpoint: its ingest URL stops working at once. Its events stay for the retention window, or go now with purge_events "true".',
    input: endpointId.extend(DeleteEndpointQuery.shape),
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) => {
        await deleteEndpoint({
          tx,
          tenantId: context.principal.tenantId,
          runtime: context.deps.runtime,
          actor: context.principal.actor,
          endpointId: input.endpoint_id,
          purgeEvents: input.purge_events === 'true',
        });
        return { deleted: true, endpoint_id: input.endpoint_id };
      }),
  }),
  defineTool({
    name: 'endpoints.ingest_url',
    mirrors: 'getIngestUrl',
    title: 'Read an ingest URL',
    description: "The endpoint's full ingest URL (a credential: whoever has it can send events).",
    input: endpointId,
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) => ({
        ingest_url: await readIngestUrl({
          tx,
          tenantId: context.principal.tenantId,
          sealed: context.deps.sealed,
          ingestBase: context.deps.config.ingestBaseUrl,
          endpointId: input.endpoint_id,
        }),
      })),
  }),
  defineTool({
    name: 'endpoints.rotate_ingest_url',
    mirrors: 'rotateIngestUrl',
    title: 'Rotate an ingest URL',
    description: 'A new ingest URL for the endpoint; the old one stops working at once.',
    input: endpointId,
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) => ({
        ingest_url: await rotateIngestToken({
          tx,
          tenantId: context.principal.tenantId,
          runtime: context.deps.runtime,
          sealed: context.deps.sealed,
          actor: context.principal.actor,
          ingestBase: context.deps.config.ingestBaseUrl,
          endpointId: input.endpoint_id,
        }),
      })),
  }),
  defineTool({
    name: 'events.list',
    mirrors: 'listEvents',
    title: 'List events',
    description:
      'Captured events, newest first, with their verification state and event type; filter by endpoint, state, provider, event type (and whether it validates against your schema of that type), time.',
    input: ListEventsQuery,
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) => presentPage(await listEventsByQuery(tx, input, await windowFor(context, tx)), presentEventSummary)),
  }),
  defineTool({
    name: 'events.get',
    mirrors: 'getEvent',
    title: 'Get an event',
    description: 'One event with its headers, body and verification (state, likely cause of a failure, matched secret).',
    input: z.object({ event_id: z.uuid({ error: 'event_id must be a UUID' }) }).strict(),
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) =>
        presentEventDetail(await getEvent({ tx, eventId: input.event_id, window: await windowFor(context, tx) })),
      ),
  }),
  defineTool({
    name: 'destinations.list',
    mirrors: 'listDestinations',
    title: 'List destinations',
    description: 'Registered destinations (read only here: register them with the REST API, CLI or dashboard).',
    input: RelayListQuery,
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) =>
        presentPage(await listDestinations({ tx, sealed: context.deps.sealed, page: input }), (item) =>
          presentDestination(item, context.deps.runtime.now()),
        ),
      ),
  }),
  defineTool({
    name: 'destinations.get',
    mirrors: 'getDestination',
    title: 'Get a destination',
    description: 'One registered destination and its delivery state.',
    input: z.object({ destination_id: z.uuid({ error: 'destination_id must be a UUID' }) }).strict(),
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) =>
        presentDestination(await findDestination(tx, context.deps.sealed, input.destination_id), context.deps.runtime.now()),
      ),
  }),
  defineTool({
    name: 'deliveries.list',
    mirrors: 'listDeliveries',
    title: 'List deliveries',
    description: 'Deliveries to destinations; state "dead_lettered" lists the dead letters.',
    input: ListDeliveriesQuery,
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) => presentPage(await listDeliveriesByQuery(tx, input, await windowFor(context, tx)), presentDelivery)),
  }),
  defineTool({
    name: 'deliveries.get',
    mirrors: 'getDelivery',
    title: 'Get a delivery',
    description: 'One delivery with every attempt (status, response excerpt, error).',
    input: z.object({ delivery_id: z.uuid({ error: 'delivery_id must be a UUID' }) }).strict(),
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) => presentDeliveryDetail(await findDelivery(tx, input.delivery_id, await windowFor(context, tx)))),
  }),
  defineTool({
    name: 'replays.create',
    mirrors: 'replay',
    title: 'Replay events',
    description:
      'Sends events again to a registered destination, in capture order: by event ids, dead-lettered delivery ids, or a time range. (Replay to localhost is the CLI’s.)',
    input: ReplayRequest,
    readOnly: false,
    run: async (context, input) => {
      const { deps } = context;
      if (!deps.delivery) throw new RelayError('unavailable', 'delivery is not configured on this server');
      const { jobs } = await inTenant(context, async (tx) =>
        replayEvents({
          tx,
          tenantId: context.principal.tenantId,
          runtime: deps.runtime,
          actor: context.principal.actor,
          input,
          window: await windowFor(context, tx),
        }),
      );
      if (jobs.length)
        await deps.delivery.queues
          .enqueue(jobs)
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue replayed deliveries; the reconciler will'));
      return { destination_id: input.destination_id, replayed: jobs.length, delivery_ids: jobs.map((job) => job.deliveryId) };
    },
  }),
  defineTool({
    name: 'audit.list',
    mirrors: 'listAuditEntries',
    title: 'List audit entries',
    description: 'The tenant’s audit log, newest first.',
    input: RelayListQuery,
    readOnly: true,
    run: (context, input) => inTenant(context, async (tx) => presentPage(await listAuditEntries({ tx, page: input }), presentAuditEntry)),
  }),
  defineTool({
    name: 'audit.verify',
    mirrors: 'verifyAuditChain',
    title: 'Verify the audit chain',
    description: 'Recomputes the hash chain of the audit log and says whether it holds (and where it breaks).',
    input: z.object({}).strict(),
    readOnly: true,
    run: (context) =>
      inTenant(context, async (tx) => presentAuditVerification(await verifyAuditChain({ tx, tenantId: context.principal.tenantId }))),
  }),
  defineTool({
    name: 'usage.get',
    mirrors: 'getUsage',
    title: 'Read usage',
    description: 'Plan, events captured this period against the allowance, and events per day.',
    input: z.object({}).strict(),
    readOnly: true,
    run: (context) =>
      inTenant(context, async (tx) =>
        presentUsage(await readUsage({ tx, tenantId: context.principal.tenantId, at: context.deps.runtime.now() })),
      ),
  }),
];
