// Finds a dictionary's source terms in a text: whole words only, longest match first, left to right,
// never overlapping. Case: a term matches as written; a term written with a lower-case first letter
// also matches with that letter capitalised (a sentence start: "apple" matches "Apple"), and its
// target is then capitalised too. Any other difference of case is a different term (DeepL treats
// "US" and "us" as different entries).
import type { GlossaryEntry } from './glossary-entries.js';

export interface TermMatch {
  start: number;
  end: number;
  target: string;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const LEADING_WORD = /^[\p{L}\p{N}_]+/u;

interface Candidate {
  source: string;
  target: string;
}

function firstWord(text: string): string {
  return LEADING_WORD.exec(text)?.[0] ?? text.slice(0, 1);
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const isLowerInitial = (text: string) => text.charAt(0) !== text.charAt(0).toUpperCase();

export class GlossaryMatcher {
  // Entries keyed by their first word, each list longest first: at a position only terms starting
  // with the word found there are tried, so a 10 MiB glossary costs no more per word than a small one.
  private readonly byFirstWord = new Map<string, Candidate[]>();

  constructor(entries: readonly GlossaryEntry[]) {
    const bySource = new Map<string, Candidate>();
    for (const entry of entries) bySource.set(entry.source, entry);
    // The capitalised spelling of a lower-case entry, unless the glossary has its own entry for it.
    for (const entry of entries) {
      const capital = capitalize(entry.source);
      if (isLowerInitial(entry.source) && !bySource.has(capital))
        bySource.set(capital, { source: capital, target: capitalize(entry.target) });
    }
    for (const candidate of bySource.values()) {
      const key = firstWord(candidate.source);
      const list = this.byFirstWord.get(key);
      if (list) list.push(candidate);
      else this.byFirstWord.set(key, [candidate]);
    }
    for (const list of this.byFirstWord.values()) list.sort((a, b) => b.source.length - a.source.length);
  }

  /** Matches in `text`, in order. */
  find(text: string): TermMatch[] {
    const matches: TermMatch[] = [];
    let i = 0;
    while (i < text.length) {
      const atWordStart = i === 0 || !WORD_CHAR.test(text[i - 1]!) || !WORD_CHAR.test(text[i]!);
      const match = atWordStart ? this.matchAt(text, i) : undefined;
      if (match) {
        matches.push(match);
        i = match.end;
      } else {
        i++;
      }
    }
    return matches;
  }

  private matchAt(text: string, start: number): TermMatch | undefined {
    const candidates = this.byFirstWord.get(firstWord(text.slice(start, start + 256)));
    if (!candidates) return undefined;
    for (const candidate of candidates) {
      if (!text.startsWith(candidate.source, start)) continue;
      const end = start + candidate.source.length;
      const wordEnds = end === text.length || !WORD_CHAR.test(text[end]!) || !WORD_CHAR.test(text[end - 1]!);
      if (wordEnds) return { start, end, target: candidate.target };
    }
    return undefined;
  }
}
