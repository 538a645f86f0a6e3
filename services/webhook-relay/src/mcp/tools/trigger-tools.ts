import { ListTriggersQuery, TriggerWaitRequest } from '@workspace/contracts';
import { z } from 'zod';
import { readEventBody } from '../../domain/events/read-event-body.js';
import { retentionWindow } from '../../domain/retention/retention-window.js';
import { deleteTrigger, listTriggers } from '../../domain/triggers/list-triggers.js';
import { waitForTrigger } from '../../domain/triggers/wait-for-trigger.js';
import { presentPage } from '../../http/presenters.js';
import { presentTrigger, presentTriggerWait } from '../../http/trigger-presenters.js';
import { defineTool, type RelayTool } from './tool-definition.js';

const MAX_BODY_CHUNK = 1024 * 1024;

const EventsBodyInput = z
  .object({
    event_id: z.uuid({ error: 'event_id must be a UUID' }),
    offset: z.number().int().min(0).default(0),
    max_bytes: z.number().int().min(1).max(MAX_BODY_CHUNK).default(MAX_BODY_CHUNK),
  })
  .strict();

export const TRIGGER_TOOLS: RelayTool[] = [
  defineTool({
    name: 'triggers.wait',
    mirrors: 'waitForTrigger',
    title: 'Wait for webhooks on an endpoint',
    description:
      'Registers (or reuses) your trigger on an endpoint and returns the events captured since its cursor, in capture order, at least once. ' +
      'Pass the returned next_cursor back as ack once you have processed the events: only then does the stored cursor move, so after a crash ' +
      'the same events come again (deduplicate by event id). Events wait while you are offline, within the plan’s retention. Bodies up to 64 KiB ' +
      'come inline, larger ones by reference (events.body). With wait_seconds, an empty call waits for the next event (no polling needed).',
    input: TriggerWaitRequest,
    readOnly: false,
    run: async (context, input) =>
      presentTriggerWait(
        await waitForTrigger({
          tenants: context.deps.tenants,
          runtime: context.deps.runtime,
          live: context.deps.live,
          tenantId: context.principal.tenantId,
          actor: context.principal.actor,
          oauthClientId: context.principal.clientId,
          input,
          signal: context.signal,
        }),
        input.ack,
      ),
  }),
  defineTool({
    name: 'triggers.list',
    mirrors: 'listTriggers',
    title: 'List triggers',
    description: 'Triggers of the tenant (optionally of one endpoint), with the last event each acknowledged.',
    input: ListTriggersQuery,
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) =>
        presentPage(await listTriggers({ tx, page: input, endpointId: input.endpoint_id }), presentTrigger),
      ),
  }),
  defineTool({
    name: 'triggers.delete',
    mirrors: 'deleteTrigger',
    title: 'Delete a trigger',
    description: 'Deletes a trigger and its cursor: the next triggers.wait under its name registers it afresh.',
    input: z.object({ trigger_id: z.uuid({ error: 'trigger_id must be a UUID' }) }).strict(),
    readOnly: false,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) => {
        await deleteTrigger({
          tx,
          tenantId: context.principal.tenantId,
          runtime: context.deps.runtime,
          actor: context.principal.actor,
          triggerId: input.trigger_id,
        });
        return { deleted: true, trigger_id: input.trigger_id };
      }),
  }),
  defineTool({
    name: 'events.body',
    mirrors: null,
    title: 'Read an event body',
    description: 'The raw body of an event, a chunk at a time (base64): for bodies triggers.wait sent by reference.',
    input: EventsBodyInput,
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) => {
        const row = await readEventBody({
          tx,
          eventId: input.event_id,
          offset: input.offset,
          maxBytes: input.max_bytes,
          window: await retentionWindow(tx, context.principal.tenantId, context.deps.runtime.now()),
        });
        const { chunk } = row;
        const end = input.offset + chunk.length;
        return {
          event_id: input.event_id,
          size: row.size,
          offset: input.offset,
          encoding: 'base64',
          data: chunk.toString('base64'),
          next_offset: end < row.size ? end : null,
        };
      }),
  }),
];
