// GET /v1/jobs/voice/translate/{job_id}: the job as DeepL's VoiceTranslateJobStatusResponse words it.
// Before the job is done every result shares its status (pending, uploaded, processing); once done each
// has its own (complete with its download URL and signature, downloaded, failed with a message).
import type { VoiceJobTargetResult, VoiceTranslateJobStatusResponse } from '@workspace/contracts';
import type { ConnectionPool } from '../../db/database.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { isJobId, resultUrl, signedUrl, type StoredTarget, type VoiceJobOptions, voiceJobNotFound } from './voice-job-record.js';

interface JobRow {
  id: string;
  status: string;
  file_name: string;
  content_type: string;
  content_length: string;
  source_language: string | null;
  targets: StoredTarget[];
  options: VoiceJobOptions;
  upload_expires_at: Date | null;
  storage_used: string;
  created_at: Date;
  updated_at: Date;
}

interface ResultRow {
  target_index: number;
  status: string;
  error_message: string | null;
  signature: string | null;
}

export async function voiceJobStatus(
  pool: ConnectionPool,
  jobId: string,
  context: { key: AuthenticatedKey; baseUrl: string; signedUrls: boolean; now: Date },
): Promise<VoiceTranslateJobStatusResponse> {
  if (!isJobId(jobId)) throw voiceJobNotFound();
  const { rows } = await pool.query<JobRow>(
    `SELECT j.id, j.status, j.file_name, j.content_type, j.content_length::text, j.source_language, j.targets, j.options,
            j.upload_expires_at, j.created_at, j.updated_at,
            (COALESCE(octet_length(j.input), 0) + COALESCE((SELECT sum(octet_length(r.output)) FROM voice_job_results r WHERE r.job_id = j.id), 0))::text AS storage_used
       FROM voice_jobs j WHERE j.id = $1 AND j.api_key_id = $2 AND j.expires_at > $3`,
    [jobId, context.key.id, context.now],
  );
  const job = rows[0];
  if (!job) throw voiceJobNotFound();
  const results = job.status === 'done' ? await doneResults(pool, job, context) : waitingResults(job, context.now);
  return {
    job_id: job.id,
    product: 'voice',
    operation: 'translate',
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    usage: { storage_used: Number(job.storage_used) },
    source_file: { name: job.file_name, content_type: job.content_type, content_length: Number(job.content_length) },
    parameters: {
      ...(job.source_language ? { source_language: job.source_language.toLowerCase() } : {}),
      ...(job.options.glossary_id ? { glossary_id: job.options.glossary_id } : {}),
      ...(job.options.requested_formality ? { formality: job.options.requested_formality } : {}),
      ...(job.options.voice ? { target_media_voice: job.options.voice } : {}),
    },
    targets: job.targets.map((target) => ({ language: target.language, type: target.type })),
    results,
  };
}

function waitingResults(job: JobRow, now: Date): VoiceJobTargetResult[] {
  // A job whose upload window closed without a file fails every target.
  if (job.status === 'pending' && job.upload_expires_at !== null && job.upload_expires_at <= now) {
    return job.targets.map(() => ({
      status: 'failed',
      error: { message: 'No file was uploaded before the upload URL expired; create a new job.' },
    }));
  }
  const status = job.status as 'pending' | 'uploaded' | 'processing';
  return job.targets.map(() => ({ status }));
}

async function doneResults(
  pool: ConnectionPool,
  job: JobRow,
  context: { baseUrl: string; signedUrls: boolean },
): Promise<VoiceJobTargetResult[]> {
  const { rows } = await pool.query<ResultRow>(
    'SELECT target_index, status, error_message, signature FROM voice_job_results WHERE job_id = $1 ORDER BY target_index',
    [job.id],
  );
  return rows.map((row): VoiceJobTargetResult => {
    if (row.status === 'failed') return { status: 'failed', error: { message: row.error_message ?? 'processing failed' } };
    if (row.status !== 'complete' || row.signature === null) return { status: 'downloaded' };
    const url = resultUrl(context.baseUrl, job.id, row.target_index);
    return {
      status: 'complete',
      download_url: url,
      signature: row.signature,
      ...(context.signedUrls ? { signed_download_url: signedUrl(url, row.signature) } : {}),
    };
  });
}
