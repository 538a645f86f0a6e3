// The best earlier translation of a text in a memory: an exact match of the (trimmed) source is 100 %;
// otherwise similarity = 100 * (1 - levenshtein / longer length), and the highest at or above the
// threshold wins (the earlier segment on a tie). The text's own outer whitespace is kept around it.
import { distance } from 'fastest-levenshtein';

export interface MemoryEntry {
  source: string;
  target: string;
}

export class MemoryMatcher {
  private readonly exact = new Map<string, string>();

  constructor(
    private readonly entries: readonly MemoryEntry[],
    /** The memory's source language (base code): what a hit reports as detected. */
    readonly sourceLang: string,
  ) {
    for (const entry of entries) if (!this.exact.has(entry.source)) this.exact.set(entry.source, entry.target);
  }

  /** The target of the best match at or above `threshold` percent, or undefined. */
  match(text: string, threshold: number): string | undefined {
    const source = text.trim();
    if (source === '') return undefined;
    const found = this.exact.get(source) ?? (threshold < 100 ? this.closest(source, threshold) : undefined);
    if (found === undefined) return undefined;
    const start = text.indexOf(source);
    return text.slice(0, start) + found + text.slice(start + source.length);
  }

  private closest(source: string, threshold: number): string | undefined {
    let best: string | undefined;
    let bestScore = -1;
    for (const entry of this.entries) {
      const longer = Math.max(source.length, entry.source.length);
      // The distance is at least the difference in length: skip what cannot reach the threshold.
      if (100 * (1 - Math.abs(source.length - entry.source.length) / longer) < threshold) continue;
      const score = 100 * (1 - distance(source, entry.source) / longer);
      if (score >= threshold && score > bestScore) {
        best = entry.target;
        bestScore = score;
      }
    }
    return best;
  }
}
