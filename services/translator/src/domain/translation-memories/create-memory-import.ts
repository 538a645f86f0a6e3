import type { CreateTranslationMemoryImportRequest } from '@workspace/contracts';
import { TranslatorError } from '../translator-error.js';
import type { MemoryDeps } from './memory-deps.js';
import { JOB_COLUMNS, type JobRecord } from './memory-job-record.js';
import { memoryFileFormat } from './parse-memory-file.js';

/** POST /v3/translation_memories/import: a job waiting for its file at a single-use upload URL. */
export async function createMemoryImport(deps: MemoryDeps, request: CreateTranslationMemoryImportRequest): Promise<JobRecord> {
  const { file_name: fileName, content_length: contentLength, content_type: contentType } = request.source_file;
  if (contentLength > deps.maxMemoryFileBytes) {
    throw new TranslatorError(
      'PAYLOAD_TOO_LARGE',
      `Value for 'source_file.content_length' too large: the file is ${contentLength} bytes, the limit is ${deps.maxMemoryFileBytes} bytes per translation memory file.`,
    );
  }
  if (!memoryFileFormat(fileName, contentType)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'source_file.file_name' not supported: '${fileName}'. Import a .tmx, .tsv or .csv file (or declare its content_type).`,
    );
  }
  const now = deps.now();
  return deps.db.translationMemoryJob.create({
    data: {
      id: deps.newId(),
      operation: 'import',
      status: 'awaiting_input',
      displayName: request.parameters?.display_name ?? fileName,
      fileName,
      contentLength,
      contentType: contentType ?? null,
      token: deps.newToken(),
      tokenExpiresAt: new Date(now.getTime() + deps.memoryUrlTtlMs),
      createdAt: now,
      updatedAt: now,
    },
    select: JOB_COLUMNS,
  });
}
