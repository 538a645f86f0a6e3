import { relayPreparePlanRanges } from '../../db/functions/relay-prepare-plan-ranges.js';
import type { TenantTx } from '../../db/prisma.js';
import type { Runtime } from '../runtime.js';
import { PARTITIONS_AHEAD_DAYS } from './purge-expired.js';

/**
 * A tenant is put on a plan (created on it, or moved to it): in the same transaction, the plan gets the ranges a pass
 * would give a plan in use, so the tenant's first events land in ranges of their own, never in the plan's default
 * partition that the next pass would empty while delivery reads it (docs/retention.md). Call it after the tenant row
 * is written.
 */
export async function preparePlanRanges(tx: TenantTx, runtime: Runtime, plan: string): Promise<void> {
  await relayPreparePlanRanges(tx, plan, runtime.now(), PARTITIONS_AHEAD_DAYS);
}
