// What the offline writer may touch in a text, and how its changes are applied. Every rule proposes
// edits (a range of the text and its replacement); the text is rebuilt from the original around them,
// so a text no rule changes comes back byte for byte.

export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface Word {
  text: string;
  start: number;
  end: number;
}

// Spans no rule may change or read as prose: code in backticks, URLs, e-mail addresses, file paths, and
// any run of non-space characters holding a digit or a character of code or markup.
const PROTECTED = [
  /```[\s\S]*?```/g,
  /`[^`\n]*`/g,
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"]+/gi,
  /[^\s@]+@[^\s@]+\.[^\s@]+/g,
  /[^\s]*[0-9_/\\@#=<>{}[\]|~^$%&*+][^\s]*/g,
];

/** Sorted, merged [start, end) ranges of the protected spans. */
export function protectedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const pattern of PROTECTED) {
    for (const match of text.matchAll(pattern)) ranges.push([match.index, match.index + match[0].length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

export function overlapsAny(ranges: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  return ranges.some(([from, to]) => start < to && end > from);
}

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

/** The words of the text outside protected spans (letters, with inner apostrophes: don't, l'eau). */
export function proseWords(text: string, ranges = protectedRanges(text)): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    if (!overlapsAny(ranges, start, end)) words.push({ text: match[0], start, end });
  }
  return words;
}

/** The text with the edits applied; an edit overlapping an earlier one is dropped. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return text;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let result = '';
  let position = 0;
  for (const edit of sorted) {
    if (edit.start < position) continue;
    result += text.slice(position, edit.start) + edit.text;
    position = edit.end;
  }
  return result + text.slice(position);
}

/** Whether the word starts a sentence: nothing but opening marks before it since the text's start or a sentence end. */
export function startsSentence(text: string, start: number): boolean {
  let index = start - 1;
  let spaced = false;
  while (index >= 0 && /[\s"'“‘«(¿¡]/u.test(text[index]!)) {
    spaced ||= /\s/.test(text[index]!);
    index -= 1;
  }
  if (index < 0) return true;
  // A period with no space after it is inside a word (i.e., e.g., 3.5), not at a sentence's end.
  if (!/[.!?]/.test(text[index]!) || !spaced) return false;
  // An abbreviation's period (e.g., etc., Dr.) or an ellipsis ends no sentence for our purposes.
  const before = text.slice(Math.max(0, index - 12), index + 1);
  return !/(?:\b\p{L}\.\p{L}\.|\b(?:etc|vs|cf|approx|e\.g|i\.e|Mr|Mrs|Ms|Dr|Prof|St|No|Sr|Sra|Dra|pág|núm|aprox)\.|\.\.)$/iu.test(before);
}

export const isCapitalized = (word: string) => /^\p{Lu}\p{Ll}*(?:['’]\p{L}+)*$/u.test(word);
export const isLowerCase = (word: string) => !/\p{Lu}/u.test(word);
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
