import { z } from 'zod';
import { RelayTimestamp } from './common.js';

export const RELAY_PLAN_IDS = ['free', 'pro', 'scale', 'enterprise'] as const;
export type RelayPlanId = (typeof RELAY_PLAN_IDS)[number];

export const Usage = z
  .object({
    plan: z.object({
      id: z.enum(RELAY_PLAN_IDS),
      name: z.string(),
      event_allowance: z.number().int().nullable().meta({ description: 'Events the plan may capture per period; null = unlimited.' }),
      allowance_resets: z.boolean().meta({
        description: 'false: the allowance is spent once and never resets (the free plan); true: it resets every calendar month (UTC).',
      }),
      retention_days: z.number().int(),
    }),
    period_start: RelayTimestamp('period_start')
      .nullable()
      .meta({ description: 'Start of the counting period; null when the allowance never resets.' }),
    period_end: RelayTimestamp('period_end').nullable(),
    events_captured: z.number().int().meta({ description: 'Events captured in the period (duplicates included: each was stored).' }),
    events_remaining: z.number().int().nullable().meta({ description: 'null = unlimited.' }),
    capture_paused: z
      .boolean()
      .meta({ description: 'true: ingest answers 429 and stores nothing, because the allowance is spent or an operator paused capture.' }),
    paused_reason: z.enum(['allowance', 'paused']).nullable(),
    events_per_day: z
      .array(z.object({ day: z.iso.date(), events: z.number().int() }))
      .meta({ description: 'Events captured on each of the last 30 days (UTC), oldest first, today last; days without events count 0.' }),
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof Usage>;
