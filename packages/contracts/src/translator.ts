import { z } from 'zod';
import {
  flag,
  missing,
  notSupported,
  oneOf,
  optionalString,
  refuseUnknownParameters,
  requiredString,
  textList,
} from './translator-parameters.js';

// Wire shapes of the translator (services/translator/SPEC.md; DeepL API v2 as deepl-node speaks it).
// Requests arrive as JSON or as form fields; the service turns a form into the same object (lists as
// arrays, everything else as strings) before parsing with these schemas, so both encodings share
// one set of rules. Error messages name the parameter the way DeepL does.

export const MAX_TEXTS_PER_REQUEST = 50;
export const MAX_GLOSSARY_IDS = 5;
export const MAX_CUSTOM_INSTRUCTIONS = 10;
export const MAX_CUSTOM_INSTRUCTION_LENGTH = 300;
/** Targets (base codes) that accept `custom_instructions`. */
export const CUSTOM_INSTRUCTION_TARGETS = ['DE', 'EN', 'ES', 'FR', 'IT', 'JA', 'KO', 'ZH'];

export const FORMALITIES = ['default', 'more', 'less', 'prefer_more', 'prefer_less'] as const;
export const MODEL_TYPES = ['quality_optimized', 'prefer_quality_optimized', 'latency_optimized'] as const;
export const SPLIT_SENTENCES = ['0', '1', 'nonewlines'] as const;
export const TAG_HANDLINGS = ['xml', 'html'] as const;
export const TAG_HANDLING_VERSIONS = ['v1', 'v2'] as const;

/** Parameters that may repeat in a form body (or be comma-separated, for the id and tag lists). */
export const TRANSLATE_LIST_PARAMETERS = [
  'text',
  'glossary_ids',
  'custom_instructions',
  'non_splitting_tags',
  'splitting_tags',
  'ignore_tags',
] as const;

/** An array, or one comma-separated string (form encoding, and what deepl-node sends for tag lists). */
const commaList = (name: string) =>
  z
    .union([z.array(z.string()), z.string()], { error: notSupported(name, 'Expected a list of strings.') })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .optional();

