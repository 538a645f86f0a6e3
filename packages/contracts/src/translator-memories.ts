import { z } from 'zod';
import { utf8Bytes } from './translator-glossaries.js';
import {
  displayName,
  missing,
  notSupported,
  optionalString,
  refuseUnknownParameters,
  requiredString,
  storableString,
} from './translator-parameters.js';

// Wire shapes of the translation-memory endpoints (/v3/translation_memories) as deepl-node 1.28 calls
// them. Imports and exports are jobs: an import declares its file, the file goes to an upload URL, the
// job is polled until it is `completed` (or `failed` with a reason).

export const MAX_TRANSLATION_MEMORY_NAME_BYTES = 1024;
export const TRANSLATION_MEMORY_PAGE_SIZE_MAX = 25;
export const TRANSLATION_MEMORY_SEGMENT_PAGE_SIZE_MAX = 100;
export const DEFAULT_TRANSLATION_MEMORY_THRESHOLD = 75;
export const TRANSLATION_MEMORY_JOB_STATUSES = ['awaiting_input', 'processing', 'completed', 'downloaded', 'failed', 'expired'] as const;
export type TranslationMemoryJobStatus = (typeof TRANSLATION_MEMORY_JOB_STATUSES)[number];

/** Digits from a query string (or a JSON number) within [min, max]; the default when absent. */
const pageNumber = (name: string, min: number, max: number, fallback: number) => {
  const hint = notSupported(name, `Expected an integer from ${min} to ${max}.`);
  return z
    .union([z.number(), z.string().regex(/^\d{1,9}$/, hint)], { error: hint })
    .transform(Number)
    .pipe(z.number().int(hint).min(min, hint).max(max, hint))
    .optional()
    .transform((value) => value ?? fallback);
};

export const memoryName = (name: string) =>
  displayName(name, 'name')
    .refine((value) => value.trim().length > 0, notSupported(name, 'The name must not be empty.'))
    .refine(
      (value) => utf8Bytes(value) <= MAX_TRANSLATION_MEMORY_NAME_BYTES,
      notSupported(name, `A name is at most ${MAX_TRANSLATION_MEMORY_NAME_BYTES} UTF-8 bytes.`),
    );

export const ListTranslationMemoriesQuery = z.strictObject(
  { page: pageNumber('page', 0, 1_000_000, 0), page_size: pageNumber('page_size', 1, TRANSLATION_MEMORY_PAGE_SIZE_MAX, 10) },
  refuseUnknownParameters,
);
export type ListTranslationMemoriesQuery = z.output<typeof ListTranslationMemoriesQuery>;

export const ListTranslationMemorySegmentsQuery = z.strictObject(
  {
    page_size: pageNumber('page_size', 1, TRANSLATION_MEMORY_SEGMENT_PAGE_SIZE_MAX, 10),
    page_cursor: optionalString('page_cursor'),
    filter_text: optionalString('filter_text'),
    filter_case_sensitive: z
      .enum(['true', 'false'], { error: notSupported('filter_case_sensitive', "Use 'true' or 'false'.") })
      .optional()
      .transform((value) => value === 'true'),
  },
  refuseUnknownParameters,
);
export type ListTranslationMemorySegmentsQuery = z.output<typeof ListTranslationMemorySegmentsQuery>;

const language = (name: string) => requiredString(name).min(1, missing(name));

/** A memory given whole as JSON (our addition: DeepL creates memories by import only). */
export const CreateTranslationMemoryRequest = z.strictObject(
  {
    name: memoryName('name'),
    source_language: language('source_language'),
    segments: z
      .array(
        z.strictObject(
          {
            source_text: storableString('segments[].source_text', 'source text').min(
              1,
              notSupported('segments[].source_text', 'Must not be empty.'),
            ),
            targets: z
              .array(
                z.strictObject(
                  {
                    target_language: language('segments[].targets[].target_language'),
                    target_text: storableString('segments[].targets[].target_text', 'target text').min(
                      1,
                      notSupported('segments[].targets[].target_text', 'Must not be empty.'),
                    ),
                  },
                  refuseUnknownParameters,
                ),
                { error: notSupported('segments[].targets', 'Expected a list of {target_language, target_text}.') },
              )
              .min(1, notSupported('segments[].targets', 'Each segment needs at least one target.')),
          },
          refuseUnknownParameters,
        ),
        { error: notSupported('segments', 'Expected a list of {source_text, targets}.') },
      )
      .min(1, missing('segments')),
  },
  refuseUnknownParameters,
);
export type CreateTranslationMemoryRequest = z.output<typeof CreateTranslationMemoryRequest>;

