import type { UsageResponse } from '@workspace/contracts';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { monthStart, nextMonthStart } from './periods.js';
import type { UsageMeter } from './usage-meter.js';

/** What DeepL reports for an account without a limit. */
export const UNLIMITED_CHARACTERS = 1_000_000_000_000;

export async function describeUsage(meter: UsageMeter, key: AuthenticatedKey, now: Date): Promise<UsageResponse> {
  const used = Number(await meter.usedThisPeriod(key));
  const limit = key.characterLimit === null ? UNLIMITED_CHARACTERS : Number(key.characterLimit);
  return {
    character_count: used,
    character_limit: limit,
    api_key_character_count: used,
    api_key_character_limit: limit,
    start_time: monthStart(now).toISOString(),
    end_time: nextMonthStart(now).toISOString(),
  };
}
