import type { TenantTx } from '../prisma.js';

/**
 * Makes the plan's ranges from `now`'s day through `aheadDays` after it where none exist yet, in the transaction that
 * puts a tenant on the plan (prisma/functions/relay_prepare_plan_ranges.sql), and says how many it made.
 */
export async function relayPreparePlanRanges(tx: TenantTx, plan: string, now: Date, aheadDays: number): Promise<number> {
  const rows = await tx.$queryRaw<Array<{ made: number }>>`
    SELECT relay_prepare_plan_ranges(${plan}::varchar, ${now}::timestamptz, ${aheadDays}::int) AS made`;
  return rows[0]?.made ?? 0;
}
