// POST /v2/document after the multipart body is read: everything that can refuse the document does so
// here, before it is billed (format, output_format, languages, glossaries and memory, a readable file),
// then its characters are metered (456 past the key's limit: no work starts) and the job is queued.
import type { TranslateRequest } from '@workspace/contracts';
import type { ConnectionPool } from '../../db/database.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { followInstructionsPlan, resolveLanguages, resolvePlan, type TranslateTextsDeps } from '../translation/translate-texts.js';
import { TranslatorError } from '../translator-error.js';
import { billedCharacters } from '../usage/periods.js';
import { type DocumentOptions, documentIdOf, hashDocumentKey, newDocumentKey } from './document-record.js';
import { UnreadableDocument } from './formats/document-format.js';
import { CONVERTED_CONTENT_TYPES, conversionRefusal, isConverted } from './converters/converted-document.js';
import type { DocumentTools } from './converters/document-tools.js';
import { allowedOutputFormats, formatFor, refusalFor, SUPPORTED_EXTENSIONS } from './formats/document-formats.js';
import { segmentPlainText } from './formats/markup-segments.js';
import { openDocument } from './open-document.js';

export interface UploadDeps extends TranslateTextsDeps {
  pool: ConnectionPool;
  now: () => Date;
  newId: () => string;
  documentRetentionMs: number;
  /** Tells this process's worker that a job is waiting. */
  onDocumentQueued: () => void;
  /** The programs PDF and image translation run (found at boot). */
  documentTools: DocumentTools;
}

export interface DocumentUpload {
  file: Buffer;
  fileName: string;
  request: TranslateRequest;
  outputFormat?: string;
  qualityEvaluation: boolean;
}

export async function uploadDocument(
  deps: UploadDeps,
  upload: DocumentUpload,
  context: { key: AuthenticatedKey; reportingTag?: string },
): Promise<{ document_id: string; document_key: string }> {
  const extension = extensionOf(upload.fileName);
  const refusal = refusalFor(extension);
  if (refusal) throw new TranslatorError('BAD_REQUEST', refusal);
  if (!formatFor(extension) && !isConverted(extension)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Invalid file: file extension not supported: '${extension ? `.${extension}` : upload.fileName}'. Supported: ${[...SUPPORTED_EXTENSIONS, ...Object.keys(CONVERTED_CONTENT_TYPES)].map((item) => `.${item}`).join(', ')}.`,
    );
  }
  const outputFormat = (upload.outputFormat ?? extension).toLowerCase().replace(/^\./, '');
  if (!allowedOutputFormats(extension).includes(outputFormat)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'output_format' not supported: '${upload.outputFormat}' cannot be written from a .${extension} document; allowed: ${allowedOutputFormats(extension).join(', ')}.`,
    );
  }

  const options = documentOptions(upload);
  const catalog = await deps.catalog();
  const { source, target } = resolveLanguages(catalog, upload.request);
  if ((options.formality === 'more' || options.formality === 'less') && !catalog.supportsFormality(target)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Target language '${target}' doesn't support formality; use 'prefer_more' or 'prefer_less' to ask for it where available.`,
    );
  }
  if (isConverted(extension)) {
    const missing = conversionRefusal(deps.documentTools, extension, source, outputFormat);
    if (missing) throw new TranslatorError('BAD_REQUEST', missing);
  }
  // Unknown glossaries, memories and style rules are refused now (404/400), not after billing, and so is
  // a style rule list's instruction the engine cannot follow.
  const markupRequest = { ...upload.request, tag_handling: 'xml' as const };
  followInstructionsPlan(deps.engine, catalog, markupRequest, target, await resolvePlan(deps.resources, markupRequest, source, target));

  let characters: number;
  try {
    // PDF and images are converted (poppler, Tesseract) here already: their characters are billed, and 456 answered, before any work is queued.
    const { segments } = await openDocument(
      deps.documentTools,
      extension,
      upload.file,
      {
        fileName: upload.fileName,
        targetLang: target,
        ...(source ? { sourceLang: source } : {}),
      },
      'count',
      outputFormat,
    );
    characters = segments.reduce((sum, segment) => sum + billedCharacters(segmentPlainText(segment)), 0);
  } catch (error) {
    if (error instanceof UnreadableDocument) throw new TranslatorError('BAD_REQUEST', error.message);
    throw error;
  }

  const reservation = await deps.meter.reserve(context.key, characters, context.reportingTag, 'document');
  const id = deps.newId();
  const documentKey = newDocumentKey();
  const now = deps.now();
  try {
    await deps.pool.query(
      `INSERT INTO document_jobs (id, api_key_id, key_hash, status, file_name, input_format, output_format, options, reporting_tag,
                                  input, billed_characters, created_at, expires_at)
       VALUES ($1, $2, $3, 'queued', $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        context.key.id,
        hashDocumentKey(documentKey),
        upload.fileName,
        extension,
        outputFormat,
        JSON.stringify({ ...options, target_lang: target, ...(source ? { source_lang: source } : {}) }),
        context.reportingTag ?? null,
        upload.file,
        characters,
        now,
        new Date(now.getTime() + deps.documentRetentionMs),
      ],
    );
  } catch (error) {
    await reservation.refund().catch(() => undefined);
    throw error;
  }
  deps.onDocumentQueued();
  return { document_id: documentIdOf(id), document_key: documentKey };
}

function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
}

function documentOptions(upload: DocumentUpload): DocumentOptions {
  const request = upload.request;
  return {
    target_lang: request.target_lang,
    ...(request.source_lang ? { source_lang: request.source_lang } : {}),
    ...(request.formality ? { formality: request.formality } : {}),
    ...(request.glossary_id ? { glossary_id: request.glossary_id } : {}),
    ...(request.glossary_ids ? { glossary_ids: request.glossary_ids } : {}),
    ...(request.translation_memory_id ? { translation_memory_id: request.translation_memory_id } : {}),
    ...(request.translation_memory_threshold !== undefined ? { translation_memory_threshold: request.translation_memory_threshold } : {}),
    ...(request.style_id ? { style_id: request.style_id } : {}),
    ...(upload.qualityEvaluation ? { enable_quality_evaluation: true } : {}),
  };
}
