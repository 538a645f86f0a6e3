// The grammar and typography rules of the offline writer: only changes that are right wherever they
// match. Each takes the text and returns edits; protected spans (code, URLs, numbers) are never touched.
import type { SpellingDictionary } from './spelling-dictionaries.js';
import { capitalize, type Edit, isLowerCase, overlapsAny, protectedRanges, proseWords, startsSentence } from './text-spans.js';

// Words that may rightly follow themselves ("what he had had", "die die Kinder").
const MAY_REPEAT: Readonly<Record<string, readonly string[]>> = {
  EN: ['had', 'that'],
  DE: ['die', 'der', 'das', 'sie'],
  NL: ['dat', 'die'],
};

/** "the the" -> "the": a word repeated with only spaces between drops its copy. */
export function repeatedWordEdits(text: string, language: string): Edit[] {
  const words = proseWords(text);
  const allowed = MAY_REPEAT[language] ?? [];
  const edits: Edit[] = [];
  for (let i = 1; i < words.length; i += 1) {
    const [previous, current] = [words[i - 1]!, words[i]!];
    const lower = current.text.toLowerCase();
    if (lower !== previous.text.toLowerCase() || allowed.includes(lower)) continue;
    if (!/^[ \t]+$/.test(text.slice(previous.end, current.start))) continue;
    edits.push({ start: previous.end, end: current.end, text: '' });
  }
  return edits;
}

/**
 * English `a`/`an` by the next word's first letter, only where the letter decides the sound: `a` before
 * a, e, i, o (not "one", "once", "eu…"); `an` before a consonant other than h, u's and y's sounds vary.
 */
export function indefiniteArticleEdits(text: string, language: string): Edit[] {
  if (language !== 'EN') return [];
  const words = proseWords(text);
  const edits: Edit[] = [];
  for (let i = 0; i + 1 < words.length; i += 1) {
    const [article, next] = [words[i]!, words[i + 1]!];
    if (!/^[ \t]+$/.test(text.slice(article.end, next.start))) continue;
    // Capitals are acronyms read by letter names (an FBI agent): their sound is not the first letter's.
    if (!isLowerCase(next.text.slice(1)) || /^\p{Lu}{2}/u.test(next.text)) continue;
    const first = next.text.charAt(0).toLowerCase();
    const lowerNext = next.text.toLowerCase();
    const article_ = article.text.toLowerCase();
    if (article_ === 'a' && 'aeio'.includes(first) && !/^(?:one|once|eu|ewe)/.test(lowerNext)) {
      edits.push({ start: article.start, end: article.end, text: `${article.text}n` });
    } else if (article_ === 'an' && 'bcdfgjklmnpqrstvwxz'.includes(first)) {
      edits.push({ start: article.start, end: article.end, text: article.text.charAt(0) });
    }
  }
  return edits;
}

/**
 * Spacing and doubled punctuation: no space before , . ; : ! ? (French keeps its space before ; : ! ?),
 * one space after a comma or semicolon that touches the next word, one space between two words, none
 * after ¿ and ¡, and a doubled comma, semicolon or period (not an ellipsis) made single.
 */
export function punctuationEdits(text: string, language: string): Edit[] {
  const ranges = protectedRanges(text);
  const edits: Edit[] = [];
  const add = (start: number, end: number, replacement: string) => {
    if (!overlapsAny(ranges, Math.max(0, start - 1), end + 1)) edits.push({ start, end, text: replacement });
  };
  const before = language === 'FR' ? /(?<=\p{L})[ \t]+(?=[,.](?:\s|$))/gu : /(?<=\p{L})[ \t]+(?=[,.;:!?](?:\s|$))/gu;
  for (const match of text.matchAll(before)) {
    // "word ." is a stray space, but " ..." starts an ellipsis.
    if (text[match.index + match[0].length] === '.' && text[match.index + match[0].length + 1] === '.') continue;
    add(match.index, match.index + match[0].length, '');
  }
  for (const match of text.matchAll(/(?<=\p{L})[,;](?=\p{L})/gu)) add(match.index + 1, match.index + 1, ' ');
  // "happy .Then": the space belongs after the period.
  for (const match of text.matchAll(/(?<=\p{L})([ \t]+)(?:([,;])(?=\p{L})|([.!?])(?=\p{Lu}))/gu)) {
    const mark = match[2] ?? match[3]!;
    if (language !== 'FR' || /[,.]/.test(mark)) add(match.index, match.index + match[0].length, `${mark} `);
  }
  for (const match of text.matchAll(/(?<=[\p{L},])[ ]{2,}(?=\p{L})/gu)) add(match.index, match.index + match[0].length, ' ');
  for (const match of text.matchAll(/[¿¡][ \t]+/g)) add(match.index + 1, match.index + match[0].length, '');
  for (const match of text.matchAll(/(?<=\p{L})(?:,,|;;|(?<!\.)\.\.(?!\.))(?=\s|$|\p{L})/gu)) {
    add(match.index + 1, match.index + 2, /\p{L}/u.test(text[match.index + 2] ?? '') ? ' ' : '');
  }
  return edits;
}

/** A known lower-case word that starts a sentence gets its capital; so does English "i". */
export function capitalEdits(text: string, language: string, dictionary: SpellingDictionary): Edit[] {
  const edits: Edit[] = [];
  for (const word of proseWords(text)) {
    // Not the i of "i.e." or of a list item "(i)".
    if (language === 'EN' && word.text === 'i' && !/[.)]/.test(text[word.end] ?? '') && !/[.(]/.test(text[word.start - 1] ?? '')) {
      edits.push({ start: word.start, end: word.end, text: 'I' });
      continue;
    }
    if (!/^\p{Ll}/u.test(word.text) || !isLowerCase(word.text) || !startsSentence(text, word.start)) continue;
    // An abbreviation (e.g., i.e.) keeps its case.
    if (text[word.end] === '.' && /\p{L}/u.test(text[word.end + 1] ?? '')) continue;
    if (dictionary.knows(word.text)) edits.push({ start: word.start, end: word.end, text: capitalize(word.text) });
  }
  return edits;
}
