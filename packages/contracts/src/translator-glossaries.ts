import { z } from 'zod';
import {
  displayName,
  missing,
  notSupported,
  oneOf,
  optionalString,
  refuseUnknownParameters,
  requiredString,
} from './translator-parameters.js';

// Wire shapes of the glossary endpoints: v2 (one language pair per glossary) and v3 (several
// dictionaries per glossary, editable). DeepL's limits: 10 MiB per glossary, 1024 UTF-8 bytes per
// name, source and target term, 1000 glossaries per account.

export const MAX_GLOSSARY_BYTES = 10 * 1024 * 1024;
export const MAX_GLOSSARY_TEXT_BYTES = 1024;
export const MAX_GLOSSARIES = 1000;
export const ENTRIES_FORMATS = ['tsv', 'csv'] as const;
export type EntriesFormat = (typeof ENTRIES_FORMATS)[number];

/** UTF-8 length without Buffer or TextEncoder (contracts depend on zod alone). */
export function utf8Bytes(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const glossaryName = (name = 'name') =>
  displayName(name, 'glossary name')
    .refine((value) => value.trim().length > 0, `Value for '${name}' not supported. The glossary name must not be empty.`)
    .refine(
      (value) => utf8Bytes(value) <= MAX_GLOSSARY_TEXT_BYTES,
      `Value for '${name}' not supported. A glossary name is at most ${MAX_GLOSSARY_TEXT_BYTES} UTF-8 bytes.`,
    );

const language = (name: string) => requiredString(name).min(1, missing(name));
const entries = (name: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? missing(name) : notSupported(name, 'Expected a string.')) });

export const GlossaryDictionaryInput = z.strictObject(
  {
    source_lang: language('source_lang'),
    target_lang: language('target_lang'),
    entries: entries('entries'),
    entries_format: oneOf('entries_format', ENTRIES_FORMATS),
  },
  refuseUnknownParameters,
);
export type GlossaryDictionaryInput = z.output<typeof GlossaryDictionaryInput>;

export const CreateGlossaryV2Request = z.strictObject(
  {
    name: glossaryName(),
    source_lang: language('source_lang'),
    target_lang: language('target_lang'),
    entries: entries('entries'),
    entries_format: oneOf('entries_format', ENTRIES_FORMATS),
  },
  refuseUnknownParameters,
);
export type CreateGlossaryV2Request = z.output<typeof CreateGlossaryV2Request>;

const dictionaries = z.array(GlossaryDictionaryInput, { error: notSupported('dictionaries', 'Expected a list of dictionaries.') });

// DeepL creates a v3 glossary without dictionaries too (deepl-node's createMultilingualGlossary(name, []) sends
// only `name`); dictionaries are added later with PUT or PATCH.
export const CreateGlossaryV3Request = z.strictObject(
  { name: glossaryName(), dictionaries: dictionaries.default([]) },
  refuseUnknownParameters,
);
export type CreateGlossaryV3Request = z.output<typeof CreateGlossaryV3Request>;

export const UpdateGlossaryV3Request = z
  .strictObject(
    {
      name: glossaryName().optional(),
      dictionaries: dictionaries.max(1, "Value for 'dictionaries' not supported. PATCH takes at most one dictionary.").optional(),
    },
    refuseUnknownParameters,
  )
  .refine((request) => request.name !== undefined || (request.dictionaries?.length ?? 0) > 0, {
    message: "Parameter 'name' or 'dictionaries' not specified: send at least one.",
  });
export type UpdateGlossaryV3Request = z.output<typeof UpdateGlossaryV3Request>;

export const DictionaryQuery = z.strictObject(
  { source_lang: language('source_lang'), target_lang: language('target_lang') },
  refuseUnknownParameters,
);
export type DictionaryQuery = z.output<typeof DictionaryQuery>;

/** GET /v3/glossaries/{id}/entries: DeepL requires both; without them every dictionary is listed. */
export const DictionaryEntriesQuery = z.strictObject(
  { source_lang: optionalString('source_lang'), target_lang: optionalString('target_lang') },
  refuseUnknownParameters,
);
export type DictionaryEntriesQuery = z.output<typeof DictionaryEntriesQuery>;

export const MonolingualGlossary = z.object({
  glossary_id: z.string(),
  name: z.string(),
  ready: z.boolean(),
  source_lang: z.string(),
  target_lang: z.string(),
  creation_time: z.string(),
  entry_count: z.number().int(),
});
export type MonolingualGlossary = z.infer<typeof MonolingualGlossary>;

export const GlossaryDictionaryInfo = z.object({ source_lang: z.string(), target_lang: z.string(), entry_count: z.number().int() });
export type GlossaryDictionaryInfo = z.infer<typeof GlossaryDictionaryInfo>;

export const MultilingualGlossary = z.object({
  glossary_id: z.string(),
  name: z.string(),
  dictionaries: z.array(GlossaryDictionaryInfo),
  creation_time: z.string(),
});
export type MultilingualGlossary = z.infer<typeof MultilingualGlossary>;

export const GlossaryDictionaryEntries = z.object({
  source_lang: z.string(),
  target_lang: z.string(),
  entries: z.string(),
  entries_format: z.literal('tsv'),
});
export type GlossaryDictionaryEntries = z.infer<typeof GlossaryDictionaryEntries>;
