// The edits of offline custom instructions (offline-instructions.ts) on a translated text: the wording
// rules of a register (src/write/style-rules.ts, as rephrase applies them), then quotation marks, then
// number format. In markup (tag_handling) only the text between tags is edited, never a tag or its
// attributes.
import { rulesFor } from '../../write/style-rules.js';
import { applyEdits } from '../../write/text-spans.js';
import type { DecimalMark, GroupSeparator, OfflineInstructions, QuoteStyle } from './offline-instructions.js';

const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[^<>]*>/g;

/** Whether the instructions change the engine's output at all (terms and formality act before it). */
export function editsOutput(instructions: OfflineInstructions): boolean {
  return (
    (instructions.tone !== undefined && 'register' in instructions.tone) ||
    instructions.quotes !== undefined ||
    instructions.decimal !== undefined ||
    instructions.group !== undefined
  );
}

/**
 * `language`: the target's base code. `sourceLanguage`: what decides an ambiguous number ("1,234" is
 * a thousand in English and one point two in German) that the engine passed through unchanged.
 */
export function followInstructions(
  text: string,
  instructions: OfflineInstructions,
  language: string,
  sourceLanguage: string,
  markup: boolean,
): string {
  if (!markup) return edit(text, instructions, language, sourceLanguage);
  let result = '';
  let last = 0;
  for (const match of text.matchAll(MARKUP)) {
    result += edit(text.slice(last, match.index), instructions, language, sourceLanguage) + match[0];
    last = match.index + match[0].length;
  }
  return result + edit(text.slice(last), instructions, language, sourceLanguage);
}

function edit(text: string, instructions: OfflineInstructions, language: string, sourceLanguage: string): string {
  let result = text;
  if (instructions.tone && 'register' in instructions.tone) {
    for (const rule of rulesFor(language, instructions.tone.register) ?? []) result = applyEdits(result, rule.edits(result));
  }
  if (instructions.quotes) result = requote(result, instructions.quotes, language);
  if (instructions.decimal !== undefined || instructions.group !== undefined) {
    result = renumber(result, instructions.decimal, instructions.group, sourceLanguage);
  }
  return result;
}

const QUOTE_PAIRS: Readonly<Record<QuoteStyle, readonly [string, string]>> = {
  straight: ['"', '"'],
  curly: ['“', '”'],
  german: ['„', '“'],
  guillemets: ['«', '»'],
};

/** Every double quotation mark, paired in order: the first of a pair opens, the second closes. */
function requote(text: string, style: QuoteStyle, language: string): string {
  let [open, close] = QUOTE_PAIRS[style];
  // French sets guillemets off with a no-break space.
  if (style === 'guillemets' && language === 'FR') [open, close] = [`${open}\u00a0`, `\u00a0${close}`];
  let opened = false;
  const marks = /\s*[«»]\s*|["“”„]/g;
  const count = [...text.matchAll(marks)].length;
  let seen = 0;
  return text.replace(marks, (mark) => {
    seen += 1;
    // An odd last mark has no partner: left as it was.
    if (!opened && seen === count) return mark;
    opened = !opened;
    const lead = /^\s*/.exec(mark)![0];
    const trail = /\s*$/.exec(mark)![0];
    if (mark.trim() === '«' || mark.trim() === '»') {
      // The spaces a guillemet carried inside the quotation go; those outside stay.
      return opened ? `${lead}${open}` : `${close}${trail}`;
    }
    return opened ? open : close;
  });
}

// A run of digits joined by , . ' or a no-break space, not inside a longer run of them or a word.
// ASCII spaces do not join: "2 100" may be two numbers.
const NUMBER = /(?<![\p{L}\p{N}_.,'\u00a0\u202f-])\d(?:[\d,.'\u00a0\u202f]*\d)?(?![\p{L}\p{N}_]|[.,'\u00a0\u202f]\d)/gu;
const DECIMAL_POINT_LANGUAGES = new Set(['EN', 'JA', 'ZH', 'KO', 'TH', 'HE']);

interface ParsedNumber {
  integer: string;
  decimals?: string;
  group?: string;
  mark?: string;
}

/**
 * A number's parts, or undefined for what is not one number (a date "12.05.2024", a version "1.2.3").
 * Groups are of three digits after a first of one to three; "1,234" alone is a thousand where the
 * source language writes the decimal mark as "." and one point two three four where it writes ",".
 */
export function parseNumber(token: string, sourceDecimal: DecimalMark): ParsedNumber | undefined {
  const runs = token.split(/\D/);
  const separators = token.replace(/\d/g, '');
  if (separators === '') return undefined;
  const groupsValid = (groups: string[]) =>
    groups[0]!.length >= 1 && groups[0]!.length <= 3 && groups.slice(1).every((group) => group.length === 3);
  const distinct = new Set(separators);
  if (distinct.size === 1) {
    const separator = separators[0]!;
    if (separators.length > 1) return groupsValid(runs) ? { integer: runs.join(''), group: separator } : undefined;
    const [left, right] = runs as [string, string];
    const decimalCapable = separator === ',' || separator === '.';
    const groupShaped = groupsValid(runs) && left !== '0';
    if (groupShaped && (!decimalCapable || separator !== sourceDecimal)) return { integer: left + right, group: separator };
    return decimalCapable ? { integer: left, decimals: right, mark: separator } : undefined;
  }
  if (distinct.size === 2) {
    const mark = separators[separators.length - 1]!;
    const group = separators[0]!;
    if ((mark !== ',' && mark !== '.') || separators.indexOf(mark) !== separators.length - 1) return undefined;
    const groups = runs.slice(0, -1);
    return groupsValid(groups) ? { integer: groups.join(''), decimals: runs[runs.length - 1]!, group, mark } : undefined;
  }
  return undefined;
}

function renumber(text: string, decimal: DecimalMark | undefined, group: GroupSeparator | undefined, sourceLanguage: string): string {
  const sourceDecimal: DecimalMark = DECIMAL_POINT_LANGUAGES.has(sourceLanguage) ? '.' : ',';
  return text.replace(NUMBER, (token) => {
    const number = parseNumber(token, sourceDecimal);
    if (!number) return token;
    const newDecimal = decimal ?? number.mark ?? sourceDecimal;
    let newGroup = group ?? number.group;
    // The decimal mark moved onto the old group separator: that separator gives way.
    if (group === undefined && newGroup === newDecimal) newGroup = newDecimal === ',' ? '.' : ',';
    const digits = newGroup ? number.integer.replace(/\B(?=(\d{3})+$)/g, newGroup) : number.integer;
    return number.decimals === undefined ? digits : `${digits}${newDecimal}${number.decimals}`;
  });
}