export const CreateTranslationMemoryImportRequest = z.strictObject(
  {
    source_file: z.strictObject(
      {
        file_name: storableString('source_file.file_name', 'file name')
          .min(1, missing('source_file.file_name'))
          .max(255, notSupported('source_file.file_name', 'At most 255 characters.')),
        content_length: z
          .number({ error: notSupported('source_file.content_length', 'Expected the file size in bytes, a positive integer.') })
          .int(notSupported('source_file.content_length', 'Expected the file size in bytes, a positive integer.'))
          .positive(notSupported('source_file.content_length', 'Expected the file size in bytes, a positive integer.')),
        content_type: optionalString('source_file.content_type').refine(
          (value) => value === undefined || value.length <= 255,
          notSupported('source_file.content_type', 'At most 255 characters.'),
        ),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Unknown parameter '${issue.keys[0]}'.`
            : issue.input === undefined
              ? missing('source_file')
              : notSupported('source_file', 'Expected an object {file_name, content_length, content_type?}.'),
      },
    ),
    parameters: z.strictObject({ display_name: memoryName('parameters.display_name').optional() }, refuseUnknownParameters).optional(),
  },
  refuseUnknownParameters,
);
export type CreateTranslationMemoryImportRequest = z.output<typeof CreateTranslationMemoryImportRequest>;

export const TranslationMemoryInfo = z.object({
  translation_memory_id: z.string(),
  name: z.string(),
  source_language: z.string(),
  target_languages: z.array(z.string()),
  segment_count: z.number().int(),
  creation_time: z.string(),
  updated_time: z.string(),
});
export type TranslationMemoryInfo = z.infer<typeof TranslationMemoryInfo>;

export const TranslationMemoryList = z.object({ translation_memories: z.array(TranslationMemoryInfo), total_count: z.number().int() });
export type TranslationMemoryList = z.infer<typeof TranslationMemoryList>;

export const TranslationMemorySegment = z.object({
  source_segment_id: z.string(),
  source_text: z.string(),
  creation_time: z.string(),
  targets: z.array(
    z.object({ target_segment_id: z.string(), target_language: z.string(), target_text: z.string(), creation_time: z.string() }),
  ),
});
export type TranslationMemorySegment = z.infer<typeof TranslationMemorySegment>;

export const TranslationMemorySegmentPage = z.object({
  segments: z.array(TranslationMemorySegment),
  segment_count: z.number().int(),
  next_page_cursor: z.string().optional(),
});
export type TranslationMemorySegmentPage = z.infer<typeof TranslationMemorySegmentPage>;

export const TranslationMemoryImportCreated = z.object({ job_id: z.string(), upload_url: z.string(), expires_at: z.string() });
export type TranslationMemoryImportCreated = z.infer<typeof TranslationMemoryImportCreated>;

export const TranslationMemoryJobResult = z.object({
  status: z.enum(TRANSLATION_MEMORY_JOB_STATUSES),
  status_metadata: z.object({ required_action: z.string() }).optional(),
  download_url: z.string().optional(),
  expires_at: z.string().optional(),
  error: z.object({ message: z.string() }).optional(),
  translation_memory_id: z.string().optional(),
  skipped_segment_count: z.number().int().optional(),
});
export type TranslationMemoryJobResult = z.infer<typeof TranslationMemoryJobResult>;

export const TranslationMemoryJob = z.object({
  job_id: z.string(),
  operation: z.enum(['import', 'export']),
  product: z.literal('translation_memory'),
  creation_time: z.string(),
  updated_time: z.string(),
  parameters: z.object({ translation_memory_id: z.string().optional(), display_name: z.string().optional() }),
  source_file: z.object({ file_name: z.string(), content_length: z.number().int(), content_type: z.string().optional() }).optional(),
  results: z.array(TranslationMemoryJobResult),
});
export type TranslationMemoryJob = z.infer<typeof TranslationMemoryJob>;
