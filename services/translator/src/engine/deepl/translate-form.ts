// The form bodies of POST /v2/translate for a list of texts: the options once per body, one `text=`
// per text, split so that no body carries more than 50 texts or more than ~120 KiB (DeepL's limits
// are 50 and 128 KiB; the margin leaves room for encoding differences upstream).
import type { TranslateOptions } from '../engine.js';
import { splitBatches, type Batch } from '../http/batches.js';

export const MAX_TEXTS_PER_REQUEST = 50;
export const MAX_BODY_BYTES = 120 * 1024;

export interface TranslateForm extends Batch {
  /** `application/x-www-form-urlencoded`, ASCII only (so its length is its size in bytes). */
  body: string;
}

export function translateForms(texts: readonly string[], options: TranslateOptions): TranslateForm[] {
  const fixed = fixedParams(options).toString();
  const encoded = texts.map((text) => new URLSearchParams([['text', text]]).toString());
  // Each text costs its encoding plus the `&` that joins it on.
  const costs = encoded.map((part) => part.length + 1);
  const batches = splitBatches(costs, { maxItems: MAX_TEXTS_PER_REQUEST, maxBytes: MAX_BODY_BYTES - fixed.length });
  return batches.map((batch) => ({ ...batch, body: [fixed, ...encoded.slice(batch.start, batch.end)].join('&') }));
}

function fixedParams(options: TranslateOptions): URLSearchParams {
  const params = new URLSearchParams();
  params.append('target_lang', options.target);
  if (options.source) params.append('source_lang', options.source);
  if (options.formality) params.append('formality', options.formality);
  if (options.modelType) params.append('model_type', options.modelType);
  if (options.context !== undefined && options.context !== '') params.append('context', options.context);
  // Markup (tag_handling, glossary placeholders) goes upstream with DeepL's own tag options.
  if (options.format) {
    params.append('tag_handling', options.format.tagHandling);
    if (options.format.version) params.append('tag_handling_version', options.format.version);
    if (options.format.splittingTags.length) params.append('splitting_tags', options.format.splittingTags.join(','));
    if (options.format.nonSplittingTags.length) params.append('non_splitting_tags', options.format.nonSplittingTags.join(','));
    if (!options.format.outlineDetection) params.append('outline_detection', '0');
  }
  if (options.splitSentences) params.append('split_sentences', options.splitSentences);
  if (options.preserveFormatting !== undefined) params.append('preserve_formatting', options.preserveFormatting ? '1' : '0');
  for (const instruction of options.customInstructions ?? []) params.append('custom_instructions', instruction);
  return params;
}
