import type { UpdateGlossaryV3Request } from '@workspace/contracts';
import { mergeEntries, entriesFromTsv } from './glossary-entries.js';
import type { GlossaryDeps } from './glossary-deps.js';
import { findGlossary, lockGlossary, GLOSSARY_COLUMNS, type GlossaryRecord } from './glossary-record.js';
import { assertGlossarySize, prepareDictionary, storedDictionary } from './prepare-dictionary.js';

/** PATCH /v3/glossaries/{id}: a new name and/or one dictionary merged in (same source term: the new target wins). */
export async function updateGlossary(deps: GlossaryDeps, id: string, request: UpdateGlossaryV3Request): Promise<GlossaryRecord> {
  const catalog = await deps.catalog();
  const update = request.dictionaries?.[0] && prepareDictionary(catalog, request.dictionaries[0]);
  return deps.db.$transaction(async (tx) => {
    await lockGlossary(tx, id);
    const glossary = await findGlossary(tx, id);
    if (update) {
      const current = await tx.glossaryDictionary.findUnique({
        where: { glossaryId_sourceLang_targetLang: { glossaryId: id, sourceLang: update.sourceLang, targetLang: update.targetLang } },
        select: { entries: true, bytes: true },
      });
      const merged = storedDictionary({ ...update, entries: mergeEntries(current ? entriesFromTsv(current.entries) : [], update.entries) });
      const others = glossary.dictionaries.reduce((sum, dictionary) => sum + dictionary.bytes, 0) - (current?.bytes ?? 0);
      assertGlossarySize(others + merged.bytes);
      await tx.glossaryDictionary.upsert({
        where: { glossaryId_sourceLang_targetLang: { glossaryId: id, sourceLang: merged.sourceLang, targetLang: merged.targetLang } },
        create: { glossaryId: id, ...merged },
        update: merged,
      });
    }
    return tx.glossary.update({
      where: { id },
      data: { ...(request.name !== undefined ? { name: request.name } : {}), ...(update ? { version: { increment: 1 } } : {}) },
      select: GLOSSARY_COLUMNS,
    });
  });
}
