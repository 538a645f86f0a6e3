import type { TenantDatabase } from '../../db/tenant-database.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';

export type TriggerStart = 'now' | 'oldest';

export interface RegisteredTrigger {
  id: string;
  endpointId: string;
  label: string;
  cursorSeq: bigint | null;
  created: boolean;
}

/**
 * Finds the trigger `label` on an endpoint, or registers it. A new trigger is usable (ready) only once no
 * capture batch that could not see it is still in flight: those batches stored their events without feeding
 * trigger_events, and a reader that went past them would never see them. Every capture batch holds the
 * trigger-registration lock in shared mode (relay_capture_batch), so taking it exclusively, after the trigger
 * committed, waits exactly for them; later batches see the trigger and feed it under the tenant's
 * capture-order lock.
 *
 * `start`: 'now' (the default) drains events captured from registration on; 'oldest' first feeds the
 * endpoint's stored events, in capture order.
 */
export async function registerTrigger(options: {
  tenants: TenantDatabase;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  endpointId: string;
  label: string;
  start: TriggerStart;
  oauthClientId: string | null;
}): Promise<RegisteredTrigger> {
  const { tenants, tenantId, runtime, endpointId, label } = options;
  const found = await tenants.run(tenantId, async (tx) => {
    const endpoint = await tx.endpoint.findFirst({ where: { id: endpointId, deletedAt: null }, select: { id: true } });
    if (!endpoint) throw new RelayError('not_found', `endpoint ${endpointId} not found`);
    const existing = await tx.trigger.findUnique({ where: { endpointId_label: { endpointId, label } } });
    if (existing) return { trigger: existing, created: false };
    const id = runtime.newId();
    const inserted = await tx.$executeRaw`
      INSERT INTO triggers (id, tenant_id, endpoint_id, label, oauth_client_id, created_at, updated_at)
      VALUES (${id}::uuid, ${tenantId}::uuid, ${endpointId}::uuid, ${label}, ${options.oauthClientId}, ${runtime.now()}, ${runtime.now()})
      ON CONFLICT (endpoint_id, label) DO NOTHING`;
    if (inserted === 1)
      await appendAuditEntry({
        tx,
        tenantId,
        runtime,
        actor: options.actor,
        action: 'trigger.registered',
        target: { type: 'trigger', id },
        details: { endpoint_id: endpointId, label, start: options.start },
      });
    const trigger = await tx.trigger.findUniqueOrThrow({ where: { endpointId_label: { endpointId, label } } });
    return { trigger, created: inserted === 1 };
  });
  let trigger = found.trigger;
  if (!trigger.ready) trigger = await makeReady(tenants, tenantId, trigger.id, endpointId, options.start);
  return { id: trigger.id, endpointId, label, cursorSeq: trigger.cursorSeq, created: found.created };
}

async function makeReady(tenants: TenantDatabase, tenantId: string, triggerId: string, endpointId: string, start: TriggerStart) {
  // Every batch in flight when this lock is granted has committed; new ones wait until this commits, and see the trigger.
  const boundary = await tenants.run(tenantId, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('relay_trigger_registration', 0))`;
    const rows = await tx.$queryRaw<Array<{ last: bigint | null }>>`SELECT pg_sequence_last_value('deliveries_position_seq') AS last`;
    return rows[0]?.last ?? 0n;
  });
  return tenants.run(tenantId, async (tx) => {
    const trigger = await tx.trigger.findUniqueOrThrow({ where: { id: triggerId } });
    if (trigger.ready) return trigger;
    if (start === 'oldest') {
      // Events stored before the trigger, fed once (the batches since fed themselves, with larger numbers).
      await tx.$executeRaw`
        INSERT INTO trigger_events (tenant_id, endpoint_id, capture_seq, event_id)
        SELECT e.tenant_id, e.endpoint_id, e.capture_seq, e.id FROM events e
         WHERE e.endpoint_id = ${endpointId}::uuid AND e.duplicate_of IS NULL AND e.capture_seq IS NOT NULL
        ON CONFLICT DO NOTHING`;
      return tx.trigger.update({ where: { id: triggerId }, data: { ready: true } });
    }
    return tx.trigger.update({ where: { id: triggerId }, data: { ready: true, cursorSeq: boundary } });
  });
}
