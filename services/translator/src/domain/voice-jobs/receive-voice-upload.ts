// PUT to a voice job's upload URL: its source file, once, within the upload window, of the size the job
// declared. The file is probed before it is kept: not audio, longer than the service takes, or longer
// than the key's speech milliseconds left, and it is refused with nothing changed.
import { TranslatorError } from '../translator-error.js';
import { SPEECH_QUOTA_MESSAGE } from '../usage/speech-meter.js';
import { probeDurationMs, UnreadableAudio } from './source-audio.js';
import type { VoiceJobDeps } from './voice-job-deps.js';
import { isJobId } from './voice-job-record.js';

const uploadNotFound = () => new TranslatorError('NOT_FOUND', 'Upload URL not found or already used; create a new job to get another.');

export async function receiveVoiceUpload(deps: VoiceJobDeps, jobId: string, signature: string | undefined, file: Buffer): Promise<void> {
  if (!isJobId(jobId)) throw uploadNotFound();
  const { rows } = await deps.pool.query<{
    api_key_id: string;
    status: string;
    content_type: string;
    content_length: string;
    upload_signature: string | null;
    upload_expires_at: Date | null;
  }>('SELECT api_key_id, status, content_type, content_length, upload_signature, upload_expires_at FROM voice_jobs WHERE id = $1', [jobId]);
  const job = rows[0];
  if (job?.status !== 'pending' || job.upload_signature === null) throw uploadNotFound();
  if (signature === undefined)
    throw new TranslatorError('FORBIDDEN', "Missing signature: send 'Authorization: DeepL-Signature <signature>'.");
  if (signature !== job.upload_signature) throw new TranslatorError('FORBIDDEN', 'The signature does not match this upload URL.');
  if (job.upload_expires_at! <= deps.now())
    throw new TranslatorError(
      'FORBIDDEN',
      `Upload URL expired (uploads are taken for ${formatDuration(deps.voiceJobs.limits.uploadWindowMs)} after the job is created); create a new job.`,
    );
  if (file.length !== Number(job.content_length)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `The uploaded file is ${file.length} bytes, but the job declared source_file.content_length ${job.content_length}.`,
    );
  }
  let durationMs: number;
  try {
    durationMs = await probeDurationMs(file);
  } catch (error) {
    if (error instanceof UnreadableAudio)
      throw new TranslatorError('BAD_REQUEST', `The uploaded file is not readable as ${job.content_type}: ${error.message}.`);
    throw error;
  }
  const { maxDurationMs, retentionMs } = deps.voiceJobs.limits;
  if (durationMs > maxDurationMs) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `The audio lasts ${formatDuration(durationMs)}, over this service's limit of ${formatDuration(maxDurationMs)}; split it into shorter files.`,
    );
  }
  const remaining = await deps.speechMeter.remainingMs(job.api_key_id);
  if (remaining !== null && remaining < durationMs) throw new TranslatorError('QUOTA_EXCEEDED', SPEECH_QUOTA_MESSAGE);

  const now = deps.now();
  // Taking the upload and storing the file is one statement: a second upload to the same URL finds it used.
  const { rowCount } = await deps.pool.query(
    `UPDATE voice_jobs SET status = 'uploaded', input = $3, duration_ms = $4, upload_signature = NULL, updated_at = $5, expires_at = $6
      WHERE id = $1 AND status = 'pending' AND upload_signature = $2`,
    [jobId, signature, file, durationMs, now, new Date(now.getTime() + retentionMs)],
  );
  if (rowCount !== 1) throw uploadNotFound();
  deps.voiceJobs.onQueued();
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}
