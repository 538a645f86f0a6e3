import { isUtf8 } from 'node:buffer';
import { z } from 'zod';
import { drainTrigger, MAX_INLINE_BODY_BYTES, MAX_TRIGGER_BATCH, type TriggerEventRow } from '../../domain/triggers/drain-trigger.js';
import { registerTrigger } from '../../domain/triggers/register-trigger.js';
import { encodeTriggerCursor } from '../../domain/triggers/trigger-cursor.js';
import { RelayError } from '../../domain/relay-error.js';
import { defineTool, type RelayTool, type ToolContext } from './tool-definition.js';
import { waitForNotice } from './wait-for-notice.js';

export const MAX_WAIT_SECONDS = 30;
const MAX_BODY_CHUNK = 1024 * 1024;

const TriggersWaitInput = z
  .object({
    endpoint_id: z.uuid({ error: 'endpoint_id must be a UUID' }),
    trigger: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'trigger must be 1-200 letters, digits, _ . : or -')
      .optional()
      .describe("The trigger's name on the endpoint (default: \"default\"); registered on first use."),
    ack: z
      .string()
      .max(200)
      .optional()
      .describe('The next_cursor of the previous call, once its events are processed: the stored cursor moves there. Without it the same events come again.'),
    limit: z.number().int().min(1).max(MAX_TRIGGER_BATCH).default(50).describe(`Events per call, at most ${MAX_TRIGGER_BATCH}.`),
    wait_seconds: z
      .number()
      .min(0)
      .max(MAX_WAIT_SECONDS)
      .default(0)
      .describe(`When nothing is waiting, wait up to this long (at most ${MAX_WAIT_SECONDS} s) and return as soon as an event arrives.`),
    max_inline_bytes: z
      .number()
      .int()
      .min(0)
      .max(MAX_INLINE_BODY_BYTES)
      .default(MAX_INLINE_BODY_BYTES)
      .describe('Bodies up to this size come inline; larger ones by reference (events.body).'),
    start: z
      .enum(['now', 'oldest'])
      .default('now')
      .describe('For a new trigger only: drain from registration on ("now") or from the oldest stored event ("oldest").'),
  })
  .strict();

const EventsBodyInput = z
  .object({
    event_id: z.uuid({ error: 'event_id must be a UUID' }),
    offset: z.number().int().min(0).default(0),
    max_bytes: z.number().int().min(1).max(MAX_BODY_CHUNK).default(MAX_BODY_CHUNK),
  })
  .strict();

function presentTriggerEvent(row: TriggerEventRow) {
  const failed = row.state === 'failed';
  const sha256 = Buffer.from(row.sha256).toString('hex');
  let body: Record<string, unknown> | null;
  if (failed) body = null;
  else if (row.body) {
    const bytes = Buffer.from(row.body);
    const text = isUtf8(bytes);
    body = { encoding: text ? 'utf8' : 'base64', data: bytes.toString(text ? 'utf8' : 'base64'), size: row.size, sha256 };
  } else body = { by_reference: true, size: row.size, sha256, fetch: { tool: 'events.body', event_id: row.id } };
  return {
    id: row.id,
    received_at: row.received_at.toISOString(),
    method: row.method,
    query: row.query,
    headers: row.headers,
    // Pending checks are held back by drainTrigger, so every event here has its final state.
    verification: { state: row.state ?? 'unattempted', cause: row.cause, provider: row.provider },
    // A body whose signature failed is not handed to the agent (it may be forged); events.get shows it.
    body,
    ...(failed ? { body_withheld: 'verification failed: the body may be forged (read it with events.get if you must)' } : {}),
  };
}

async function waitForTrigger(context: ToolContext, input: z.infer<typeof TriggersWaitInput>) {
  const { deps, principal } = context;
  const trigger = await registerTrigger({
    tenants: deps.tenants,
    tenantId: principal.tenantId,
    runtime: deps.runtime,
    actor: principal.actor,
    endpointId: input.endpoint_id,
    label: input.trigger ?? 'default',
    start: input.start,
    oauthClientId: principal.clientId,
  });
  const read = (ack: string | undefined) =>
    deps.tenants.run(principal.tenantId, (tx) =>
      drainTrigger({ tx, runtime: deps.runtime, triggerId: trigger.id, ack, limit: input.limit, inlineBytes: input.max_inline_bytes }),
    );
  const deadline = Date.now() + input.wait_seconds * 1000;
  // Listening starts before the first read, so an event captured between the read and the wait is not missed: the
  // read waits until ingest publishes this tenant's notices (it publishes only for tenants something listens to).
  const notice = input.wait_seconds > 0 && deps.live ? waitForNotice(deps.live, principal.tenantId, context.signal) : undefined;
  try {
    await notice?.listening;
    let batch = await read(input.ack);
    while (batch.events.length === 0 && notice && Date.now() < deadline && !context.signal.aborted) {
      await notice.next(deadline - Date.now());
      batch = await read(undefined);
    }
    const last = batch.events.at(-1);
    return {
      trigger_id: trigger.id,
      trigger: trigger.label,
      endpoint_id: trigger.endpointId,
      events: batch.events.map(presentTriggerEvent),
      next_cursor: last ? encodeTriggerCursor(trigger.id, last.capture_seq) : input.ack ?? null,
      caught_up: !batch.more,
      held_by_pending_verification: batch.heldByPendingCheck,
    };
  } finally {
    notice?.stop();
  }
}

export const TRIGGER_TOOLS: RelayTool[] = [
  defineTool({
    name: 'triggers.wait',
    mirrors: null,
    title: 'Wait for webhooks on an endpoint',
    description:
      'Registers (or reuses) your trigger on an endpoint and returns the events captured since its cursor, in capture order, at least once. ' +
      'Pass the returned next_cursor back as ack once you have processed the events: only then does the stored cursor move, so after a crash ' +
      'the same events come again (deduplicate by event id). Events wait while you are offline, within the plan’s retention. Bodies up to 64 KiB ' +
      'come inline, larger ones by reference (events.body). With wait_seconds, an empty call waits for the next event (no polling needed).',
    input: TriggersWaitInput,
    readOnly: false,
    run: (context, input) => waitForTrigger(context, input),
  }),
  defineTool({
    name: 'events.body',
    mirrors: null,
    title: 'Read an event body',
    description: 'The raw body of an event, a chunk at a time (base64 unless it is UTF-8): for bodies triggers.wait sent by reference.',
    input: EventsBodyInput,
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) => {
        const rows = await tx.$queryRaw<Array<{ size: number; chunk: Buffer }>>`
          SELECT p.size, substring(p.body FROM ${input.offset + 1}::int FOR ${input.max_bytes}::int) AS chunk
            FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256
           WHERE e.id = ${input.event_id}::uuid`;
        const row = rows[0];
        if (!row) throw new RelayError('not_found', `event ${input.event_id} not found`);
        const chunk = Buffer.from(row.chunk);
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
