import type { TriggerWaitRequest } from '@workspace/contracts';
import type { TenantDatabase } from '../../db/tenant-database.js';
import type { LiveEvents } from '../../live/live-events.js';
import { waitForNotice } from '../../live/wait-for-notice.js';
import { retentionWindow } from '../retention/retention-window.js';
import type { Runtime } from '../runtime.js';
import { drainTrigger, type DrainedBatch } from './drain-trigger.js';
import { registerTrigger, type RegisteredTrigger } from './register-trigger.js';

export interface TriggerWait {
  trigger: RegisteredTrigger;
  batch: DrainedBatch;
}

/**
 * triggers.wait (the MCP tool and POST /v1/triggers/wait): registers or finds the trigger, applies the ack, and reads
 * the next batch; with `wait_seconds`, an empty read waits for the tenant's live-feed notice (a capture or a check)
 * and reads again, until an event comes, the time is up, or the caller goes away. Listening starts before the first
 * read, so an event captured between a read and the wait wakes it.
 */
export async function waitForTrigger(options: {
  tenants: TenantDatabase;
  runtime: Runtime;
  live: LiveEvents | undefined;
  tenantId: string;
  actor: string;
  oauthClientId: string | null;
  input: TriggerWaitRequest;
  signal: AbortSignal;
}): Promise<TriggerWait> {
  const { tenants, runtime, tenantId, input, signal } = options;
  const trigger = await registerTrigger({
    tenants,
    tenantId,
    runtime,
    actor: options.actor,
    endpointId: input.endpoint_id,
    label: input.trigger ?? 'default',
    start: input.start,
    oauthClientId: options.oauthClientId,
  });
  const read = (ack: string | null | undefined) =>
    tenants.run(tenantId, async (tx) =>
      drainTrigger({
        tx,
        runtime,
        triggerId: trigger.id,
        ack,
        limit: input.limit,
        inlineBytes: input.max_inline_bytes,
        window: await retentionWindow(tx, tenantId, runtime.now()),
      }),
    );
  // The wait is real time (a timer), not the runtime's clock, which tests may hold still.
  const deadline = Date.now() + input.wait_seconds * 1000;
  // Listening starts before the first read, and the read waits until ingest publishes this tenant's notices (it
  // publishes only for tenants something listens to): an event committed after the read is always noticed.
  const notice = input.wait_seconds > 0 && options.live ? waitForNotice(options.live, tenantId, signal) : undefined;
  try {
    await notice?.listening;
    let batch = await read(input.ack);
    while (batch.events.length === 0 && notice && Date.now() < deadline && !signal.aborted) {
      await notice.next(deadline - Date.now());
      batch = await read(undefined);
    }
    return { trigger, batch };
  } finally {
    notice?.stop();
  }
}
