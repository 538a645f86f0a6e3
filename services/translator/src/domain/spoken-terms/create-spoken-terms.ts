import { TranslatorError } from '../translator-error.js';
import {
  assertDistinctLanguages,
  assertNameSize,
  type CreateSpokenTermsRequest,
  prepareSpokenTerms,
  storedDictionary,
} from './spoken-terms-input.js';
import { SPOKEN_TERMS_COLUMNS, SPOKEN_TERMS_COUNT_LOCK, type SpokenTermsDeps, type SpokenTermsRecord } from './spoken-terms-record.js';

/** A new collection; every check runs before anything is stored. */
export async function createSpokenTerms(deps: SpokenTermsDeps, request: CreateSpokenTermsRequest): Promise<SpokenTermsRecord> {
  assertNameSize(request.name);
  const dictionaries = request.dictionaries.map(prepareSpokenTerms);
  assertDistinctLanguages(dictionaries);
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SPOKEN_TERMS_COUNT_LOCK})`;
    if ((await tx.spokenTermList.count()) >= deps.maxSpokenTerms) {
      throw new TranslatorError(
        'BAD_REQUEST',
        `Too many spoken terms collections: the limit is ${deps.maxSpokenTerms}; delete one before creating another.`,
      );
    }
    return tx.spokenTermList.create({
      data: { id: deps.newId(), name: request.name, createdAt: deps.now(), dictionaries: { create: dictionaries.map(storedDictionary) } },
      select: SPOKEN_TERMS_COLUMNS,
    });
  });
}
