import type { UsageResponse } from '@workspace/contracts';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { monthStart, nextMonthStart } from './periods.js';
import { speechMinutes, type SpeechMeter } from './speech-meter.js';
import type { UsageMeter } from './usage-meter.js';

/** What DeepL reports for an account without a limit. */
export const UNLIMITED_CHARACTERS = 1_000_000_000_000;

// DeepL's speech fields: minutes used this month (milliseconds rounded up) and the key's limit in minutes
// (absent for a key without a speech limit); its deprecated millisecond fields are always 0, as DeepL's are.
type SpeechUsage = {
  speech_to_text_milliseconds_count: 0;
  speech_to_text_milliseconds_limit: 0;
  speech_to_text_minutes_count: number;
  speech_to_text_minutes_limit?: number;
};

export async function describeUsage(
  meter: UsageMeter,
  key: AuthenticatedKey,
  now: Date,
  speechMeter?: SpeechMeter,
): Promise<UsageResponse & Partial<SpeechUsage>> {
  const used = Number(await meter.usedThisPeriod(key));
  const speech = speechMeter ? await speechMeter.periodUsage(key.id) : undefined;
  const limit = key.characterLimit === null ? UNLIMITED_CHARACTERS : Number(key.characterLimit);
  return {
    character_count: used,
    character_limit: limit,
    api_key_character_count: used,
    api_key_character_limit: limit,
    start_time: monthStart(now).toISOString(),
    end_time: nextMonthStart(now).toISOString(),
    ...(speech
      ? {
          speech_to_text_milliseconds_count: 0,
          speech_to_text_milliseconds_limit: 0,
          speech_to_text_minutes_count: speechMinutes(speech.usedMs),
          ...(speech.limitMs === null ? {} : { speech_to_text_minutes_limit: Math.floor(speech.limitMs / 60_000) }),
        }
      : {}),
  };
}
