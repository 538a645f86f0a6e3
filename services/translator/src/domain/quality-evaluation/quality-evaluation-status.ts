// GET /v1/quality-evaluation/{job_id}: DeepL's `done` answer (segments and summary) or its `error` answer.
// Another key's job, an unknown one and one past its 24 hours are all the same 404, so none tells
// whether the job exists.
import type { ConnectionPool } from '../../db/database.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { TranslatorError } from '../translator-error.js';
import type { Evaluation } from './evaluate-segments.js';

export type QualityEvaluationAnswer =
  | ({ job_id: string; status: 'done' } & Evaluation)
  | { job_id: string; status: 'error'; error: { code: 'evaluation_failed'; message: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface JobRow {
  id: string;
  status: 'done' | 'error';
  result: Evaluation | null;
  error_message: string | null;
}

export async function qualityEvaluationStatus(
  pool: ConnectionPool,
  jobId: string,
  context: { key: AuthenticatedKey; now: Date },
): Promise<QualityEvaluationAnswer> {
  if (!UUID.test(jobId)) throw new TranslatorError('BAD_REQUEST', 'job_id must be a valid UUID.');
  const { rows } = await pool.query<JobRow>(
    'SELECT id, status, result, error_message FROM quality_evaluations WHERE id = $1 AND api_key_id = $2 AND expires_at > $3',
    [jobId.toLowerCase(), context.key.id, context.now],
  );
  const job = rows[0];
  if (!job) throw new TranslatorError('NOT_FOUND', 'Quality evaluation job not found.');
  if (job.status === 'done' && job.result)
    return { job_id: job.id, status: 'done', segments: job.result.segments, summary: job.result.summary };
  return {
    job_id: job.id,
    status: 'error',
    error: { code: 'evaluation_failed', message: job.error_message ?? 'The evaluation failed.' },
  };
}
