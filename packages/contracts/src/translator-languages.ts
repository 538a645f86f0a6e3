import { z } from 'zod';
import { notSupported, refuseUnknownParameters } from './translator-parameters.js';

// GET /v3/languages and /v3/languages/resources (DeepL's OpenAPI v3.11.0): per API resource, the languages
// usable as source and target and the optional features each supports. Language codes are BCP 47 (`en-US`).

export const LANGUAGE_RESOURCES = [
  'translate_text',
  'translate_document',
  'glossary',
  'voice',
  'write',
  'style_rules',
  'translation_memory',
] as const;
export type LanguageResource = (typeof LANGUAGE_RESOURCES)[number];

export const LANGUAGE_FEATURES = [
  'formality',
  'style_rules',
  'tag_handling',
  'glossary',
  'writing_style',
  'tone',
  'auto_detection',
  'transcription',
  'translated_speech',
  'spoken_terms',
  'translation_memory',
] as const;
export type LanguageFeature = (typeof LANGUAGE_FEATURES)[number];

export const AVAILABILITY_STATUSES = ['stable', 'beta', 'early_access'] as const;
export const LANGUAGE_INCLUDES = ['beta', 'external'] as const;

const resourceHint = `Allowed: ${LANGUAGE_RESOURCES.map((value) => `'${value}'`).join(', ')}.`;

export const LanguagesV3Query = z.strictObject(
  {
    resource: z.enum(LANGUAGE_RESOURCES, {
      error: (issue) =>
        issue.input === undefined ? `Parameter 'resource' not specified. ${resourceHint}` : notSupported('resource', resourceHint),
    }),
    // Repeated (`include=beta&include=external`) or once; every language and feature here is stable, so it
    // changes nothing, but a value DeepL does not know is refused.
    include: z
      .union([z.enum(LANGUAGE_INCLUDES), z.array(z.enum(LANGUAGE_INCLUDES))], {
        error: notSupported('include', `Allowed: ${LANGUAGE_INCLUDES.map((value) => `'${value}'`).join(', ')}.`),
      })
      .optional(),
  },
  refuseUnknownParameters,
);
export type LanguagesV3Query = z.output<typeof LanguagesV3Query>;

/** /v3/languages/resources takes no parameters. */
export const LanguageResourcesQuery = z.strictObject({}, refuseUnknownParameters);

export const LanguageFeatures = z.record(z.string(), z.object({ status: z.enum(AVAILABILITY_STATUSES) }));

export const ResourceLanguage = z.object({
  lang: z.string(),
  name: z.string(),
  usable_as_source: z.boolean(),
  usable_as_target: z.boolean(),
  status: z.enum(AVAILABILITY_STATUSES),
  features: LanguageFeatures,
  /**
   * Not DeepL's: the sources (BCP 47) this target is reached from only through a third language (Apertium's
   * pivot through Spanish); absent when every source reaches it directly.
   */
  pivoted_from: z.array(z.string()).optional(),
});
export type ResourceLanguage = z.infer<typeof ResourceLanguage>;

export const ResourceFeature = z.object({
  name: z.enum(LANGUAGE_FEATURES),
  needs_source_support: z.boolean().optional(),
  needs_target_support: z.boolean().optional(),
});
export type ResourceFeature = z.infer<typeof ResourceFeature>;

export const LanguageResourceDescription = z.object({ name: z.enum(LANGUAGE_RESOURCES), features: z.array(ResourceFeature) });
export type LanguageResourceDescription = z.infer<typeof LanguageResourceDescription>;
