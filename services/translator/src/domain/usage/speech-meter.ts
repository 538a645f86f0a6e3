import type { ConnectionPool } from '../../db/database.js';
import { TranslatorError } from '../translator-error.js';
import { monthStart, utcDay } from './periods.js';

export const SPEECH_QUOTA_MESSAGE = 'Quota for this billing period has been exceeded: the key has used its speech-to-text milliseconds.';

/** Which counter of the reports audio goes to: recognized only, or also spoken back in translation. */
export type SpeechKind = 'speech_to_text' | 'speech_to_speech';

export interface SpeechCharge {
  /** api_keys.id of the developer key. */
  keyId: string;
  milliseconds: number;
  reportingTag?: string | null;
  /** Default `speech_to_text`. */
  kind?: SpeechKind;
}

export interface MeteredSpeech {
  /** Milliseconds counted: all of them, or what was left under the key's limit. */
  meteredMs: number;
  /** The key's limit is reached: no more audio may be taken this month. */
  exhausted: boolean;
}

// The key's month row is locked before anything is added, so concurrent sessions of one key cannot pass
// its limit together; the limit is read in the same transaction, so a change applies to the next charge.
const LOCK_PERIOD = `
INSERT INTO period_usage (api_key_id, period_start, characters, speech_ms) VALUES ($1::uuid, $2::date, 0, 0)
ON CONFLICT (api_key_id, period_start) DO UPDATE SET speech_ms = period_usage.speech_ms
RETURNING speech_ms::text AS used,
  (SELECT speech_to_text_limit_ms::text FROM api_keys WHERE id = $1::uuid) AS "limit"`;

const ADD_PERIOD = 'UPDATE period_usage SET speech_ms = speech_ms + $3::bigint WHERE api_key_id = $1::uuid AND period_start = $2::date';

const ADD_REPORTED = `
WITH daily AS (
  INSERT INTO daily_usage (api_key_id, usage_date, speech_to_text_ms, speech_to_speech_ms)
  VALUES ($1::uuid, $2::date, $3::bigint, $4::bigint)
  ON CONFLICT (api_key_id, usage_date) DO UPDATE
    SET speech_to_text_ms = daily_usage.speech_to_text_ms + EXCLUDED.speech_to_text_ms,
        speech_to_speech_ms = daily_usage.speech_to_speech_ms + EXCLUDED.speech_to_speech_ms
)
INSERT INTO tag_usage (api_key_id, tag, usage_date, speech_to_text_ms, speech_to_speech_ms)
SELECT $1::uuid, $5::varchar, $2::date, $3::bigint, $4::bigint WHERE $5::varchar IS NOT NULL
ON CONFLICT (api_key_id, tag, usage_date) DO UPDATE
  SET speech_to_text_ms = tag_usage.speech_to_text_ms + EXCLUDED.speech_to_text_ms,
      speech_to_speech_ms = tag_usage.speech_to_speech_ms + EXCLUDED.speech_to_speech_ms`;

/**
 * Audio milliseconds per developer key (against api_keys.speech_to_text_limit_ms per UTC month), per day and
 * per reporting tag. Voice sessions charge as audio arrives; voice jobs charge a file's duration.
 */
export class SpeechMeter {
  constructor(
    private readonly pool: ConnectionPool,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** 456 when the key has no audio left this month (a session or job is refused before it starts). */
  async assertAvailable(keyId: string): Promise<void> {
    const remaining = await this.remainingMs(keyId);
    if (remaining !== null && remaining <= 0) throw new TranslatorError('QUOTA_EXCEEDED', SPEECH_QUOTA_MESSAGE);
  }

  /** Milliseconds the key may still use this month; null without a limit. */
  async remainingMs(keyId: string): Promise<number | null> {
    const { usedMs, limitMs } = await this.periodUsage(keyId);
    return limitMs === null ? null : Math.max(0, limitMs - usedMs);
  }

  /** Audio milliseconds the key used this month, and its limit (null: none). */
  async periodUsage(keyId: string): Promise<{ usedMs: number; limitMs: number | null }> {
    const { rows } = await this.pool.query<{ used: string | null; limit: string | null }>({
      name: 'translator-speech-remaining',
      text: `SELECT k.speech_to_text_limit_ms::text AS "limit", p.speech_ms::text AS used
               FROM api_keys k LEFT JOIN period_usage p ON p.api_key_id = k.id AND p.period_start = $2::date
              WHERE k.id = $1::uuid`,
      values: [keyId, isoDate(monthStart(this.now()))],
    });
    const row = rows[0];
    return { usedMs: Number(row?.used ?? 0), limitMs: row?.limit == null ? null : Number(row.limit) };
  }

  /**
   * Counts the audio, up to what the key's limit leaves: `meteredMs` may be less than asked, and `exhausted`
   * says the limit is reached (the caller stops taking audio).
   */
  async record(charge: SpeechCharge): Promise<MeteredSpeech> {
    const at = this.now();
    const period = isoDate(monthStart(at));
    const day = isoDate(utcDay(at));
    const asked = Math.max(0, Math.round(charge.milliseconds));
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ used: string; limit: string | null }>({
        name: 'translator-speech-lock-period',
        text: LOCK_PERIOD,
        values: [charge.keyId, period],
      });
      const used = Number(rows[0]?.used ?? 0);
      const limit = rows[0]?.limit == null ? null : Number(rows[0].limit);
      const meteredMs = limit === null ? asked : Math.max(0, Math.min(asked, limit - used));
      if (meteredMs > 0) {
        const speechToSpeech = charge.kind === 'speech_to_speech';
        await client.query({ name: 'translator-speech-add-period', text: ADD_PERIOD, values: [charge.keyId, period, meteredMs] });
        await client.query({
          name: 'translator-speech-add-reported',
          text: ADD_REPORTED,
          values: [charge.keyId, day, speechToSpeech ? 0 : meteredMs, speechToSpeech ? meteredMs : 0, charge.reportingTag ?? null],
        });
      }
      await client.query('COMMIT');
      return { meteredMs, exhausted: limit !== null && used + meteredMs >= limit };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Audio milliseconds the key used this month. */
  async usedThisPeriod(keyId: string): Promise<number> {
    const { rows } = await this.pool.query<{ used: string }>({
      name: 'translator-speech-used',
      text: 'SELECT speech_ms::text AS used FROM period_usage WHERE api_key_id = $1::uuid AND period_start = $2::date',
      values: [keyId, isoDate(monthStart(this.now()))],
    });
    return rows[0] ? Number(rows[0].used) : 0;
  }
}

/** Minutes as DeepL reports them: milliseconds rounded up to the next whole minute. */
export function speechMinutes(milliseconds: number): number {
  return Math.ceil(milliseconds / 60_000);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
