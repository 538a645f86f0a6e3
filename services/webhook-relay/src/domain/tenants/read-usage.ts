import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';

export interface TenantUsageView {
  plan: { id: string; name: string; eventAllowance: number | null; allowanceResets: boolean; retentionDays: number };
  /** Null when the allowance never resets. */
  period: { start: Date; end: Date } | null;
  eventsCaptured: number;
  eventsRemaining: number | null;
  pausedReason: 'allowance' | 'paused' | null;
}

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
  };
}
