import type { Database } from '../../db/database.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { TranslatorError } from '../translator-error.js';
import { monthStart, utcDay } from './periods.js';

export const QUOTA_MESSAGE = 'Quota for this billing period has been exceeded.';

export interface Reservation {
  /** Records the reserved characters as used, per day and per reporting tag. */
  commit(): Promise<void>;
  /** Gives the characters back: the request failed before producing anything. */
  release(): Promise<void>;
}

export class UsageMeter {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Reserves `characters` against the key's monthly limit in one conditional statement, so concurrent
   * requests can never pass the limit together; 456 when they would.
   */
  async reserve(key: AuthenticatedKey, characters: number, reportingTag: string | undefined): Promise<Reservation> {
    const at = this.now();
    const period = monthStart(at);
    const amount = BigInt(characters);
    const limit = key.characterLimit;
    const rows = await this.db.$queryRaw<Array<{ characters: bigint }>>`
      INSERT INTO period_usage (api_key_id, period_start, characters)
      SELECT ${key.id}::uuid, ${period}::date, ${amount}::bigint
      WHERE ${limit}::bigint IS NULL OR ${amount}::bigint <= ${limit}::bigint
      ON CONFLICT (api_key_id, period_start) DO UPDATE
        SET characters = period_usage.characters + EXCLUDED.characters
        WHERE ${limit}::bigint IS NULL OR period_usage.characters + EXCLUDED.characters <= ${limit}::bigint
      RETURNING characters`;
    if (rows.length === 0) throw new TranslatorError('QUOTA_EXCEEDED', QUOTA_MESSAGE);
    return {
      commit: () => this.record(key.id, utcDay(at), amount, reportingTag),
      release: async () => {
        await this.db.$executeRaw`
          UPDATE period_usage SET characters = GREATEST(characters - ${amount}::bigint, 0)
          WHERE api_key_id = ${key.id}::uuid AND period_start = ${period}::date`;
      },
    };
  }

  /** Characters used by the key in the current month. */
  async usedThisPeriod(key: AuthenticatedKey): Promise<bigint> {
    const row = await this.db.periodUsage.findUnique({
      where: { apiKeyId_periodStart: { apiKeyId: key.id, periodStart: monthStart(this.now()) } },
      select: { characters: true },
    });
    return row?.characters ?? 0n;
  }

  private async record(apiKeyId: string, day: Date, amount: bigint, reportingTag: string | undefined): Promise<void> {
    const daily = this.db.$executeRaw`
      INSERT INTO daily_usage (api_key_id, usage_date, text_translation_characters, requests)
      VALUES (${apiKeyId}::uuid, ${day}::date, ${amount}::bigint, 1)
      ON CONFLICT (api_key_id, usage_date) DO UPDATE
        SET text_translation_characters = daily_usage.text_translation_characters + EXCLUDED.text_translation_characters,
            requests = daily_usage.requests + 1`;
    if (reportingTag === undefined) {
      await daily;
      return;
    }
    const tagged = this.db.$executeRaw`
      INSERT INTO tag_usage (api_key_id, tag, usage_date, text_translation_characters, requests)
      VALUES (${apiKeyId}::uuid, ${reportingTag}, ${day}::date, ${amount}::bigint, 1)
      ON CONFLICT (api_key_id, tag, usage_date) DO UPDATE
        SET text_translation_characters = tag_usage.text_translation_characters + EXCLUDED.text_translation_characters,
            requests = tag_usage.requests + 1`;
    await this.db.$transaction([daily, tagged]);
  }
}
