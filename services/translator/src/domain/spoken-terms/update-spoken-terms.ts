import {
  assertDistinctLanguages,
  assertNameSize,
  prepareSpokenTerms,
  storedDictionary,
  type UpdateSpokenTermsRequest,
} from './spoken-terms-input.js';
import {
  findSpokenTerms,
  isSpokenTermsId,
  type SpokenTermsDeps,
  type SpokenTermsRecord,
  spokenTermsNotFound,
} from './spoken-terms-record.js';

/** Renames the collection and/or replaces the term lists of the languages given (an empty list removes its language). */
export async function updateSpokenTerms(deps: SpokenTermsDeps, id: string, request: UpdateSpokenTermsRequest): Promise<SpokenTermsRecord> {
  if (request.name !== undefined) assertNameSize(request.name);
  const dictionaries = (request.dictionaries ?? []).map(prepareSpokenTerms);
  assertDistinctLanguages(dictionaries);
  if (!isSpokenTermsId(id)) throw spokenTermsNotFound(id);
  return deps.db.$transaction(async (tx) => {
    const locked = await tx.$executeRaw`SELECT 1 FROM spoken_terms WHERE id = ${id}::uuid FOR UPDATE`;
    if (locked === 0) throw spokenTermsNotFound(id);
    if (request.name !== undefined) await tx.spokenTermList.update({ where: { id }, data: { name: request.name } });
    for (const dictionary of dictionaries) {
      const key = { spokenTermsId_language: { spokenTermsId: id, language: dictionary.language } };
      if (dictionary.termCount === 0)
        await tx.spokenTermDictionary.deleteMany({ where: { spokenTermsId: id, language: dictionary.language } });
      else
        await tx.spokenTermDictionary.upsert({
          where: key,
          create: { spokenTermsId: id, ...storedDictionary(dictionary) },
          update: { terms: storedDictionary(dictionary).terms, termCount: dictionary.termCount },
        });
    }
    return findSpokenTerms(tx, id);
  });
}
