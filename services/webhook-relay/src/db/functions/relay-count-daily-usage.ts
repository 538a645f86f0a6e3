import type { ConnectionPool } from '../prisma.js';

/** Events one ingest process counted for a tenant on a UTC day since its last write. */
export interface DailyUsageCount {
  tenantId: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  events: number;
}

/** Adds the counts to the chart's tenant_daily_usage in one statement (prisma/functions/relay_count_daily_usage.sql). */
export async function relayCountDailyUsage(pool: ConnectionPool, counts: DailyUsageCount[]): Promise<void> {
  await pool.query({
    name: 'relay-count-daily-usage',
    text: 'SELECT relay_count_daily_usage($1::uuid[], $2::date[], $3::bigint[])',
    values: [counts.map((c) => c.tenantId), counts.map((c) => c.day), counts.map((c) => c.events)],
  });
}
