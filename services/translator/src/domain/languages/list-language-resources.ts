// GET /v3/languages/resources: the DeepL API resources this instance serves and, per feature, whether the
// source, the target or both languages must support it (their `features` in GET /v3/languages). The
// description is DeepL's; which languages have a feature is what /v3/languages says about this instance.
import type { LanguageResourceDescription } from '@workspace/contracts';

const SOURCE = { needs_source_support: true } as const;
const TARGET = { needs_target_support: true } as const;
const BOTH = { needs_source_support: true, needs_target_support: true } as const;

const RESOURCES: readonly LanguageResourceDescription[] = [
  {
    name: 'translate_text',
    features: [
      { name: 'formality', ...TARGET },
      { name: 'style_rules', ...TARGET },
      { name: 'tag_handling', ...BOTH },
      { name: 'glossary', ...BOTH },
      { name: 'translation_memory', ...BOTH },
      { name: 'auto_detection', ...SOURCE },
    ],
  },
  {
    name: 'translate_document',
    features: [
      { name: 'formality', ...TARGET },
      { name: 'tag_handling', ...BOTH },
      { name: 'glossary', ...BOTH },
      { name: 'translation_memory', ...BOTH },
      { name: 'auto_detection', ...SOURCE },
    ],
  },
  { name: 'glossary', features: [] },
  {
    name: 'voice',
    features: [
      { name: 'transcription', ...SOURCE },
      { name: 'spoken_terms', ...SOURCE },
      { name: 'translated_speech', ...TARGET },
      { name: 'formality', ...TARGET },
      { name: 'glossary', ...BOTH },
    ],
  },
  {
    name: 'write',
    features: [
      { name: 'writing_style', ...TARGET },
      { name: 'tone', ...TARGET },
      { name: 'auto_detection', ...SOURCE },
    ],
  },
  { name: 'style_rules', features: [] },
  { name: 'translation_memory', features: [] },
];

export function listLanguageResources(): readonly LanguageResourceDescription[] {
  return RESOURCES;
}
