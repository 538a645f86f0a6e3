// Building blocks of the style and tone rules: word and phrase replacements that keep the case of the
// first letter, removals that tidy the space and comma they leave, and sentence openers.
import { capitalize, type Edit, overlapsAny, protectedRanges, startsSentence } from './text-spans.js';

export interface Rule {
  /** What the rule does, for the documentation. */
  description: string;
  /** One sentence before and after, for the documentation (and a test that the rule does this). */
  example: readonly [string, string];
  edits(text: string): Edit[];
}

const APOSTROPHE = /['’]/g;
const asPattern = (phrase: string) =>
  phrase
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(APOSTROPHE, "['’]")
    .replace(/ /g, '\\s+');
const normalize = (phrase: string) => phrase.toLowerCase().replace(APOSTROPHE, "'").replace(/\s+/g, ' ');

function phrasePattern(phrases: readonly string[], after = ''): RegExp {
  const alternatives = [...phrases].sort((a, b) => b.length - a.length).map(asPattern);
  return new RegExp(`(?<![\\p{L}\\p{N}'’])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}'’])${after}`, 'giu');
}

/** Keeps a capital first letter, and the text's apostrophe (’ or '). */
function shaped(replacement: string, matched: string): string {
  const apostrophe = matched.includes('’') ? replacement.replace(/'/g, '’') : replacement;
  return /^\p{Lu}/u.test(matched) ? capitalize(apostrophe) : apostrophe;
}

/**
 * Each phrase of `pairs` becomes its replacement wherever it stands as whole words; `followedByWord`
 * limits it to phrases followed by another word (a contraction cannot end a clause: "it is" stays in
 * "that is what it is").
 */
export function replacing(
  description: string,
  example: readonly [string, string],
  pairs: Readonly<Record<string, string>>,
  options: { followedByWord?: boolean; sentenceStart?: boolean } = {},
): Rule {
  const targets = new Map(Object.entries(pairs).map(([from, to]) => [normalize(from), to]));
  const pattern = phrasePattern(Object.keys(pairs), options.followedByWord ? '(?=[ \\t]+\\p{L})' : '');
  return {
    description,
    example,
    edits(text) {
      const edits: Edit[] = [];
      for (const { match, start, end } of unprotectedMatches(text, pattern)) {
        if (options.sentenceStart && !startsSentence(text, start)) continue;
        const target = targets.get(normalize(match[0]));
        if (target !== undefined) edits.push({ start, end, text: shaped(target, match[0]) });
      }
      return edits;
    },
  };
}

/**
 * The words go, with the space before them (or, at a sentence's start, the comma and space after them,
 * the next word taking the capital): "It is basically done." -> "It is done."; "Basically, it works." ->
 * "It works."
 */
export function removing(
  description: string,
  example: readonly [string, string],
  phrases: readonly string[],
  options: { sentenceStart?: boolean } = {},
): Rule {
  const pattern = phrasePattern(phrases, ',?');
  return {
    description,
    example,
    edits(text) {
      const edits: Edit[] = [];
      for (const { match, start, end } of unprotectedMatches(text, pattern)) {
        const initial = startsSentence(text, start);
        if (options.sentenceStart && !initial) continue;
        const space = /^[ \t]+/.exec(text.slice(end))?.[0].length ?? 0;
        const next = text.slice(end + space);
        if (initial) {
          // The next word takes the sentence's capital; nothing to drop before a sentence's end.
          if (!/^\p{L}/u.test(next)) continue;
          edits.push({ start, end: end + space + 1, text: next.charAt(0).toUpperCase() });
        } else if (!match[0].endsWith(',') && /[ \t]$/.test(text.slice(0, start))) {
          edits.push({ start: start - 1, end, text: '' });
        }
      }
      return edits;
    },
  };
}

/** The pattern's matches in the text, with their bounds, except those touching a protected span (code, URLs, addresses, numbers). */
function* unprotectedMatches(text: string, pattern: RegExp): Generator<{ match: RegExpExecArray; start: number; end: number }> {
  const ranges = protectedRanges(text);
  for (const match of text.matchAll(pattern)) {
    const [start, end] = [match.index, match.index + match[0].length];
    if (!overlapsAny(ranges, start, end)) yield { match, start, end };
  }
}

/** The text's last sentence ends with "!" instead of "." (Spanish also opens it with "¡"). */
export function exclaiming(description: string, example: readonly [string, string], opening = ''): Rule {
  return {
    description,
    example,
    edits(text) {
      const end = /\.(\s*)$/.exec(text);
      if (!end || text.includes('!') || text.endsWith('..') || overlapsAny(protectedRanges(text), end.index, end.index + 1)) return [];
      const edits: Edit[] = [{ start: end.index, end: end.index + 1, text: '!' }];
      if (opening) {
        const boundary = Math.max(text.lastIndexOf('. ', end.index - 1), text.lastIndexOf('? ', end.index - 1));
        let start = boundary < 0 ? 0 : boundary + 2;
        while (/\s/.test(text[start] ?? '')) start += 1;
        if (!text.startsWith(opening, start)) edits.push({ start, end: start, text: opening });
      }
      return edits;
    },
  };
}
