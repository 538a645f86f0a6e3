import type { ConnectionPool } from '../../db/database.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { TranslatorError } from '../translator-error.js';
import { monthStart, utcDay } from './periods.js';
import { addCounters, kindColumns, subtractCounters, UsageBatcher, type UsageKind } from './usage-batcher.js';

export const QUOTA_MESSAGE = 'Quota for this billing period has been exceeded.';

// A key with a limit: one statement per request. The characters are added to the key's month only if
// that stays within its limit (so concurrent requests can never pass it together), and in the same
// statement to the day's and the reporting tag's rows that reports read. Nothing is written when the
// limit refuses. (Keys without a limit go through usage-batcher.ts.) $7 says which counter of the
// reports the characters go to: `translation`, `improvement` or `document` (usage-batcher.ts).
const METER = `
WITH reserved AS (
  INSERT INTO period_usage (api_key_id, period_start, characters)
  SELECT $1::uuid, $2::date, $4::bigint
  WHERE $4::bigint <= $5::bigint
  ON CONFLICT (api_key_id, period_start) DO UPDATE
    SET characters = period_usage.characters + EXCLUDED.characters
    WHERE period_usage.characters + EXCLUDED.characters <= $5::bigint
  RETURNING 1
), daily AS (
  INSERT INTO daily_usage (api_key_id, usage_date, text_translation_characters, text_improvement_characters, document_translation_characters, requests)
  SELECT $1::uuid, $3::date, ${kindColumns('$4::bigint', '$7::text')}, 1 FROM reserved
  ON CONFLICT (api_key_id, usage_date) DO UPDATE
    SET ${addCounters('daily_usage')},
        requests = daily_usage.requests + 1
), tagged AS (
  INSERT INTO tag_usage (api_key_id, tag, usage_date, text_translation_characters, text_improvement_characters, document_translation_characters, requests)
  SELECT $1::uuid, $6::varchar, $3::date, ${kindColumns('$4::bigint', '$7::text')}, 1
    FROM reserved WHERE $6::varchar IS NOT NULL
  ON CONFLICT (api_key_id, tag, usage_date) DO UPDATE
    SET ${addCounters('tag_usage')},
        requests = tag_usage.requests + 1
)
SELECT count(*)::int AS reserved FROM reserved`;

// Gives a refunded request's characters back everywhere the statement above put them.
const REFUND = `
WITH period AS (
  UPDATE period_usage SET characters = GREATEST(characters - $4::bigint, 0)
  WHERE api_key_id = $1::uuid AND period_start = $2::date
), daily AS (
  UPDATE daily_usage SET ${subtractCounters('$4::bigint', '$6::text')},
    requests = GREATEST(requests - 1, 0)
  WHERE api_key_id = $1::uuid AND usage_date = $3::date
)
UPDATE tag_usage SET ${subtractCounters('$4::bigint', '$6::text')},
  requests = GREATEST(requests - 1, 0)
WHERE api_key_id = $1::uuid AND tag = $5::varchar AND usage_date = $3::date`;

export interface Reservation {
  /** Gives the characters back: the request failed before producing anything. */
  refund(): Promise<void>;
}

export class UsageMeter {
  constructor(
    private readonly pool: ConnectionPool,
    private readonly now: () => Date = () => new Date(),
    // Keys without a limit cannot be refused: their usage goes in group commits.
    private readonly unlimited: UsageBatcher = new UsageBatcher(pool),
  ) {}

  /** Whether `reserve` may refuse this key (456): only a key with a character limit can be. */
  canRefuse(key: AuthenticatedKey): boolean {
    return key.characterLimit !== null;
  }

  /**
   * Runs `work` metered: `characters` are reserved for the key (456 past its limit) and given back if the work
   * fails. A key the meter may refuse has its work run only once the meter said yes; any other key can only
   * fail metering if the database does, so its work runs while the meter commits, and the answer still waits
   * for both.
   */
  async metered<T>(
    charge: { key: AuthenticatedKey; characters: number; reportingTag: string | undefined; kind?: UsageKind },
    work: () => Promise<T>,
  ): Promise<T> {
    // The group commit may hold a key's entry until the work it meters is done (usage-batcher.ts).
    let workDone!: () => void;
    const working = new Promise<void>((resolve) => (workDone = resolve));
    const reserving = this.reserve(charge.key, charge.characters, charge.reportingTag, charge.kind, working);
    if (this.canRefuse(charge.key)) await reserving;
    else reserving.catch(() => {});
    let result: T;
    try {
      result = await work();
      workDone();
    } catch (error) {
      workDone();
      // A failed reservation metered nothing; a successful one is given back.
      await reserving.then(
        (reservation) => reservation.refund(),
        () => undefined,
      );
      throw error;
    }
    await reserving;
    return result;
  }

  /**
   * Meters `characters` for the key, or refuses with 456 (metering nothing) past its monthly limit. Text
   * translation, text improvement and documents share the limit and are reported apart.
   */
  async reserve(
    key: AuthenticatedKey,
    characters: number,
    reportingTag: string | undefined,
    kind: UsageKind = 'translation',
    /** The work these characters pay for: a key without a limit may have them committed once it is done. */
    alongside?: Promise<unknown>,
  ): Promise<Reservation> {
    const at = this.now();
    const period = isoDate(monthStart(at));
    const day = isoDate(utcDay(at));
    if (key.characterLimit === null) {
      await this.unlimited.record({ keyId: key.id, period, day, characters, reportingTag: reportingTag ?? null, kind }, alongside);
    } else {
      const { rows } = await this.pool.query<{ reserved: number }>({
        name: 'translator-meter-usage',
        text: METER,
        values: [key.id, period, day, characters, key.characterLimit.toString(), reportingTag ?? null, kind],
      });
      if (rows[0]?.reserved !== 1) throw new TranslatorError('QUOTA_EXCEEDED', QUOTA_MESSAGE);
    }
    return { refund: () => this.refund({ keyId: key.id, characters, reportingTag, kind, at }) };
  }

  /** Gives back characters metered at `at` (a document that failed long after its upload was billed). */
  async refund(charge: { keyId: string; characters: number; reportingTag: string | undefined; kind: UsageKind; at: Date }): Promise<void> {
    await this.pool.query({
      name: 'translator-refund-usage',
      text: REFUND,
      values: [
        charge.keyId,
        isoDate(monthStart(charge.at)),
        isoDate(utcDay(charge.at)),
        charge.characters,
        charge.reportingTag ?? null,
        charge.kind,
      ],
    });
  }

  /** Characters used by the key in the current month. */
  async usedThisPeriod(key: AuthenticatedKey): Promise<bigint> {
    const { rows } = await this.pool.query<{ characters: string }>({
      name: 'translator-period-usage',
      text: 'SELECT characters FROM period_usage WHERE api_key_id = $1::uuid AND period_start = $2::date',
      values: [key.id, isoDate(monthStart(this.now()))],
    });
    return rows[0] ? BigInt(rows[0].characters) : 0n;
  }
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
