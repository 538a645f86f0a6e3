import type { DictionaryQuery } from '@workspace/contracts';
import { TranslatorError } from '../translator-error.js';
import type { GlossaryDeps } from './glossary-deps.js';
import { findGlossary } from './glossary-record.js';
import { glossaryPair } from './prepare-dictionary.js';

export async function deleteGlossaryDictionary(deps: GlossaryDeps, id: string, query: DictionaryQuery): Promise<void> {
  const pair = glossaryPair(await deps.catalog(), query.source_lang, query.target_lang);
  await deps.db.$transaction(async (tx) => {
    await findGlossary(tx, id);
    const { count } = await tx.glossaryDictionary.deleteMany({ where: { glossaryId: id, ...pair } });
    if (count === 0) throw new TranslatorError('NOT_FOUND', `Glossary '${id}' has no ${pair.sourceLang}->${pair.targetLang} dictionary.`);
    await tx.glossary.update({ where: { id }, data: { version: { increment: 1 } } });
  });
}
