// The voice_jobs table as the worker uses it, as document-jobs.ts does for documents: jobs are taken
// with FOR UPDATE SKIP LOCKED under a lease the worker renews, a job whose lease ran out (its process
// died) is taken again, and every write names the attempt that took it, so a worker that lost its lease
// cannot overwrite the one that took over.
import type { ConnectionPool } from '../../db/database.js';
import type { RecognizedSegment, StoredTarget, VoiceJobOptions } from './voice-job-record.js';

export interface ClaimedVoiceJob {
  id: string;
  apiKeyId: string;
  attempt: number;
  input: Buffer;
  sourceLanguage: string;
  targets: StoredTarget[];
  options: VoiceJobOptions;
  reportingTag: string | null;
  /** Recognition a previous attempt got through: its segments, and how far into the audio they reach. */
  recognizedMs: number;
  segments: RecognizedSegment[];
}

export interface TargetOutcome {
  output?: Buffer;
  error?: string;
  signature?: string;
}

const CLAIM = `
WITH candidate AS (
  SELECT id FROM voice_jobs
   WHERE status = 'uploaded' OR (status = 'processing' AND lease_until < $1)
   ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
)
UPDATE voice_jobs j SET status = 'processing', lease_until = $2, attempts = j.attempts + 1, updated_at = $1
  FROM candidate WHERE j.id = candidate.id
RETURNING j.id, j.api_key_id, j.attempts, j.input, j.source_language, j.targets, j.options, j.reporting_tag, j.recognized_ms, j.segments`;

export class VoiceJobs {
  constructor(private readonly pool: ConnectionPool) {}

  async claim(now: Date, leaseMs: number): Promise<ClaimedVoiceJob | undefined> {
    const { rows } = await this.pool.query<{
      id: string;
      api_key_id: string;
      attempts: number;
      input: Buffer;
      source_language: string | null;
      targets: StoredTarget[];
      options: VoiceJobOptions;
      reporting_tag: string | null;
      recognized_ms: number;
      segments: RecognizedSegment[];
    }>(CLAIM, [now, new Date(now.getTime() + leaseMs)]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      apiKeyId: row.api_key_id,
      attempt: row.attempts,
      input: row.input,
      sourceLanguage: row.source_language ?? 'EN',
      targets: row.targets,
      options: row.options,
      reportingTag: row.reporting_tag,
      recognizedMs: row.recognized_ms,
      segments: row.segments,
    };
  }

  /** Renews the lease and records recognition so far; false when the job is no longer this attempt's. */
  async heartbeat(
    job: ClaimedVoiceJob,
    leaseUntil: Date,
    progress?: { recognizedMs: number; segments: RecognizedSegment[] },
  ): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE voice_jobs SET lease_until = $3, recognized_ms = COALESCE($4, recognized_ms), segments = COALESCE($5::jsonb, segments)
        WHERE id = $1 AND attempts = $2 AND status = 'processing'`,
      [job.id, job.attempt, leaseUntil, progress?.recognizedMs ?? null, progress ? JSON.stringify(progress.segments) : null],
    );
    return rowCount === 1;
  }

  /** Every target's outcome and the job done, in one transaction; false when the job is no longer this attempt's. */
  async complete(job: ClaimedVoiceJob, outcomes: TargetOutcome[], now: Date, expiresAt: Date): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rowCount } = await client.query(
        `UPDATE voice_jobs SET status = 'done', input = NULL, lease_until = NULL, finished_at = $3, updated_at = $3, expires_at = $4
          WHERE id = $1 AND attempts = $2 AND status = 'processing'`,
        [job.id, job.attempt, now, expiresAt],
      );
      if (rowCount !== 1) {
        await client.query('ROLLBACK');
        return false;
      }
      for (const [index, outcome] of outcomes.entries()) {
        await client.query(
          `INSERT INTO voice_job_results (job_id, target_index, status, output, error_message, signature) VALUES ($1, $2, $3, $4, $5, $6)`,
          [job.id, index, outcome.output ? 'complete' : 'failed', outcome.output ?? null, outcome.error ?? null, outcome.signature ?? null],
        );
      }
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Back to the queue: now, this attempt not counted (shutdown), or after a failure a retry may cure. */
  async release(job: ClaimedVoiceJob, countAttempt: boolean): Promise<void> {
    await this.pool.query(
      `UPDATE voice_jobs SET status = 'uploaded', lease_until = NULL, attempts = attempts - $3
        WHERE id = $1 AND attempts = $2 AND status = 'processing'`,
      [job.id, job.attempt, countAttempt ? 0 : 1],
    );
  }

  /** Deletes jobs past their retention (results not downloaded in time, files never uploaded); returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM voice_jobs WHERE expires_at < $1', [now]);
    return rowCount ?? 0;
  }
}
