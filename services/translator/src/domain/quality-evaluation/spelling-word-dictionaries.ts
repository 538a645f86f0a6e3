// The evaluation's dictionaries are the offline writer's (one SpellingDictionaries per process, so each
// language's dictionary is loaded once, whichever of the two asks first). A word counts as known when
// Hunspell knows it or it is among the language's 10,000 most common words: nspell misses some common
// inflections (German `teilen`, Swedish `arbetar`), and those must not read as misspelt or untranslated.
import { bestCorrection } from '../../write/correct-spelling.js';
import type { SpellingDictionaries } from '../../write/spelling-dictionaries.js';
import type { WordDictionaries } from './evaluate-segments.js';

// Look-ups are synchronous: the event loop is given back after this many words.
const WORDS_PER_TURN = 2000;

export function spellingWordDictionaries(dictionaries: SpellingDictionaries): WordDictionaries {
  return {
    languages: dictionaries.languages,
    async knownWords(language, words) {
      const dictionary = await dictionaries.load(language);
      if (!dictionary) return undefined;
      const known = new Set<string>();
      for (let start = 0; start < words.length; start += WORDS_PER_TURN) {
        if (start > 0) await nextTurn();
        // One exchange with the dictionary's thread per turn.
        const chunk = words.slice(start, start + WORDS_PER_TURN);
        const answers = dictionary.knowsAll(chunk);
        chunk.forEach((word, index) => {
          if (answers[index] || dictionary.rank(word) !== undefined) known.add(word);
        });
      }
      return known;
    },
    async corrections(language, words) {
      const dictionary = await dictionaries.load(language);
      const found = new Map<string, string>();
      if (!dictionary) return found;
      for (const [index, word] of words.entries()) {
        // A correction tries hundreds of candidates: fewer words per turn.
        if (index > 0 && index % 50 === 0) await nextTurn();
        const correction = bestCorrection(word.toLowerCase(), dictionary);
        if (correction !== undefined) found.set(word, correction);
      }
      return found;
    },
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
