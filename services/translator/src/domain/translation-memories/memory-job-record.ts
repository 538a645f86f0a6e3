// An import or export job as stored, and its wire view (what deepl-node's getTranslationMemoryJob reads).
import type { TranslationMemoryJob, TranslationMemoryJobStatus } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { TranslatorError } from '../translator-error.js';
import { isUuid } from './memory-record.js';

export const JOB_COLUMNS = {
  id: true,
  operation: true,
  status: true,
  memoryId: true,
  memoryVersion: true,
  displayName: true,
  fileName: true,
  contentType: true,
  contentLength: true,
  token: true,
  tokenExpiresAt: true,
  errorMessage: true,
  skippedSegmentCount: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.TranslationMemoryJobSelect;

export type JobRecord = Prisma.TranslationMemoryJobGetPayload<{ select: typeof JOB_COLUMNS }>;

/** Where upload and download URLs live: outside /v2 and /v3, so no API key is asked for there. */
export const MEMORY_FILE_PATH = '/translation-memory-files';

export function jobNotFound(id: string): TranslatorError {
  return new TranslatorError('NOT_FOUND', `Translation memory job '${id}' not found.`);
}

export async function findJob(db: Pick<Database, 'translationMemoryJob'>, id: string): Promise<JobRecord> {
  const job = isUuid(id) ? await db.translationMemoryJob.findUnique({ where: { id }, select: JOB_COLUMNS }) : null;
  if (!job) throw jobNotFound(id);
  return job;
}

/** `expired` is not stored: a job waiting for its file, or an export waiting for its download, expires with its URL. */
export function jobStatus(job: Pick<JobRecord, 'status' | 'tokenExpiresAt'>, now: Date): TranslationMemoryJobStatus {
  const waiting = job.status === 'awaiting_input' || (job.status === 'completed' && job.tokenExpiresAt !== null);
  if (waiting && job.tokenExpiresAt !== null && job.tokenExpiresAt <= now) return 'expired';
  return job.status as TranslationMemoryJobStatus;
}

export function fileUrl(baseUrl: string, token: string): string {
  return `${baseUrl}${MEMORY_FILE_PATH}/${token}`;
}

export function jobView(job: JobRecord, baseUrl: string, now: Date): TranslationMemoryJob {
  const status = jobStatus(job, now);
  const isImport = job.operation === 'import';
  const result: TranslationMemoryJob['results'][number] = { status };
  if (status === 'awaiting_input') {
    result.status_metadata = { required_action: 'upload_file' };
    result.expires_at = job.tokenExpiresAt!.toISOString();
  }
  if (status === 'completed' && !isImport && job.token) {
    result.download_url = fileUrl(baseUrl, job.token);
    result.expires_at = job.tokenExpiresAt!.toISOString();
  }
  if (status === 'failed') result.error = { message: job.errorMessage ?? 'The job failed.' };
  if (status === 'expired')
    result.error = {
      message: isImport
        ? 'The upload URL expired before a file was uploaded; create a new import.'
        : 'The download URL expired; create a new export.',
    };
  if (job.memoryId && (!isImport || status === 'completed')) result.translation_memory_id = job.memoryId;
  if (isImport && status === 'completed') result.skipped_segment_count = job.skippedSegmentCount ?? 0;
  return {
    job_id: job.id,
    operation: isImport ? 'import' : 'export',
    product: 'translation_memory',
    creation_time: job.createdAt.toISOString(),
    updated_time: job.updatedAt.toISOString(),
    parameters: {
      ...(job.memoryId ? { translation_memory_id: job.memoryId } : {}),
      ...(job.displayName ? { display_name: job.displayName } : {}),
    },
    ...(isImport
      ? {
          source_file: {
            file_name: job.fileName ?? '',
            content_length: job.contentLength ?? 0,
            ...(job.contentType ? { content_type: job.contentType } : {}),
          },
        }
      : {}),
    results: [result],
  };
}
