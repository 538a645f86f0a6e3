import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';

export interface TenantUsageView {
  plan: { id: string; name: string; eventAllowance: number | null; allowanceResets: boolean; retentionDays: number };
  /** Null when the allowance never resets. */
  period: { start: Date; end: Date } | null;
  eventsCaptured: number;
  eventsRemaining: number | null;
  pausedReason: 'allowance' | 'paused' | null;
  /** The last CHART_DAYS UTC days, oldest first, each with its count (0 when nothing was captured). */
  eventsPerDay: Array<{ day: string; events: number }>;
}

export const CHART_DAYS = 30;
const DAY_MS = 86_400_000;

/** Must give the same period as relay_allowance_period() in SQL: a calendar month in UTC, or all time. */
export const LIFETIME_PERIOD = new Date(Date.UTC(1970, 0, 1));

export function allowancePeriod(resets: boolean, at: Date): { start: Date; end: Date } | null {
  if (!resets) return null;
  return {
    start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
    end: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
  };
}

/** The tenant's plan and what capture counted in the current period (the same numbers capture decides by). */
export async function readUsage(options: { tx: TenantTx; tenantId: string; at: Date }): Promise<TenantUsageView> {
  const { tx, tenantId, at } = options;
  const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, include: { plan: true } });
  if (!tenant) throw new RelayError('not_found', 'no such tenant');
  const { plan } = tenant;
  const period = allowancePeriod(plan.allowanceResets, at);
  const counted = await tx.tenantUsage.aggregate({
    where: { tenantId, periodStart: period?.start ?? LIFETIME_PERIOD },
    _sum: { eventsCaptured: true },
  });
  const eventsCaptured = Number(counted._sum.eventsCaptured ?? 0n);
  const eventsPerDay = await readEventsPerDay(tx, tenantId, at);
  const allowance = plan.eventAllowance === null ? null : Number(plan.eventAllowance);
  const eventsRemaining = allowance === null ? null : Math.max(allowance - eventsCaptured, 0);
  return {
    plan: {
      id: plan.id,
      name: plan.name,
      eventAllowance: allowance,
      allowanceResets: plan.allowanceResets,
      retentionDays: plan.retentionDays,
    },
    period,
    eventsCaptured,
    eventsRemaining,
    pausedReason: tenant.capturePaused ? 'paused' : eventsRemaining === 0 ? 'allowance' : null,
    eventsPerDay,
  };
}

/** At most CHART_DAYS x 8 slot rows, whatever the tenant's volume (capture counts them, nothing is counted here). */
async function readEventsPerDay(tx: TenantTx, tenantId: string, at: Date): Promise<Array<{ day: string; events: number }>> {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const first = new Date(today - (CHART_DAYS - 1) * DAY_MS);
  const rows = await tx.tenantDailyUsage.groupBy({
    by: ['day'],
    where: { tenantId, day: { gte: first } },
    _sum: { eventsCaptured: true },
  });
  const counts = new Map(rows.map((row) => [row.day.toISOString().slice(0, 10), Number(row._sum.eventsCaptured ?? 0n)]));
  return Array.from({ length: CHART_DAYS }, (_, index) => {
    const day = new Date(first.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { day, events: counts.get(day) ?? 0 };
  });
}
