// POST /v2/document/{id} and /result. A document is found only with its id, its document_key and the
// API key that uploaded it; any other combination is the same 404.
import type { ConnectionPool } from '../../db/database.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { TranslatorError } from '../translator-error.js';
import { type DocumentStatus, documentIdOf, documentNotFound, hashDocumentKey, uuidOfDocumentId } from './document-record.js';

// seconds_remaining is an estimate from the characters left and this rate (2 chains on 2 cores; a
// queued job also waits for the jobs ahead of it, which the estimate does not see).
const ESTIMATED_CHARACTERS_PER_SECOND = 20_000;

export interface DocumentStatusResponse {
  document_id: string;
  status: DocumentStatus;
  seconds_remaining?: number;
  billed_characters?: number;
  error_message?: string;
  quality_report?: unknown;
}

interface StatusRow {
  id: string;
  status: DocumentStatus;
  billed_characters: number;
  translated_characters: number;
  error_message: string | null;
  quality_report: unknown;
}

export async function documentStatus(
  pool: ConnectionPool,
  documentId: string,
  documentKey: string,
  key: AuthenticatedKey,
): Promise<DocumentStatusResponse> {
  const { rows } = await pool.query<StatusRow>({
    name: 'translator-document-status',
    text: `SELECT id, status, billed_characters, translated_characters, error_message, quality_report
             FROM document_jobs WHERE id = $1 AND key_hash = $2 AND api_key_id = $3`,
    values: [uuidOfDocumentId(documentId), hashDocumentKey(documentKey), key.id],
  });
  const row = rows[0];
  if (!row) throw documentNotFound();
  const base = { document_id: documentIdOf(row.id), status: row.status };
  switch (row.status) {
    case 'done':
      return { ...base, billed_characters: row.billed_characters, ...(row.quality_report ? { quality_report: row.quality_report } : {}) };
    case 'error':
      return { ...base, error_message: row.error_message ?? 'The document could not be translated.' };
    default: {
      const left = Math.max(row.billed_characters - row.translated_characters, 0);
      return { ...base, seconds_remaining: Math.max(1, Math.ceil(left / ESTIMATED_CHARACTERS_PER_SECOND)) };
    }
  }
}

/**
 * The translated file, once: the row is deleted by the same statement that reads it, so a second
 * download (here or on another replica) finds nothing. Not done yet: 503, which deepl-node reports as
 * DocumentNotReadyError.
 */
export async function downloadDocument(
  pool: ConnectionPool,
  documentId: string,
  documentKey: string,
  key: AuthenticatedKey,
): Promise<{ output: Buffer; fileName: string; outputFormat: string }> {
  const id = uuidOfDocumentId(documentId);
  const keyHash = hashDocumentKey(documentKey);
  const { rows } = await pool.query<{ output: Buffer; file_name: string; output_format: string }>({
    name: 'translator-document-download',
    text: `DELETE FROM document_jobs WHERE id = $1 AND key_hash = $2 AND api_key_id = $3 AND status = 'done'
           RETURNING output, file_name, output_format`,
    values: [id, keyHash, key.id],
  });
  const row = rows[0];
  if (row) return { output: row.output, fileName: row.file_name, outputFormat: row.output_format };
  const status = await documentStatus(pool, documentId, documentKey, key);
  if (status.status === 'error') throw new TranslatorError('BAD_REQUEST', `Document translation failed: ${status.error_message}`);
  throw new TranslatorError('UNAVAILABLE', 'Document not ready: its translation is still in progress.', status.seconds_remaining);
}
