import { RelayListQuery } from '@workspace/contracts';
import { z } from 'zod';
import { findEventType, listEventTypes } from '../../domain/event-types/event-type-view.js';
import { listEndpointEventTypes } from '../../domain/event-types/list-endpoint-event-types.js';
import { retentionWindow } from '../../domain/retention/retention-window.js';
import { presentEndpointEventType, presentEventType } from '../../http/event-type-presenters.js';
import { presentPage } from '../../http/presenters.js';
import { defineTool, type RelayTool } from './tool-definition.js';

/** Event types, read-only (docs/event-types.md): the per-endpoint catalog and the tenant's own types with their schemas. */
export const EVENT_TYPE_TOOLS: RelayTool[] = [
  defineTool({
    name: 'endpoints.event_types',
    mirrors: 'listEndpointEventTypes',
    title: "List an endpoint's event types",
    description: 'The event types an endpoint’s events carry (invoice.paid, push, ...): how many of each, first and last seen.',
    input: z.object({ endpoint_id: z.uuid({ error: 'endpoint_id must be a UUID' }) }).strict(),
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) => {
        const { tenantId } = context.principal;
        const now = context.deps.runtime.now();
        const window = await retentionWindow(tx, tenantId, now);
        const rows = await listEndpointEventTypes({ tx, tenantId, endpointId: input.endpoint_id, window, now });
        return { data: rows.map(presentEndpointEventType) };
      }),
  }),
  defineTool({
    name: 'event_types.list',
    mirrors: 'listEventTypes',
    title: 'List event types',
    description: 'The tenant’s own event types with the JSON Schema their events are checked against, newest first.',
    input: RelayListQuery,
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) =>
        presentPage(await listEventTypes({ tx, page: input }), presentEventType),
      ),
  }),
  defineTool({
    name: 'event_types.get',
    mirrors: 'getEventType',
    title: 'Get an event type',
    description: 'One of the tenant’s event types and its JSON Schema.',
    input: z.object({ event_type_id: z.uuid({ error: 'event_type_id must be a UUID' }) }).strict(),
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) => presentEventType(await findEventType(tx, input.event_type_id))),
  }),
];
