// Group commit for the usage of keys without a character limit: an entry arriving while no commit runs is
// committed at once (alongside the engine's work, so a lone request never waits for it); entries arriving while
// one runs share the next, which starts as soon as it ends. Under load the batches grow with the commit's time,
// with no timer that a lone request would wait out. A request hears back only after the commit that holds its
// usage, so nothing answered is uncounted.
// (Keys with a limit are metered one request at a time, before translating: they may be refused.)
import type { ConnectionPool } from '../../db/database.js';

/** Which counter of the reports the characters go to; all count against the key's limit. */
export type UsageKind = 'translation' | 'improvement' | 'document';

// The reports' counter of each kind, in the order the statements list them.
const COUNTERS: ReadonlyArray<[UsageKind, string]> = [
  ['translation', 'text_translation_characters'],
  ['improvement', 'text_improvement_characters'],
  ['document', 'document_translation_characters'],
];

/** SQL: the characters in the kind's column, 0 in the others (text_translation, text_improvement, document_translation). */
export function kindColumns(characters: string, kind: string): string {
  return COUNTERS.map(([name]) => `CASE WHEN ${kind} = '${name}' THEN ${characters} ELSE 0 END`).join(', ');
}

/** SQL: each counter of `table` plus the inserted row's. */
export function addCounters(table: string): string {
  return COUNTERS.map(([, column]) => `${column} = ${table}.${column} + EXCLUDED.${column}`).join(',\n        ');
}

/** SQL: the kind's counter less the characters, never below 0. */
export function subtractCounters(characters: string, kind: string): string {
  return COUNTERS.map(
    ([name, column]) => `${column} = GREATEST(${column} - CASE WHEN ${kind} = '${name}' THEN ${characters} ELSE 0 END, 0)`,
  ).join(',\n    ');
}

export interface UsageEntry {
  keyId: string;
  /** First day of the month the usage counts in, and its UTC day, both `YYYY-MM-DD`. */
  period: string;
  day: string;
  characters: number;
  reportingTag: string | null;
  /** Default `translation`. */
  kind?: UsageKind;
}

export interface BatchTimers {
  setTimeout(callback: () => void, ms: number): unknown;
}

export interface UsageBatcherOptions {
  /**
   * How long the first entry of a batch waits for others before committing (default 0: at once). A linger trades
   * a lone request's latency for fewer commits; the commit in flight already gathers the next batch.
   */
  lingerMs?: number;
  maxBatch?: number;
  timers?: BatchTimers;
}

interface Pending {
  entry: UsageEntry;
  resolve(): void;
  reject(error: unknown): void;
}

// Entries are summed per row before the upserts: ON CONFLICT may touch each row only once per statement.
// Rows are taken in key order, so concurrent batches (other replicas) lock them in the same order.
const ADD_USAGE = `
WITH entries AS (
  SELECT api_key_id, period_start, usage_date, characters, tag,
         CASE WHEN kind = 'translation' THEN characters ELSE 0 END AS translated,
         CASE WHEN kind = 'improvement' THEN characters ELSE 0 END AS improved,
         CASE WHEN kind = 'document' THEN characters ELSE 0 END AS documents
    FROM unnest($1::uuid[], $2::date[], $3::date[], $4::bigint[], $5::varchar[], $6::text[])
      AS e(api_key_id, period_start, usage_date, characters, tag, kind)
), period AS (
  INSERT INTO period_usage (api_key_id, period_start, characters)
  SELECT api_key_id, period_start, sum(characters) FROM entries GROUP BY api_key_id, period_start ORDER BY api_key_id, period_start
  ON CONFLICT (api_key_id, period_start) DO UPDATE SET characters = period_usage.characters + EXCLUDED.characters
), daily AS (
  INSERT INTO daily_usage (api_key_id, usage_date, text_translation_characters, text_improvement_characters, document_translation_characters, requests)
  SELECT api_key_id, usage_date, sum(translated), sum(improved), sum(documents), count(*) FROM entries GROUP BY api_key_id, usage_date ORDER BY api_key_id, usage_date
  ON CONFLICT (api_key_id, usage_date) DO UPDATE
    SET ${addCounters('daily_usage')},
        requests = daily_usage.requests + EXCLUDED.requests
)
INSERT INTO tag_usage (api_key_id, tag, usage_date, text_translation_characters, text_improvement_characters, document_translation_characters, requests)
SELECT api_key_id, tag, usage_date, sum(translated), sum(improved), sum(documents), count(*) FROM entries WHERE tag IS NOT NULL
 GROUP BY api_key_id, tag, usage_date ORDER BY api_key_id, tag, usage_date
ON CONFLICT (api_key_id, tag, usage_date) DO UPDATE
  SET ${addCounters('tag_usage')},
      requests = tag_usage.requests + EXCLUDED.requests`;

export class UsageBatcher {
  private waiting: Pending[] = [];
  private committing = false;
  private lingering = false;
  private readonly lingerMs: number;
  private readonly maxBatch: number;
  private readonly timers: BatchTimers;

  constructor(
    private readonly pool: ConnectionPool,
    options: UsageBatcherOptions = {},
  ) {
    this.lingerMs = options.lingerMs ?? 0;
    this.maxBatch = options.maxBatch ?? 256;
    this.timers = options.timers ?? { setTimeout: (callback, ms) => setTimeout(callback, ms) };
  }

  /** Resolves once the entry's usage is committed; rejects if the commit holding it failed. */
  record(entry: UsageEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      if (this.waiting.length >= this.maxBatch || this.lingerMs <= 0) this.commitNext();
      else if (!this.lingering && !this.committing) {
        this.lingering = true;
        this.timers.setTimeout(() => {
          this.lingering = false;
          this.commitNext();
        }, this.lingerMs);
      }
    });
  }

  private commitNext(): void {
    // One commit at a time: what arrives meanwhile makes the next batch bigger.
    if (this.committing || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.maxBatch);
    this.committing = true;
    void this.commit(batch).finally(() => {
      this.committing = false;
      this.commitNext();
    });
  }

  private async commit(batch: Pending[]): Promise<void> {
    const entries = batch.map((item) => item.entry);
    try {
      await this.pool.query({
        name: 'translator-add-usage',
        text: ADD_USAGE,
        values: [
          entries.map((e) => e.keyId),
          entries.map((e) => e.period),
          entries.map((e) => e.day),
          entries.map((e) => e.characters),
          entries.map((e) => e.reportingTag),
          entries.map((e) => e.kind ?? 'translation'),
        ],
      });
      for (const item of batch) item.resolve();
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}
