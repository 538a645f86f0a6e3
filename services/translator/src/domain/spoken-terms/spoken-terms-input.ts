// The wire shapes of /v3/spoken_terms (this service's own API: DeepL manages spoken terms in DeepL Home
// only), modelled on v3 glossaries: a name and one term list per language.
import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.js';
import { TranslatorError } from '../translator-error.js';

export const MAX_TERMS_PER_LANGUAGE = 1000;
export const MAX_LANGUAGES = 32;
const MAX_TERM_CHARACTERS = 100;
const MAX_NAME_BYTES = 1024;

const SpokenTermInput = z.union(
  [z.string(), z.strictObject({ term: z.string(), sounds_like: z.string().max(200, 'sounds_like is at most 200 characters').optional() })],
  { error: "each of 'terms' must be a string or an object {term, sounds_like}" },
);

export const SpokenTermsDictionaryInput = z.strictObject({
  language: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]+)?$/, 'language must be a language code such as en'),
  terms: z
    .array(SpokenTermInput, { error: "'terms' must be a list of terms" })
    .max(MAX_TERMS_PER_LANGUAGE, `at most ${MAX_TERMS_PER_LANGUAGE} terms per language`),
});
export type SpokenTermsDictionaryInput = z.infer<typeof SpokenTermsDictionaryInput>;

const Name = z.string({ error: "'name' is required: the collection's name" }).trim().min(1, "'name' must not be empty");

export const CreateSpokenTermsRequest = z.strictObject({
  name: Name,
  dictionaries: z
    .array(SpokenTermsDictionaryInput, { error: "'dictionaries' must be a list of {language, terms}" })
    .min(1, 'dictionaries needs at least one language')
    .max(MAX_LANGUAGES),
});
export type CreateSpokenTermsRequest = z.infer<typeof CreateSpokenTermsRequest>;

export const UpdateSpokenTermsRequest = z.strictObject({
  name: Name.optional(),
  dictionaries: z.array(SpokenTermsDictionaryInput).max(MAX_LANGUAGES).optional(),
});
export type UpdateSpokenTermsRequest = z.infer<typeof UpdateSpokenTermsRequest>;

export interface StoredTerm {
  term: string;
  sounds_like?: string;
}

export interface PreparedDictionary {
  language: string;
  terms: StoredTerm[];
  termCount: number;
}

/** One language's terms, trimmed and without duplicates; 400 naming the first bad term. */
export function prepareSpokenTerms(dictionary: SpokenTermsDictionaryInput): PreparedDictionary {
  const language = dictionary.language.split('-')[0]!.toUpperCase();
  const seen = new Set<string>();
  const terms: StoredTerm[] = [];
  dictionary.terms.forEach((input, index) => {
    const entry = typeof input === 'string' ? { term: input } : input;
    const term = entry.term.trim().replace(/\s+/g, ' ');
    if (!term || [...term].length > MAX_TERM_CHARACTERS || /[\p{Cc}]/u.test(term))
      throw new TranslatorError(
        'BAD_REQUEST',
        `Value for 'dictionaries' not supported: term ${index + 1} of '${dictionary.language}' must be 1 to ${MAX_TERM_CHARACTERS} characters without control characters.`,
      );
    if (seen.has(term.toLowerCase())) return;
    seen.add(term.toLowerCase());
    const soundsLike = entry.sounds_like?.trim();
    terms.push(soundsLike ? { term, sounds_like: soundsLike } : { term });
  });
  return { language, terms, termCount: terms.length };
}

export function assertDistinctLanguages(dictionaries: readonly PreparedDictionary[]): void {
  const languages = dictionaries.map((dictionary) => dictionary.language);
  const twice = languages.find((language, index) => languages.indexOf(language) !== index);
  if (twice)
    throw new TranslatorError('BAD_REQUEST', `Value for 'dictionaries' not supported: language '${twice.toLowerCase()}' is given twice.`);
}

export function assertNameSize(name: string): void {
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    throw new TranslatorError('BAD_REQUEST', `Value for 'name' not supported: at most ${MAX_NAME_BYTES} bytes.`);
}

/** The row a prepared dictionary is stored as (terms as JSON). */
export function storedDictionary(dictionary: PreparedDictionary): { language: string; terms: Prisma.InputJsonValue; termCount: number } {
  return { language: dictionary.language, terms: dictionary.terms as unknown as Prisma.InputJsonValue, termCount: dictionary.termCount };
}
