import type { ConnectionPool } from '../../db/prisma.js';

/** The plans whose volume an operator sets; the free plan's 5,000 events are fixed. */
export const CONFIGURABLE_PLANS = ['pro', 'scale', 'enterprise'] as const;
export type ConfigurablePlan = (typeof CONFIGURABLE_PLANS)[number];

/** Events per month by plan; null = unlimited. */
export type PlanAllowances = Partial<Record<ConfigurablePlan, number | null>>;

/** `pro=100000,scale=1000000,enterprise=unlimited` -> allowances; throws with what to fix. */
export function parsePlanAllowances(text: string): PlanAllowances {
  const allowances: PlanAllowances = {};
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [plan, volume, ...rest] = item.split('=').map((part) => part.trim());
    if (!CONFIGURABLE_PLANS.includes(plan as ConfigurablePlan) || volume === undefined || rest.length) {
      throw new Error(`"${item}" must be <plan>=<events per month>|unlimited with a plan among ${CONFIGURABLE_PLANS.join(', ')}`);
    }
    if (volume === 'unlimited') allowances[plan as ConfigurablePlan] = null;
    else if (/^\d{1,15}$/.test(volume) && Number(volume) > 0) allowances[plan as ConfigurablePlan] = Number(volume);
    else throw new Error(`the volume of ${plan} must be a positive whole number of events or "unlimited", not "${volume}"`);
  }
  return allowances;
}

/** Writes the configured volumes into the plans capture reads (the configuration is the source of truth). */
export async function applyPlanAllowances(pool: ConnectionPool, allowances: PlanAllowances): Promise<void> {
  for (const [plan, volume] of Object.entries(allowances)) {
    await pool.query('UPDATE plans SET event_allowance = $2 WHERE id = $1 AND event_allowance IS DISTINCT FROM $2', [plan, volume]);
  }
}
