// What a source and its translation must share whatever the languages: numbers (compared by value, so
// 1,000.5 and 1.000,5 agree), markup tags and placeholders, and entities a translation keeps as written
// (URLs, e-mail addresses, @handles, brand-like and code-like tokens). Offsets are UTF-16 units here;
// the answer converts them to code points.

export interface Feature {
  /** What two texts compare: a number's value, a tag's name, an entity as written. */
  key: string;
  text: string;
  start: number;
  end: number;
}

// Digits with separators inside: `1,000.5`, `1.000,5`, `10 000` (a space only before a group of three).
const NUMBER = /(?<![\p{L}\p{N}_])\d+(?:(?:[.,'\u00a0\u202f]|[ ](?=\d{3}(?!\d)))\d+)*/gu;

export function numbersOf(text: string): Feature[] {
  return [...text.matchAll(NUMBER)].map((match) => ({
    key: numberValue(match[0]),
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** `1,000.5` and `1.000,5` -> `1000.5`; one separator before exactly three digits is a thousands separator. */
export function numberValue(written: string): string {
  const digits = written.replace(/[ '\u00a0\u202f]/g, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const [whole, fraction] = [digits.slice(0, digits.lastIndexOf(decimal)), digits.slice(digits.lastIndexOf(decimal) + 1)];
    normalized = `${whole.replace(/[.,]/g, '')}.${fraction}`;
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const groups = digits.split(separator);
    const thousands = groups.length > 2 || (groups[1]!.length === 3 && groups[0] !== '0');
    normalized = thousands ? groups.join('') : `${groups[0]}.${groups[1]}`;
  } else {
    normalized = digits;
  }
  const [whole = '0', fraction] = normalized.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction?.replace(/0+$/, '');
  return trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
}

// XML/HTML tags (compared by name and kind: attributes may be localized), and the placeholders of
// message formats ({0}, {name}, {{name}}, ${name}, %s, %1$d), compared as written.
const TAG = /<(\/?)([A-Za-z_][\w:.-]*)(?:\s[^<>]*?)?(\/?)>/g;
const PLACEHOLDER = /\{\{\s*[\w.-]+\s*\}\}|\$\{[\w.-]+\}|\{[\w.:-]*\}|%(?:\d+\$)?[sdif@]/g;

export function tagsOf(text: string): Feature[] {
  const tags = [...text.matchAll(TAG)].map((match) => ({
    key: `<${match[1]}${match[2]!.toLowerCase()}${match[3]}>`,
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const placeholders = [...text.matchAll(PLACEHOLDER)]
    .filter((match) => !tags.some((tag) => match.index >= tag.start && match.index < tag.end))
    .map((match) => ({ key: match[0].replace(/\s+/g, ''), text: match[0], start: match.index, end: match.index + match[0].length }));
  return [...tags, ...placeholders].sort((a, b) => a.start - b.start);
}

export type EntityKind = 'url' | 'email' | 'handle' | 'code';

const ENTITIES: ReadonlyArray<[EntityKind, RegExp]> = [
  ['url', /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"]*[^\s<>".,;:!?)\]]/gi],
  ['email', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g],
  ['handle', /(?<![\w@])[@#][\p{L}\p{N}_]{2,}/gu],
  // A capital after a lower-case letter (DeepL, iPhone, JavaScript), or letters and digits mixed in a
  // code (A4, B2B, ISO-9001, the Q3 of Q3-Umsatz): kept as written in any language.
  [
    'code',
    /(?<![\p{L}\p{N}_-])(?:\p{L}*\p{Ll}\p{Lu}[\p{L}\p{N}]*|(?=[\p{L}\p{N}-]*\p{L})(?=[\p{L}\p{N}-]*\p{N})\p{Lu}[\p{Lu}\p{N}]*(?:-[\p{Lu}\p{N}]+)*)(?![\p{L}\p{N}_])/gu,
  ],
];

export function entitiesOf(text: string): Array<Feature & { kind: EntityKind }> {
  const found: Array<Feature & { kind: EntityKind }> = [];
  for (const [kind, pattern] of ENTITIES) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      // An e-mail's domain is no URL, and no code hides inside a URL or an address.
      if (found.some((other) => start < other.end && end > other.start)) continue;
      found.push({ kind, key: match[0], text: match[0], start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Pairs features with equal keys; returns what is left unmatched on each side, in text order. */
export function unmatched<T extends Feature>(source: T[], target: T[]): { source: T[]; target: T[] } {
  const remaining = [...target];
  const onlySource: T[] = [];
  for (const feature of source) {
    const at = remaining.findIndex((candidate) => candidate.key === feature.key);
    if (at >= 0) remaining.splice(at, 1);
    else onlySource.push(feature);
  }
  return { source: onlySource, target: remaining };
}
