import { isUtf8 } from 'node:buffer';
import type { Agent, Trigger as TriggerBody, TriggerEvent, TriggerWaitResult } from '@workspace/contracts';
import type { Trigger } from '../generated/prisma/client.js';
import type { TriggerEventRow } from '../domain/triggers/drain-trigger.js';
import { encodeTriggerCursor } from '../domain/triggers/trigger-cursor.js';
import type { TriggerWait } from '../domain/triggers/wait-for-trigger.js';
import type { AgentGrant } from '../mcp/oauth/list-agents.js';

/** One event of a triggers.wait batch; a body whose signature failed is withheld (it may be forged). */
export function presentTriggerEvent(row: TriggerEventRow): TriggerEvent {
  const failed = row.state === 'failed';
  const sha256 = Buffer.from(row.sha256).toString('hex');
  let body: TriggerEvent['body'];
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
    verification: {
      state: (row.state ?? 'unattempted') as TriggerEvent['verification']['state'],
      cause: row.cause,
      provider: row.provider,
    },
    body,
    ...(failed ? { body_withheld: 'verification failed: the body may be forged (read it with events.get if you must)' } : {}),
  };
}

/**
 * next_cursor: after the batch's last event; with no events, the stored cursor (so every answer's can be passed back
 * as ack), or the ack given when there is none yet.
 */
export function presentTriggerWait({ trigger, batch }: TriggerWait, ack?: string | null): TriggerWaitResult {
  const last = batch.events.at(-1);
  const position = last?.capture_seq ?? batch.cursorSeq;
  return {
    trigger_id: trigger.id,
    trigger: trigger.label,
    endpoint_id: trigger.endpointId,
    events: batch.events.map(presentTriggerEvent),
    next_cursor: position !== null ? encodeTriggerCursor(trigger.id, position) : (ack ?? null),
    caught_up: !batch.more,
    held_by_pending_verification: batch.heldByPendingCheck,
  };
}

export function presentTrigger(trigger: Trigger): TriggerBody {
  return {
    id: trigger.id,
    endpoint_id: trigger.endpointId,
    name: trigger.label,
    last_drained_event_id: trigger.lastDrainedEventId,
    oauth_client_id: trigger.oauthClientId,
    created_at: trigger.createdAt.toISOString(),
    updated_at: trigger.updatedAt.toISOString(),
  };
}

export function presentAgent(agent: AgentGrant): Agent {
  return {
    id: agent.id,
    client_id: agent.clientId,
    client_name: agent.clientName,
    authorized_by: agent.actor,
    created_at: agent.createdAt.toISOString(),
  };
}
