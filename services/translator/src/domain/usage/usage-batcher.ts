// Group commit for the usage of keys without a character limit. An entry is recorded alongside the work it meters
// (the engine's), and the answer waits for both. The entry need not be committed before that work is done, so it
// waits for it: every entry recorded meanwhile shares its commit. Under load (8 clients, the engine's queue about
// 16 ms deep) a commit holds about as many entries as requests are in flight, instead of one or two, and costs
// the service and PostgreSQL a statement per batch. A lone request (no other work running) is committed at once,
// alongside its work, so it never waits for the commit; nor does any entry wait longer than `maxWaitMs`. One
// commit runs at a time. A request hears back only after the commit that holds its usage: nothing answered is
// uncounted. (Keys with a limit are metered one request at a time, before translating: they may be refused.)
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
  /** The longest an entry waits for its work before it is committed anyway (default 20 ms). */
  maxWaitMs?: number;
  maxBatch?: number;
  timers?: BatchTimers;
}

interface Pending {
  entry: UsageEntry;
  /** May be committed now: its work is done, it had none, or it waited `maxWaitMs`. */
  due: boolean;
  resolve(): void;
  reject(error: unknown): void;
}

export const DEFAULT_MAX_WAIT_MS = 20;

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
  /** Work recorded alongside an entry and not yet done, committed or not. */
  private working = 0;
  /** Counts the batches taken: a wait timer set for an earlier batch does not hurry a later one. */
  private batchesTaken = 0;
  private readonly maxWaitMs: number;
  private readonly maxBatch: number;
  private readonly timers: BatchTimers;

  constructor(
    private readonly pool: ConnectionPool,
    options: UsageBatcherOptions = {},
  ) {
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.maxBatch = options.maxBatch ?? 256;
    // Unref'd: the requests that wait keep the process up, not the timer.
    this.timers = options.timers ?? { setTimeout: (callback, ms) => setTimeout(callback, ms).unref() };
  }

  /**
   * Resolves once the entry's usage is committed; rejects if the commit holding it failed. `alongside` is the work
   * the entry meters, which the caller awaits as well: until it settles the entry may wait for others to share
   * its commit. Without it the entry is committed as soon as no other commit runs.
   */
  record(entry: UsageEntry, alongside?: Promise<unknown>): Promise<void> {
    return new Promise((resolve, reject) => {
      // Alone: nothing else runs that could share the commit, so it goes now, while the work runs.
      const pending: Pending = { entry, due: alongside === undefined || this.working === 0, resolve, reject };
      if (alongside) {
        this.working += 1;
        const done = () => {
          this.working -= 1;
          pending.due = true;
          this.commitNext();
        };
        alongside.then(done, done);
      }
      this.waiting.push(pending);
      if (this.waiting.length === 1 && !pending.due) this.hurryAfterMaxWait();
      this.commitNext();
    });
  }

  private hurryAfterMaxWait(): void {
    const batch = this.batchesTaken;
    this.timers.setTimeout(() => {
      if (batch !== this.batchesTaken) return;
      for (const item of this.waiting) item.due = true;
      this.commitNext();
    }, this.maxWaitMs);
  }

  private commitNext(): void {
    // One commit at a time: what arrives meanwhile makes the next batch bigger. A batch goes once one of its entries
    // is due (a full one at once); it takes every entry waiting, due or not.
    if (this.committing || this.waiting.length === 0) return;
    if (this.waiting.length < this.maxBatch && !this.waiting.some((item) => item.due)) return;
    const batch = this.waiting.splice(0, this.maxBatch);
    this.batchesTaken += 1;
    if (this.waiting.length > 0 && !this.waiting.some((item) => item.due)) this.hurryAfterMaxWait();
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
