// A spoken-terms collection as the domain passes it around, and its wire view.
import type { Database } from '../../db/database.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { TranslatorError } from '../translator-error.js';

export interface SpokenTermsDeps {
  db: Database;
  now: () => Date;
  newId: () => string;
  /** Collections the organization may hold. */
  maxSpokenTerms: number;
}

// Any constant shared by all replicas: makes "count collections, then insert" one step.
export const SPOKEN_TERMS_COUNT_LOCK = 7_304_213;

export interface SpokenTermsRecord {
  id: string;
  name: string;
  createdAt: Date;
  dictionaries: Array<{ language: string; termCount: number }>;
}

export const SPOKEN_TERMS_COLUMNS = {
  id: true,
  name: true,
  createdAt: true,
  dictionaries: { select: { language: true, termCount: true }, orderBy: { language: 'asc' as const } },
} satisfies Prisma.SpokenTermListSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function spokenTermsNotFound(id: string): TranslatorError {
  return new TranslatorError('NOT_FOUND', `Spoken terms '${id}' not found.`);
}

export async function findSpokenTerms(db: Pick<Database, 'spokenTermList'>, id: string): Promise<SpokenTermsRecord> {
  const found = UUID.test(id) ? await db.spokenTermList.findUnique({ where: { id }, select: SPOKEN_TERMS_COLUMNS }) : null;
  if (!found) throw spokenTermsNotFound(id);
  return found;
}

export async function listSpokenTerms(db: Pick<Database, 'spokenTermList'>): Promise<SpokenTermsRecord[]> {
  return db.spokenTermList.findMany({ select: SPOKEN_TERMS_COLUMNS, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export function spokenTermsView(record: SpokenTermsRecord) {
  return {
    spoken_terms_id: record.id,
    name: record.name,
    dictionaries: record.dictionaries.map((dictionary) => ({
      language: dictionary.language.toLowerCase(),
      term_count: dictionary.termCount,
    })),
    creation_time: record.createdAt.toISOString(),
  };
}

export function isSpokenTermsId(id: string): boolean {
  return UUID.test(id);
}
