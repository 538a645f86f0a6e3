import type { GlossaryDictionaryInput } from '@workspace/contracts';
import { TranslatorError } from '../translator-error.js';
import { GLOSSARY_COUNT_LOCK, type GlossaryDeps } from './glossary-deps.js';
import { GLOSSARY_COLUMNS, type GlossaryRecord } from './glossary-record.js';
import { assertDistinctPairs, assertGlossarySize, prepareDictionary, storedDictionary } from './prepare-dictionary.js';

/** A new glossary with one (v2) or more (v3) dictionaries; every check runs before anything is stored. */
export async function createGlossary(
  deps: GlossaryDeps,
  request: { name: string; dictionaries: GlossaryDictionaryInput[] },
): Promise<GlossaryRecord> {
  const catalog = await deps.catalog();
  const prepared = request.dictionaries.map((dictionary) => prepareDictionary(catalog, dictionary));
  assertDistinctPairs(prepared);
  const dictionaries = prepared.map(storedDictionary);
  assertGlossarySize(dictionaries.reduce((sum, dictionary) => sum + dictionary.bytes, 0));
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${GLOSSARY_COUNT_LOCK})`;
    const count = await tx.glossary.count();
    if (count >= deps.maxGlossaries) {
      throw new TranslatorError(
        'BAD_REQUEST',
        `Too many glossaries: the limit is ${deps.maxGlossaries} glossaries per account; delete one before creating another.`,
      );
    }
    return tx.glossary.create({
      data: { id: deps.newId(), name: request.name, createdAt: deps.now(), dictionaries: { create: dictionaries } },
      select: GLOSSARY_COLUMNS,
    });
  });
}
