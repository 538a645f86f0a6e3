// The document_jobs table as the worker and the routes use it. Jobs are taken with FOR UPDATE SKIP
// LOCKED, so replicas never take the same one; a taken job holds a lease that its worker renews, and a
// job whose lease ran out (its process died) is taken again. Every write of a taken job names the
// attempt that took it, so a worker that lost its lease cannot overwrite the one that took over.
import type { ConnectionPool } from '../../db/database.js';
import type { DocumentOptions } from './document-record.js';

export interface ClaimedJob {
  id: string;
  apiKeyId: string;
  attempt: number;
  fileName: string;
  inputFormat: string;
  outputFormat: string;
  options: DocumentOptions;
  reportingTag: string | null;
  input: Buffer;
  billedCharacters: number;
  createdAt: Date;
}

// Fair share: a job whose key has fewer jobs in translation goes first, then the oldest. One key's
// large upload takes one worker; the next worker serves another key's job before that key's second.
const CLAIM = `
WITH candidate AS (
  SELECT j.id FROM document_jobs j
   WHERE j.status = 'queued' OR (j.status = 'translating' AND j.lease_until < $1)
   ORDER BY (SELECT count(*) FROM document_jobs r
              WHERE r.api_key_id = j.api_key_id AND r.status = 'translating' AND r.lease_until >= $1),
            j.created_at
   LIMIT 1 FOR UPDATE SKIP LOCKED
)
UPDATE document_jobs d
   SET status = 'translating', lease_until = $2, attempts = d.attempts + 1, started_at = COALESCE(d.started_at, $1),
       translated_characters = 0
  FROM candidate WHERE d.id = candidate.id
RETURNING d.id, d.api_key_id, d.attempts, d.file_name, d.input_format, d.output_format, d.options, d.reporting_tag,
          d.input, d.billed_characters, d.created_at`;

interface ClaimRow {
  id: string;
  api_key_id: string;
  attempts: number;
  file_name: string;
  input_format: string;
  output_format: string;
  options: DocumentOptions;
  reporting_tag: string | null;
  input: Buffer;
  billed_characters: number;
  created_at: Date;
}

export class DocumentJobs {
  constructor(private readonly pool: ConnectionPool) {}

  async claim(now: Date, leaseMs: number): Promise<ClaimedJob | undefined> {
    const { rows } = await this.pool.query<ClaimRow>(CLAIM, [now, new Date(now.getTime() + leaseMs)]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      apiKeyId: row.api_key_id,
      attempt: row.attempts,
      fileName: row.file_name,
      inputFormat: row.input_format,
      outputFormat: row.output_format,
      options: row.options,
      reportingTag: row.reporting_tag,
      input: row.input,
      billedCharacters: row.billed_characters,
      createdAt: row.created_at,
    };
  }

  /** Renews the lease and records progress; false when the job is no longer this attempt's. */
  async heartbeat(job: ClaimedJob, leaseUntil: Date, translatedCharacters?: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE document_jobs SET lease_until = $3, translated_characters = COALESCE($4, translated_characters)
        WHERE id = $1 AND attempts = $2 AND status = 'translating'`,
      [job.id, job.attempt, leaseUntil, translatedCharacters ?? null],
    );
    return rowCount === 1;
  }

  async complete(job: ClaimedJob, output: Buffer, qualityReport: unknown, now: Date, expiresAt: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE document_jobs SET status = 'done', output = $3, input = NULL, quality_report = $4, lease_until = NULL,
              finished_at = $5, expires_at = $6, translated_characters = billed_characters
        WHERE id = $1 AND attempts = $2 AND status = 'translating'`,
      [job.id, job.attempt, output, qualityReport === undefined ? null : JSON.stringify(qualityReport), now, expiresAt],
    );
    return rowCount === 1;
  }

  async fail(job: ClaimedJob, message: string, now: Date, expiresAt: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE document_jobs SET status = 'error', error_message = $3, input = NULL, lease_until = NULL, finished_at = $4, expires_at = $5
        WHERE id = $1 AND attempts = $2 AND status = 'translating'`,
      [job.id, job.attempt, message, now, expiresAt],
    );
    return rowCount === 1;
  }

  /** Back to the queue, now (shutdown: this attempt does not count) or after a failure that a retry may cure. */
  async release(job: ClaimedJob, countAttempt: boolean): Promise<void> {
    await this.pool.query(
      `UPDATE document_jobs SET status = 'queued', lease_until = NULL, attempts = attempts - $3
        WHERE id = $1 AND attempts = $2 AND status = 'translating'`,
      [job.id, job.attempt, countAttempt ? 0 : 1],
    );
  }

  /** Deletes jobs past their retention (files not downloaded in time); returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM document_jobs WHERE expires_at < $1', [now]);
    return rowCount ?? 0;
  }
}
