// A glossary as the domain passes it around, and its wire views (v2 monolingual, v3 multilingual).
import type { GlossaryDictionaryInfo, MonolingualGlossary, MultilingualGlossary } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { TranslatorError } from '../translator-error.js';

export interface DictionaryRecord {
  sourceLang: string;
  targetLang: string;
  entryCount: number;
  bytes: number;
}

export interface GlossaryRecord {
  id: string;
  name: string;
  createdAt: Date;
  dictionaries: DictionaryRecord[];
}

export const GLOSSARY_COLUMNS = {
  id: true,
  name: true,
  createdAt: true,
  dictionaries: {
    select: { sourceLang: true, targetLang: true, entryCount: true, bytes: true },
    orderBy: [{ sourceLang: 'asc' as const }, { targetLang: 'asc' as const }],
  },
} satisfies Prisma.GlossarySelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGlossaryId(id: string): boolean {
  return UUID.test(id);
}

export function glossaryNotFound(id: string): TranslatorError {
  return new TranslatorError('NOT_FOUND', `Glossary '${id}' not found.`);
}

/** The glossary, or 404; `v2` also refuses one that has more than one dictionary (v2 cannot show it). */
export async function findGlossary(db: Pick<Database, 'glossary'>, id: string, v2 = false): Promise<GlossaryRecord> {
  const glossary = isGlossaryId(id) ? await db.glossary.findUnique({ where: { id }, select: GLOSSARY_COLUMNS }) : null;
  if (!glossary) throw glossaryNotFound(id);
  if (v2 && glossary.dictionaries.length !== 1) {
    throw new TranslatorError('NOT_FOUND', `Glossary '${id}' has ${glossary.dictionaries.length} dictionaries; use /v3/glossaries/${id}.`);
  }
  return glossary;
}

/** Locks the glossary's row for the rest of the transaction, so concurrent edits apply one after the other. */
export async function lockGlossary(tx: Pick<Database, '$executeRaw'>, id: string): Promise<void> {
  if (!isGlossaryId(id)) throw glossaryNotFound(id);
  await tx.$executeRaw`SELECT 1 FROM glossaries WHERE id = ${id}::uuid FOR UPDATE`;
}

export async function listGlossaries(db: Pick<Database, 'glossary'>): Promise<GlossaryRecord[]> {
  return db.glossary.findMany({ select: GLOSSARY_COLUMNS, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export function dictionaryView(dictionary: Pick<DictionaryRecord, 'sourceLang' | 'targetLang' | 'entryCount'>): GlossaryDictionaryInfo {
  return {
    source_lang: dictionary.sourceLang.toLowerCase(),
    target_lang: dictionary.targetLang.toLowerCase(),
    entry_count: dictionary.entryCount,
  };
}

export function multilingualView(glossary: GlossaryRecord): MultilingualGlossary {
  return {
    glossary_id: glossary.id,
    name: glossary.name,
    dictionaries: glossary.dictionaries.map(dictionaryView),
    creation_time: glossary.createdAt.toISOString(),
  };
}

export function monolingualView(glossary: GlossaryRecord): MonolingualGlossary {
  const dictionary = glossary.dictionaries[0]!;
  return {
    glossary_id: glossary.id,
    name: glossary.name,
    ready: true,
    source_lang: dictionary.sourceLang.toLowerCase(),
    target_lang: dictionary.targetLang.toLowerCase(),
    creation_time: glossary.createdAt.toISOString(),
    entry_count: dictionary.entryCount,
  };
}
