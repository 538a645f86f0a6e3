import { TranslatorError } from '../translator-error.js';

/** DeepL's limit for one /v2/translate request. */
export const MAX_REQUEST_BYTES = 128 * 1024;

// The limit is taken on what is to be translated (the texts and their context, in UTF-8), not on the
// encoded body: form encoding inflates punctuation threefold, and a client sending a 128 KiB text as
// deepl-node does must not be refused for the encoding's overhead. The raw body has its own, looser cap.
export function assertWithinRequestLimit(texts: string[], context: string | undefined): void {
  let bytes = context === undefined ? 0 : Buffer.byteLength(context, 'utf8');
  for (const text of texts) bytes += Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_REQUEST_BYTES) {
    throw new TranslatorError(
      'PAYLOAD_TOO_LARGE',
      `Request too large: the texts total ${bytes} bytes, the limit is ${MAX_REQUEST_BYTES} bytes (128 KiB). Split them over several requests.`,
    );
  }
}
