// PUT to an upload URL: the file of an import job. The URL works once and until it expires; the body
// must be the size the import declared (and its content type, when one was declared).
import { TranslatorError } from '../translator-error.js';
import type { MemoryDeps } from './memory-deps.js';
import { processMemoryJob } from './process-memory-job.js';

const uploadNotFound = () => new TranslatorError('NOT_FOUND', 'Upload URL not found or already used; create a new import to get another.');

export async function receiveMemoryUpload(deps: MemoryDeps, token: string, file: Buffer, contentType: string | undefined): Promise<void> {
  const job = await deps.db.translationMemoryJob.findUnique({
    where: { token },
    select: { id: true, operation: true, status: true, contentLength: true, contentType: true, tokenExpiresAt: true },
  });
  if (job?.operation !== 'import' || job.status !== 'awaiting_input') throw uploadNotFound();
  if (job.tokenExpiresAt! <= deps.now()) throw new TranslatorError('FORBIDDEN', 'Upload URL expired; create a new import to get another.');
  if (file.length !== job.contentLength) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `The uploaded file is ${file.length} bytes, but the import declared source_file.content_length ${job.contentLength}.`,
    );
  }
  if (job.contentType && mediaType(contentType) !== mediaType(job.contentType)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `The upload's Content-Type '${contentType ?? ''}' differs from the import's declared source_file.content_type '${job.contentType}'.`,
    );
  }
  // Claiming the job and storing the file is one statement: a second upload to the same URL finds it used.
  const { count } = await deps.db.translationMemoryJob.updateMany({
    where: { id: job.id, status: 'awaiting_input', token },
    data: { status: 'processing', file: new Uint8Array(file), token: null, tokenExpiresAt: null, updatedAt: deps.now() },
  });
  if (count === 0) throw uploadNotFound();
  await processMemoryJob(deps, job.id);
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
