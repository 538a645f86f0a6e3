// Spelling, minimal change: only a word the dictionary does not know is replaced, and only by a word one
// edit away (two letters swapped, a letter dropped, doubled, added or replaced) when one such word is
// clearly the likeliest. A word is left alone when it is in capitals or mixed case (NASA, iPhone), is
// capitalized inside a sentence (a name), is protected (code, URLs, numbers), or is a glossary term.
import type { SpellingDictionary } from './spelling-dictionaries.js';
import { capitalize, type Edit, isCapitalized, isLowerCase, proseWords, startsSentence } from './text-spans.js';

// How likely each kind of slip is, relative to the others (typing errors are mostly swapped, dropped
// and doubled letters; a missing accent is the commonest slip in Spanish).
const PRIOR = { transposed: 1, doubled: 1, dropped: 0.6, accent: 1, added: 0.3, replaced: 0.2 } as const;
type Slip = keyof typeof PRIOR;
/** Rank given to a known word outside the frequency list. */
const UNRANKED = 30_000;
/** The best candidate must score this many times the second to be taken. */
const MARGIN = 3;

export interface SpellingOptions {
  /** Lower-cased terms (glossary entries) never changed. */
  protectedTerms?: ReadonlySet<string>;
}

export function spellingEdits(text: string, dictionary: SpellingDictionary, options: SpellingOptions = {}): Edit[] {
  const edits: Edit[] = [];
  const checked = proseWords(text).filter((word) => {
    if ([...word.text].length < 2 || options.protectedTerms?.has(word.text.toLowerCase())) return false;
    // Capitals inside a sentence mark a name; capitals or mixed case anywhere, an acronym or a brand.
    return isLowerCase(word.text) || (isCapitalized(word.text) && startsSentence(text, word.start));
  });
  // The text's words in one exchange with the dictionary's thread, as written and in lower case.
  const asked = [...new Set(checked.flatMap((word) => [word.text, word.text.toLowerCase()]))];
  const answers = dictionary.knowsAll(asked);
  const known = new Set(asked.filter((_, index) => answers[index]));
  for (const word of checked) {
    const capitalized = isCapitalized(word.text);
    if (known.has(word.text) || (capitalized && known.has(word.text.toLowerCase()))) continue;
    const best = bestCorrection(word.text.toLowerCase(), dictionary);
    if (best !== undefined) edits.push({ start: word.start, end: word.end, text: capitalized ? capitalize(best) : best });
  }
  return edits;
}

/** The one clearly likeliest known word one edit away, or undefined when there is none or no clear one. */
export function bestCorrection(word: string, dictionary: SpellingDictionary): string | undefined {
  const candidates = [...oneEditAway(word, dictionary.alphabet)].filter(([candidate]) => candidate.length > 0);
  // Asked in one exchange with the dictionary's thread (hundreds of candidates, many repeated).
  const asked = [...new Set(candidates.map(([candidate]) => candidate))];
  const answers = dictionary.knowsAll(asked);
  const known = new Set(asked.filter((_, index) => answers[index]));
  const scores = new Map<string, number>();
  for (const [candidate, slip] of candidates) {
    if (!known.has(candidate)) continue;
    const score = PRIOR[slip] / (dictionary.rank(candidate) ?? UNRANKED);
    if (score > (scores.get(candidate) ?? 0)) scores.set(candidate, score);
  }
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first) return undefined;
  if (second && first[1] < MARGIN * second[1]) return undefined;
  return first[0];
}

function* oneEditAway(word: string, alphabet: readonly string[]): Generator<[string, Slip]> {
  const letters = [...word];
  const join = (parts: string[]) => parts.join('');
  for (let i = 0; i < letters.length; i += 1) {
    const without = [...letters.slice(0, i), ...letters.slice(i + 1)];
    // Removing a letter the writer typed twice, or one they added.
    yield [join(without), letters[i] === letters[i - 1] || letters[i] === letters[i + 1] ? 'doubled' : 'added'];
    if (i + 1 < letters.length && letters[i] !== letters[i + 1]) {
      yield [join([...letters.slice(0, i), letters[i + 1]!, letters[i]!, ...letters.slice(i + 2)]), 'transposed'];
    }
    for (const letter of alphabet) {
      if (letter === letters[i]) continue;
      const slip: Slip = stripAccent(letter) === stripAccent(letters[i]!) ? 'accent' : 'replaced';
      yield [join([...letters.slice(0, i), letter, ...letters.slice(i + 1)]), slip];
    }
  }
  for (let i = 0; i <= letters.length; i += 1) {
    for (const letter of alphabet) yield [join([...letters.slice(0, i), letter, ...letters.slice(i)]), 'dropped'];
  }
}

function stripAccent(letter: string): string {
  return letter.normalize('NFD').replace(/\p{M}/gu, '');
}
