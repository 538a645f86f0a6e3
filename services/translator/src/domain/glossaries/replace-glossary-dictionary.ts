import type { GlossaryDictionaryInfo, GlossaryDictionaryInput } from '@workspace/contracts';
import type { GlossaryDeps } from './glossary-deps.js';
import { dictionaryView, findGlossary, lockGlossary } from './glossary-record.js';
import { assertGlossarySize, prepareDictionary, storedDictionary } from './prepare-dictionary.js';

/** PUT /v3/glossaries/{id}/dictionaries: the pair's entries become exactly these (the dictionary is created if new). */
export async function replaceGlossaryDictionary(
  deps: GlossaryDeps,
  id: string,
  input: GlossaryDictionaryInput,
): Promise<GlossaryDictionaryInfo> {
  const dictionary = storedDictionary(prepareDictionary(await deps.catalog(), input));
  return deps.db.$transaction(async (tx) => {
    await lockGlossary(tx, id);
    const glossary = await findGlossary(tx, id);
    const others = glossary.dictionaries
      .filter((existing) => existing.sourceLang !== dictionary.sourceLang || existing.targetLang !== dictionary.targetLang)
      .reduce((sum, existing) => sum + existing.bytes, 0);
    assertGlossarySize(others + dictionary.bytes);
    const key = { glossaryId: id, sourceLang: dictionary.sourceLang, targetLang: dictionary.targetLang };
    await tx.glossaryDictionary.upsert({
      where: { glossaryId_sourceLang_targetLang: key },
      create: { glossaryId: id, ...dictionary },
      update: dictionary,
    });
    await tx.glossary.update({ where: { id }, data: { version: { increment: 1 } } });
    return dictionaryView(dictionary);
  });
}
