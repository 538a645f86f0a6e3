// The JSON bodies of POST /translate for a list of texts, split so that each stays below ~120 KiB.
// LibreTranslate takes `q` as an array and answers `translatedText` as an array in the same order.
import { splitBatches, type Batch } from '../http/batches.js';

export const MAX_BODY_BYTES = 120 * 1024;

export interface TranslateBodyFields {
  source: string;
  target: string;
  apiKey?: string;
  /** `html` keeps tags (what the service sends for tag_handling and glossary placeholders). */
  format?: 'text' | 'html';
}

export interface TranslateBody extends Batch {
  body: string;
}

export function translateBodies(texts: readonly string[], fields: TranslateBodyFields): TranslateBody[] {
  const build = (q: readonly string[]) =>
    JSON.stringify({
      q,
      source: fields.source,
      target: fields.target,
      format: fields.format ?? 'text',
      ...(fields.apiKey ? { api_key: fields.apiKey } : {}),
    });
  const fixed = Buffer.byteLength(build([]));
  // Each text costs its JSON string plus the comma that separates it.
  const costs = texts.map((text) => Buffer.byteLength(JSON.stringify(text)) + 1);
  const batches = splitBatches(costs, { maxItems: Number.POSITIVE_INFINITY, maxBytes: MAX_BODY_BYTES - fixed });
  return batches.map((batch) => ({ ...batch, body: build(texts.slice(batch.start, batch.end)) }));
}
