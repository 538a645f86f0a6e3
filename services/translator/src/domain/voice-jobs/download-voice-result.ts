// GET of a result's download URL: the file, once, with that result's signature. Downloading marks it
// `downloaded` and drops its bytes; once every result is downloaded or failed, the job is deleted (404).
import type { ConnectionPool } from '../../db/database.js';
import { TranslatorError } from '../translator-error.js';
import { isJobId, type StoredTarget } from './voice-job-record.js';

const resultNotFound = () => new TranslatorError('NOT_FOUND', 'Result not found or already downloaded.');

export interface DownloadedResult {
  output: Buffer;
  type: string;
  fileName: string;
}

export async function downloadVoiceResult(
  pool: ConnectionPool,
  jobId: string,
  index: number,
  signature: string | undefined,
  now: Date,
): Promise<DownloadedResult> {
  if (!isJobId(jobId) || !Number.isInteger(index) || index < 0) throw resultNotFound();
  if (signature === undefined)
    throw new TranslatorError('FORBIDDEN', "Missing signature: send 'Authorization: DeepL-Signature <signature>'.");
  // The job's row is locked too: downloads of one job's results take turns, so the last one sees the others
  // committed and deletes the job.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ output: Buffer | null; signature: string | null; targets: StoredTarget[]; file_name: string }>(
      `SELECT r.output, r.signature, j.targets, j.file_name FROM voice_job_results r JOIN voice_jobs j ON j.id = r.job_id
        WHERE r.job_id = $1 AND r.target_index = $2 AND r.status = 'complete' AND j.expires_at > $3 FOR UPDATE`,
      [jobId, index, now],
    );
    const row = rows[0];
    if (!row || row.output === null) throw resultNotFound();
    if (row.signature !== signature) throw new TranslatorError('FORBIDDEN', 'The signature does not match this download URL.');
    await client.query(
      "UPDATE voice_job_results SET status = 'downloaded', output = NULL, signature = NULL WHERE job_id = $1 AND target_index = $2",
      [jobId, index],
    );
    await client.query(
      `DELETE FROM voice_jobs WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM voice_job_results WHERE job_id = $1 AND status = 'complete')`,
      [jobId],
    );
    await client.query('COMMIT');
    const target = row.targets[index]!;
    return { output: row.output, type: target.type, fileName: resultFileName(row.file_name, target) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const EXTENSIONS: Record<string, string> = {
  'text/plain': 'txt',
  'application/x-subrip': 'srt',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/ogg;codecs=flac': 'ogg',
  'audio/ogg;codecs=opus': 'ogg',
  'audio/webm;codecs=opus': 'webm',
  'video/mp2t;codecs=aac': 'ts',
  'video/mp2t;codecs=opus': 'ts',
};

function resultFileName(source: string, target: StoredTarget): string {
  const extension =
    EXTENSIONS[target.type] ?? (target.type.startsWith('audio/x-matroska') ? 'mka' : target.type.startsWith('audio/pcm') ? 'pcm' : 'bin');
  return `${source.replace(/\.[^.]*$/, '')}.${target.language.toLowerCase()}.${extension}`;
}
