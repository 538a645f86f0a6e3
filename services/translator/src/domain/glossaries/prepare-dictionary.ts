// A dictionary from the request to what is stored: its pair in base codes (a target `EN-US` is kept as
// `EN`, which serves every English variant), its entries parsed and checked, their size.
import { MAX_GLOSSARY_BYTES, type GlossaryDictionaryInput } from '@workspace/contracts';
import { baseLanguage, normalizeCode, type LanguageCatalog } from '../languages/language-catalog.js';
import { TranslatorError } from '../translator-error.js';
import { entriesToTsv, parseGlossaryEntries, type GlossaryEntry } from './glossary-entries.js';

export interface PreparedDictionary {
  sourceLang: string;
  targetLang: string;
  entries: GlossaryEntry[];
}

export interface StoredDictionary {
  sourceLang: string;
  targetLang: string;
  entries: string;
  entryCount: number;
  bytes: number;
}

export function glossaryPair(catalog: LanguageCatalog, sourceLang: string, targetLang: string): { sourceLang: string; targetLang: string } {
  const languages = catalog.baseLanguages();
  const source = baseLanguage(normalizeCode(sourceLang));
  const target = baseLanguage(normalizeCode(targetLang));
  if (!languages.includes(source))
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'source_lang' not supported: '${sourceLang}'. GET /v2/glossary-language-pairs lists the pairs.`,
    );
  if (!languages.includes(target))
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'target_lang' not supported: '${targetLang}'. GET /v2/glossary-language-pairs lists the pairs.`,
    );
  if (source === target)
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'target_lang' not supported: a glossary dictionary needs two different languages (both are ${source}).`,
    );
  return { sourceLang: source, targetLang: target };
}

export function prepareDictionary(catalog: LanguageCatalog, input: GlossaryDictionaryInput): PreparedDictionary {
  const pair = glossaryPair(catalog, input.source_lang, input.target_lang);
  const entries = parseGlossaryEntries(input.entries, input.entries_format ?? 'tsv', { source: pair.sourceLang, target: pair.targetLang });
  if (entries.length === 0)
    throw new TranslatorError(
      'BAD_REQUEST',
      `Invalid glossary entries provided: the ${pair.sourceLang}->${pair.targetLang} dictionary has no entries.`,
      undefined,
      'No entries.',
    );
  return { ...pair, entries };
}

export function storedDictionary(dictionary: PreparedDictionary): StoredDictionary {
  const entries = entriesToTsv(dictionary.entries);
  return {
    sourceLang: dictionary.sourceLang,
    targetLang: dictionary.targetLang,
    entries,
    entryCount: dictionary.entries.length,
    bytes: Buffer.byteLength(entries, 'utf8'),
  };
}

/** Dictionaries may not repeat a pair within one request. */
export function assertDistinctPairs(dictionaries: readonly PreparedDictionary[]): void {
  const seen = new Set<string>();
  for (const { sourceLang, targetLang } of dictionaries) {
    const pair = `${sourceLang}->${targetLang}`;
    if (seen.has(pair))
      throw new TranslatorError('BAD_REQUEST', `Value for 'dictionaries' not supported: the pair ${pair} is given twice.`);
    seen.add(pair);
  }
}

export function assertGlossarySize(totalBytes: number): void {
  if (totalBytes > MAX_GLOSSARY_BYTES) {
    throw new TranslatorError(
      'PAYLOAD_TOO_LARGE',
      `Glossary too large: its entries total ${totalBytes} bytes, the limit is ${MAX_GLOSSARY_BYTES} bytes (10 MiB) per glossary.`,
    );
  }
}
