import type { GlossaryDictionaryEntries } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import type { LanguageCatalog } from '../languages/language-catalog.js';
import { TranslatorError } from '../translator-error.js';
import { findGlossary } from './glossary-record.js';
import { glossaryPair } from './prepare-dictionary.js';

/** The entries (TSV) of the glossary's dictionaries; only the pair's when a pair is given. */
export async function readGlossaryEntries(
  db: Database,
  catalog: LanguageCatalog,
  id: string,
  options: { sourceLang?: string; targetLang?: string; v2?: boolean } = {},
): Promise<GlossaryDictionaryEntries[]> {
  await findGlossary(db, id, options.v2);
  if ((options.sourceLang === undefined) !== (options.targetLang === undefined)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Parameter '${options.sourceLang === undefined ? 'source_lang' : 'target_lang'}' not specified: give both languages of the dictionary.`,
    );
  }
  const pair = options.sourceLang !== undefined ? glossaryPair(catalog, options.sourceLang, options.targetLang!) : {};
  const rows = await db.glossaryDictionary.findMany({
    where: { glossaryId: id, ...pair },
    select: { sourceLang: true, targetLang: true, entries: true },
    orderBy: [{ sourceLang: 'asc' }, { targetLang: 'asc' }],
  });
  if (options.sourceLang !== undefined && rows.length === 0)
    throw new TranslatorError(
      'NOT_FOUND',
      `No dictionary found for language pair ${options.sourceLang.toUpperCase()}-${options.targetLang!.toUpperCase()} in glossary ${id}.`,
    );
  return rows.map((row) => ({
    source_lang: row.sourceLang.toLowerCase(),
    target_lang: row.targetLang.toLowerCase(),
    entries: row.entries,
    entries_format: 'tsv',
  }));
}
