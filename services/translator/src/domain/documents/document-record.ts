// How a document job is named on the wire: DeepL's document ids are 32 hex digits and its keys 64;
// ours are a UUID without dashes and 32 random bytes, kept as their SHA-256 only.
import { createHash, randomBytes } from 'node:crypto';
import { TranslatorError } from '../translator-error.js';

export type DocumentStatus = 'queued' | 'translating' | 'done' | 'error';

/** The parameters a job translates with, as stored in `options`. */
export interface DocumentOptions {
  source_lang?: string;
  target_lang: string;
  formality?: 'default' | 'more' | 'less' | 'prefer_more' | 'prefer_less';
  glossary_id?: string;
  glossary_ids?: string[];
  translation_memory_id?: string;
  translation_memory_threshold?: number;
  style_id?: string;
  enable_quality_evaluation?: boolean;
}

export function newDocumentKey(): string {
  return randomBytes(32).toString('hex').toUpperCase();
}

export function hashDocumentKey(key: string): string {
  return createHash('sha256').update(key.toUpperCase()).digest('hex');
}

export function documentIdOf(uuid: string): string {
  return uuid.replace(/-/g, '').toUpperCase();
}

// One answer for an unknown id, a wrong document_key and another API key's document, so none of them
// tells whether the document exists.
export const documentNotFound = () => new TranslatorError('NOT_FOUND', 'Document not found.');

/** The UUID behind a document id; 404 for anything that cannot be one. */
export function uuidOfDocumentId(documentId: string): string {
  const hex = documentId.replace(/-/g, '');
  if (!/^[0-9A-Fa-f]{32}$/.test(hex)) throw documentNotFound();
  const lower = hex.toLowerCase();
  return `${lower.slice(0, 8)}-${lower.slice(8, 12)}-${lower.slice(12, 16)}-${lower.slice(16, 20)}-${lower.slice(20)}`;
}

/** `document_key` of a status or download request: 400 when missing, as DeepL answers. */
export function requireDocumentKey(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw new TranslatorError('BAD_REQUEST', "Parameter 'document_key' not specified.");
  return value;
}
