import type { Database } from '../../db/database.js';
import type { SpokenTerm } from '../../engine/speech/speech-recognizer.js';
import { TranslatorError } from '../translator-error.js';
import type { StoredTerm } from './spoken-terms-input.js';
import { findSpokenTerms } from './spoken-terms-record.js';

/** The collection's term lists, all languages or one (`en`); 404 when the collection or that language is absent. */
export async function readSpokenTermsEntries(
  db: Pick<Database, 'spokenTermList' | 'spokenTermDictionary'>,
  id: string,
  language?: string,
): Promise<Array<{ language: string; terms: StoredTerm[] }>> {
  await findSpokenTerms(db, id);
  const code = language ? language.split('-')[0]!.toUpperCase() : undefined;
  const rows = await db.spokenTermDictionary.findMany({
    where: { spokenTermsId: id, ...(code ? { language: code } : {}) },
    select: { language: true, terms: true },
    orderBy: { language: 'asc' },
  });
  if (code && rows.length === 0) throw new TranslatorError('NOT_FOUND', `Spoken terms '${id}' have no terms for '${language}'.`);
  return rows.map((row) => ({ language: row.language.toLowerCase(), terms: row.terms as unknown as StoredTerm[] }));
}

/** What a voice session hands the recognizer: the collection's terms in its source language (none: an empty list). 404 when the collection is absent. */
export async function loadSpokenTerms(
  db: Pick<Database, 'spokenTermList' | 'spokenTermDictionary'>,
  id: string,
  language: string,
): Promise<SpokenTerm[]> {
  await findSpokenTerms(db, id);
  const row = await db.spokenTermDictionary.findUnique({
    where: { spokenTermsId_language: { spokenTermsId: id, language: language.split('-')[0]!.toUpperCase() } },
    select: { terms: true },
  });
  return ((row?.terms ?? []) as unknown as StoredTerm[]).map((stored) => ({
    term: stored.term,
    ...(stored.sounds_like ? { soundsLike: stored.sounds_like } : {}),
  }));
}