const threshold = z
  .union([z.number(), z.string().regex(/^\d+$/, notSupported('translation_memory_threshold', 'Expected an integer from 0 to 100.'))], {
    error: notSupported('translation_memory_threshold', 'Expected an integer from 0 to 100.'),
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int(notSupported('translation_memory_threshold', 'Expected an integer from 0 to 100.'))
      .min(0, notSupported('translation_memory_threshold', 'Expected an integer from 0 to 100.'))
      .max(100, notSupported('translation_memory_threshold', 'Expected an integer from 0 to 100.')),
  )
  .optional();

export const TranslateRequest = z
  .strictObject(
    {
      text: textList(MAX_TEXTS_PER_REQUEST),
      target_lang: requiredString('target_lang').min(1, missing('target_lang')),
      source_lang: optionalString('source_lang'),
      context: optionalString('context'),
      show_billed_characters: flag('show_billed_characters'),
      split_sentences: z
        .union([z.enum(SPLIT_SENTENCES), z.literal(0), z.literal(1)], {
          error: notSupported('split_sentences', "Allowed: '0', '1', 'nonewlines'."),
        })
        .transform((value) => String(value) as (typeof SPLIT_SENTENCES)[number])
        .optional(),
      preserve_formatting: flag('preserve_formatting'),
      formality: oneOf('formality', FORMALITIES),
      model_type: oneOf('model_type', MODEL_TYPES),
      glossary_id: optionalString('glossary_id'),
      glossary_ids: commaList('glossary_ids'),
      style_id: optionalString('style_id'),
      translation_memory_id: optionalString('translation_memory_id'),
      translation_memory_threshold: threshold,
      custom_instructions: z
        .array(z.string({ error: notSupported('custom_instructions', 'Each instruction must be a string.') }), {
          error: notSupported('custom_instructions', 'Expected a list of strings.'),
        })
        .max(MAX_CUSTOM_INSTRUCTIONS, `Too many 'custom_instructions': at most ${MAX_CUSTOM_INSTRUCTIONS}.`)
        .refine(
          (items) => items.every((item) => [...item].length <= MAX_CUSTOM_INSTRUCTION_LENGTH),
          `Each of 'custom_instructions' must be at most ${MAX_CUSTOM_INSTRUCTION_LENGTH} characters.`,
        )
        .optional(),
      tag_handling: oneOf('tag_handling', TAG_HANDLINGS),
      tag_handling_version: oneOf('tag_handling_version', TAG_HANDLING_VERSIONS),
      outline_detection: flag('outline_detection'),
      non_splitting_tags: commaList('non_splitting_tags'),
      splitting_tags: commaList('splitting_tags'),
      ignore_tags: commaList('ignore_tags'),
      enable_beta_languages: flag('enable_beta_languages'),
    },
    refuseUnknownParameters,
  )
  .superRefine((request, ctx) => {
    if (request.glossary_id !== undefined && request.glossary_ids !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['glossary_ids'], message: "Use either 'glossary_id' or 'glossary_ids', not both." });
    }
    if ((request.glossary_ids?.length ?? 0) > MAX_GLOSSARY_IDS) {
      ctx.addIssue({ code: 'custom', path: ['glossary_ids'], message: `Too many 'glossary_ids': at most ${MAX_GLOSSARY_IDS}.` });
    }
    const usesGlossary = request.glossary_id !== undefined || (request.glossary_ids?.length ?? 0) > 0;
    if (usesGlossary && !request.source_lang) {
      ctx.addIssue({
        code: 'custom',
        path: ['source_lang'],
        message: 'Use of a glossary requires the source_lang parameter to be specified.',
      });
    }
    if (request.translation_memory_threshold !== undefined && request.translation_memory_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['translation_memory_threshold'],
        message: "Parameter 'translation_memory_threshold' requires 'translation_memory_id'.",
      });
    }
    if (request.custom_instructions?.length) {
      const base = request.target_lang.split('-')[0]!.toUpperCase();
      if (!CUSTOM_INSTRUCTION_TARGETS.includes(base)) {
        ctx.addIssue({
          code: 'custom',
          path: ['custom_instructions'],
          message: `Parameter 'custom_instructions' is not supported for target_lang '${request.target_lang}'. Supported: ${CUSTOM_INSTRUCTION_TARGETS.join(', ')} and their variants.`,
        });
      }
    }
  });
export type TranslateRequest = z.output<typeof TranslateRequest>;

export const Translation = z.object({
  detected_source_language: z.string().min(1),
  text: z.string(),
  billed_characters: z.number().int().optional(),
  model_type_used: z.string().optional(),
  /** Only when `tag_handling` was sent. */
  tag_handling_version: z.enum(TAG_HANDLING_VERSIONS).optional(),
});
export type Translation = z.infer<typeof Translation>;

export const TranslateResponse = z.object({ translations: z.array(Translation).min(1) });
export type TranslateResponse = z.infer<typeof TranslateResponse>;

export const LanguagesQuery = z.strictObject({ type: oneOf('type', ['source', 'target']) }, refuseUnknownParameters);
export type LanguagesQuery = z.output<typeof LanguagesQuery>;

export const SourceLanguage = z.object({ language: z.string(), name: z.string() });
export const TargetLanguage = SourceLanguage.extend({ supports_formality: z.boolean() });
export type SourceLanguage = z.infer<typeof SourceLanguage>;
export type TargetLanguage = z.infer<typeof TargetLanguage>;

/** `/v2/usage` takes no parameters: anything sent is refused by name rather than ignored. */
export const UsageQuery = z.strictObject({}, refuseUnknownParameters);
export type UsageQuery = z.output<typeof UsageQuery>;

export const UsageResponse = z.object({
  character_count: z.number().int(),
  character_limit: z.number().int(),
  api_key_character_count: z.number().int(),
  api_key_character_limit: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

/** The first problem of a failed parse, as DeepL words it: one sentence naming the parameter. */
export function translatorValidationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Bad request.';
  if (issue.code === 'unrecognized_keys') return `Unknown parameter '${issue.keys[0]}'.`;
  // Every rule above words its own message with the parameter's name.
  return issue.message;
}
