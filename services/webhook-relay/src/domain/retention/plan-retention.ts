import { RELAY_PLAN_IDS, type RelayPlanId } from '@workspace/contracts';
import type { ConnectionPool } from '../../db/prisma.js';

/** Days of events each plan keeps unless RELAY_PLAN_RETENTION_DAYS says otherwise. */
export const DEFAULT_RETENTION_DAYS: Record<RelayPlanId, number> = { free: 7, pro: 30, scale: 90, enterprise: 365 };

/** Longest window: ids carry milliseconds since 1970, and 100 years is past any plan's promise. */
const MAX_RETENTION_DAYS = 36_500;

/** `free=3,pro=30` -> every plan's days (those left out keep their default); throws with what to fix. */
export function parsePlanRetentionDays(text: string): Record<RelayPlanId, number> {
  const days = { ...DEFAULT_RETENTION_DAYS };
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [plan, value, ...rest] = item.split('=').map((part) => part.trim());
    if (!RELAY_PLAN_IDS.includes(plan as RelayPlanId) || value === undefined || rest.length) {
      throw new Error(`"${item}" must be <plan>=<days> with a plan among ${RELAY_PLAN_IDS.join(', ')}`);
    }
    if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > MAX_RETENTION_DAYS) {
      throw new Error(`the retention of ${plan} must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, not "${value}"`);
    }
    days[plan as RelayPlanId] = Number(value);
  }
  return days;
}

/** Writes the configured windows into the plans the API and the purge read (the configuration is the source of truth). */
export async function applyPlanRetention(pool: ConnectionPool, days: Record<RelayPlanId, number>): Promise<void> {
  for (const [plan, value] of Object.entries(days)) {
    await pool.query('UPDATE plans SET retention_days = $2 WHERE id = $1 AND retention_days IS DISTINCT FROM $2', [plan, value]);
  }
}
