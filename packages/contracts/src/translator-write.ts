import { z } from 'zod';
import { MAX_TEXTS_PER_REQUEST } from './translator.js';
import { oneOf, optionalString, refuseUnknownParameters, textList } from './translator-parameters.js';

// POST /v2/write/rephrase (DeepL API for Write), as deepl-node's rephraseText sends it: `text` one or
// more times, an optional `target_lang`, and `writing_style` or `tone` (not both). The `prefer_` values
// fall back to the default where the language has no style or tone; the plain values are 400 there.

export const WRITING_STYLES = [
  'default',
  'simple',
  'business',
  'academic',
  'casual',
  'prefer_simple',
  'prefer_business',
  'prefer_academic',
  'prefer_casual',
] as const;
export const WRITING_TONES = [
  'default',
  'enthusiastic',
  'friendly',
  'confident',
  'diplomatic',
  'prefer_enthusiastic',
  'prefer_friendly',
  'prefer_confident',
  'prefer_diplomatic',
] as const;
export type WritingStyle = (typeof WRITING_STYLES)[number];
export type WritingTone = (typeof WRITING_TONES)[number];

/** Parameters that may repeat in a form body (rephrase and correct). */
export const REPHRASE_LIST_PARAMETERS = ['text'] as const;

const isSet = (value: string | undefined) => value !== undefined && value !== 'default';

export const RephraseRequest = z
  .strictObject(
    {
      text: textList(MAX_TEXTS_PER_REQUEST),
      target_lang: optionalString('target_lang'),
      writing_style: z.preprocess(lowerCase, oneOf('writing_style', WRITING_STYLES)),
      tone: z.preprocess(lowerCase, oneOf('tone', WRITING_TONES)),
    },
    refuseUnknownParameters,
  )
  .superRefine((request, ctx) => {
    if (isSet(request.writing_style) && isSet(request.tone)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tone'],
        message:
          'Bad request. Reason: Both writing_style and tone defined. Currently only style OR tone can be chosen for a single request.',
      });
    }
  });
export type RephraseRequest = z.output<typeof RephraseRequest>;

// POST /v2/write/correct: the same texts and target_lang, and nothing else. It only corrects (spelling,
// grammar, punctuation), so a style or tone is refused by name instead of being ignored.
const rephraseOnly = (name: string) =>
  z
    .unknown()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      ctx.addIssue({
        code: 'custom',
        message: `Parameter '${name}' is not supported by /v2/write/correct, which only corrects spelling, grammar and punctuation. Use /v2/write/rephrase for a ${name === 'tone' ? 'tone' : 'writing style'}.`,
      });
    });

export const CorrectRequest = z.strictObject(
  {
    text: textList(MAX_TEXTS_PER_REQUEST),
    target_lang: optionalString('target_lang'),
    writing_style: rephraseOnly('writing_style'),
    tone: rephraseOnly('tone'),
  },
  refuseUnknownParameters,
);
export type CorrectRequest = z.output<typeof CorrectRequest>;

export const Improvement = z.object({
  text: z.string(),
  /** Lower-case base code, as DeepL answers (`en`). */
  detected_source_language: z.string().min(1),
  /** The request's target_lang in BCP 47 spelling (`en-US`), or the detected language without one. */
  target_language: z.string().min(1),
});
export type Improvement = z.infer<typeof Improvement>;

export const RephraseResponse = z.object({ improvements: z.array(Improvement).min(1) });
export type RephraseResponse = z.infer<typeof RephraseResponse>;
/** POST /v2/write/correct answers as rephrase does. */
export const CorrectResponse = RephraseResponse;
export type CorrectResponse = RephraseResponse;

function lowerCase(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}
