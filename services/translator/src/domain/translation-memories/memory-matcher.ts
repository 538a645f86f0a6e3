// The best earlier translation of a text in a memory: an exact match of the (trimmed) source is 100 %;
// otherwise similarity = 100 * (1 - levenshtein / longer length), and the highest at or above the
// threshold wins. Several segments can fit equally (the same source translated differently in two
// places, or a tie in similarity): with the request's `context`, the one whose neighbouring segments
// (the one before and after it in the memory) appear in the context wins, else the earlier one. The
// text's own outer whitespace is kept around it.
import { distance } from 'fastest-levenshtein';

export interface MemoryEntry {
  source: string;
  target: string;
}

export class MemoryMatcher {
  /** Indexes of the entries with each exact source, in order. */
  private readonly exact = new Map<string, number[]>();

  constructor(
    private readonly entries: readonly MemoryEntry[],
    /** The memory's source language (base code): what a hit reports as detected. */
    readonly sourceLang: string,
  ) {
    entries.forEach((entry, index) => {
      const same = this.exact.get(entry.source);
      if (same) same.push(index);
      else this.exact.set(entry.source, [index]);
    });
  }

  /** The target of the best match at or above `threshold` percent, or undefined. */
  match(text: string, threshold: number, context?: string): string | undefined {
    const source = text.trim();
    if (source === '') return undefined;
    const fits = this.exact.get(source) ?? (threshold < 100 ? this.closest(source, threshold) : []);
    if (fits.length === 0) return undefined;
    const found = this.entries[this.chosen(fits, context)]!.target;
    const start = text.indexOf(source);
    return text.slice(0, start) + found + text.slice(start + source.length);
  }

  /** The first of `fits` unless the context names the neighbours of another more often. */
  private chosen(fits: number[], context: string | undefined): number {
    if (fits.length === 1 || !context?.trim()) return fits[0]!;
    const haystack = context.toLowerCase();
    const inContext = (index: number) => {
      const neighbour = this.entries[index]?.source.trim().toLowerCase();
      return neighbour !== undefined && neighbour !== '' && haystack.includes(neighbour) ? 1 : 0;
    };
    let best = fits[0]!;
    let bestScore = -1;
    for (const index of fits) {
      const score = inContext(index - 1) + inContext(index + 1);
      if (score > bestScore) [best, bestScore] = [index, score];
    }
    return best;
  }

  /** Indexes of the entries with the best similarity at or above the threshold (ties all). */
  private closest(source: string, threshold: number): number[] {
    let best: number[] = [];
    let bestScore = -1;
    this.entries.forEach((entry, index) => {
      const longer = Math.max(source.length, entry.source.length);
      // The distance is at least the difference in length: skip what cannot reach the threshold.
      if (100 * (1 - Math.abs(source.length - entry.source.length) / longer) < threshold) return;
      const score = 100 * (1 - distance(source, entry.source) / longer);
      if (score < threshold || score < bestScore) return;
      if (score > bestScore) [best, bestScore] = [[], score];
      best.push(index);
    });
    return best;
  }
}
