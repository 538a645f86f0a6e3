// Pronunciations for spoken terms' words that pocketsphinx's dictionary lacks: espeak-ng says how a
// word sounds (IPA), and this maps it onto the CMU phone set of pocketsphinx's US English model.
import { runProgram } from './run-program.js';
import type { SpokenTerm } from './speech-recognizer.js';

/** A word the recognizer is given for a stream: its dictionary form and how to say it. */
export interface TermWord {
  /** Lower case, as the dictionary spells words. */
  word: string;
  /** CMU phones from espeak-ng, when it could say the word. */
  phones?: string;
  /** Dictionary words it sounds like, when the term says so (these win over `phones`). */
  sounds_like?: string[];
  /** How much likelier than a uniform unigram the language model makes the word. */
  weight: number;
}

// A term's words are made 1000 times likelier than an unknown word would be: enough for a surname or a
// product name to win over the common words it sounds like (measured with flite's voices), not so much that
// it appears where nothing like it was said.
export const TERM_WEIGHT = 1000;

// Longest first: diphthongs and r-coloured vowels before their parts.
const IPA_TO_CMU: Array<[string, string]> = [
  ['aɪ', 'AY'],
  ['aʊ', 'AW'],
  ['eɪ', 'EY'],
  ['oʊ', 'OW'],
  ['əʊ', 'OW'],
  ['ɔɪ', 'OY'],
  ['tʃ', 'CH'],
  ['dʒ', 'JH'],
  ['iː', 'IY'],
  ['uː', 'UW'],
  ['ɑː', 'AA'],
  ['ɔː', 'AO'],
  ['ɜː', 'ER'],
  ['oː', 'AO'],
  ['n̩', 'AH N'],
  ['l̩', 'AH L'],
  ['i', 'IY'],
  ['ɪ', 'IH'],
  ['ᵻ', 'IH'],
  ['e', 'EH'],
  ['ɛ', 'EH'],
  ['æ', 'AE'],
  ['a', 'AA'],
  ['ɑ', 'AA'],
  ['ɒ', 'AA'],
  ['ɔ', 'AO'],
  ['o', 'OW'],
  ['ʊ', 'UH'],
  ['u', 'UW'],
  ['ʌ', 'AH'],
  ['ə', 'AH'],
  ['ɐ', 'AH'],
  ['ɚ', 'ER'],
  ['ɜ', 'ER'],
  ['p', 'P'],
  ['b', 'B'],
  ['t', 'T'],
  ['d', 'D'],
  ['ɾ', 'T'],
  ['k', 'K'],
  ['ɡ', 'G'],
  ['g', 'G'],
  ['f', 'F'],
  ['v', 'V'],
  ['θ', 'TH'],
  ['ð', 'DH'],
  ['s', 'S'],
  ['z', 'Z'],
  ['ʃ', 'SH'],
  ['ʒ', 'ZH'],
  ['h', 'HH'],
  ['m', 'M'],
  ['n', 'N'],
  ['ŋ', 'NG'],
  ['l', 'L'],
  ['ɫ', 'L'],
  ['ɹ', 'R'],
  ['r', 'R'],
  ['w', 'W'],
  ['j', 'Y'],
  ['x', 'K'],
];
// Stress, length and syllable marks, and the glottal stop, have no CMU phone.
const IGNORED = new Set(['ˈ', 'ˌ', 'ː', '‿', '.', '-', ' ', 'ʔ', '\u0303']);

/** The CMU phones of an espeak-ng IPA transcription, or undefined when it holds a sound the model lacks. */
export function ipaToCmuPhones(ipa: string): string | undefined {
  const phones: string[] = [];
  let rest = ipa.trim();
  while (rest.length > 0) {
    if (IGNORED.has(rest[0]!)) {
      rest = rest.slice(1);
      continue;
    }
    const match = IPA_TO_CMU.find(([sound]) => rest.startsWith(sound));
    if (!match) return undefined;
    phones.push(match[1]);
    rest = rest.slice(match[0].length);
  }
  return phones.length > 0 ? phones.join(' ') : undefined;
}

/** The words of a term as the dictionary writes them: lower case, letters, digits and apostrophes. */
export function termWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((word) => word.length > 0);
}

/** Every word of the terms, with espeak-ng's pronunciation (the recognizer keeps its own for words it knows). */
export async function pronounceTerms(terms: readonly SpokenTerm[], espeak: string | undefined): Promise<TermWord[]> {
  const words = new Map<string, TermWord>();
  for (const term of terms) {
    const soundsLike = term.soundsLike ? termWords(term.soundsLike) : [];
    const own = termWords(term.term);
    for (const word of own) {
      if (!words.has(word)) words.set(word, { word, weight: TERM_WEIGHT });
    }
    // A one-word term that sounds like several words: those words' pronunciations, one after the other.
    if (own.length === 1 && soundsLike.length > 0) words.get(own[0]!)!.sounds_like = soundsLike;
  }
  const list = [...words.values()];
  if (espeak && list.length > 0) {
    const ipa = await transcribe(
      espeak,
      list.map((entry) => entry.word),
    );
    list.forEach((entry, index) => {
      const phones = ipa[index] ? ipaToCmuPhones(ipa[index]) : undefined;
      if (phones) entry.phones = phones;
    });
  }
  return list;
}

// One espeak-ng run for all the words: each is a sentence of its own, so each gets a line of its own.
async function transcribe(espeak: string, words: string[]): Promise<Array<string | undefined>> {
  const input = Buffer.from(words.map((word) => `${word}.\n`).join(''), 'utf8');
  const output = await runProgram(espeak, ['-q', '--ipa', '-v', 'en-us', '--stdin'], input, { timeoutMs: 30_000 });
  const lines = output
    .toString('utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines.length === words.length ? lines : words.map(() => undefined);
}
