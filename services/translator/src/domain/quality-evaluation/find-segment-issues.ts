// The checks of one segment that need no language model: what the target lacks or adds against the
// source (numbers, tags, entities and names: kept-feature-issues.ts; glossary terms), words copied from the source untranslated, words the target language's dictionary does not
// know, garbled characters, and a length far from the source's. Meaning and fluency are not judged.
import { isCapitalized, isLowerCase, proseWords, startsSentence, type Word } from '../../write/text-spans.js';
import { type Found, keptFeatureIssues, type Range, rangeOf } from './kept-feature-issues.js';
import { codePointSpan, type QualityIssue } from './quality-issue.js';
import type { SegmentToCheck } from './segment-to-check.js';

// Scripts written without spaces between words: their length says little against an alphabet's.
const UNSPACED = new Set(['JA', 'ZH', 'KO', 'TH']);
const GARBLED = /\uFFFD|Ã[\u0080-\u00BF]|â€[\u0080-\u00BF™œ]|Â[\u00A0-\u00BF]/g;

export function findSegmentIssues(segment: SegmentToCheck): QualityIssue[] {
  const { source, target } = segment;
  const whole = (text: string): Range => [text.length - text.trimStart().length, text.trimEnd().length];
  let found: Found[];
  if (source.trim() === '') {
    found =
      target.trim() === ''
        ? []
        : [{ sub_type: 'Addition', severity: 'Minor', explanation: 'The source is empty but the target is not.', target: whole(target) }];
  } else if (target.trim() === '') {
    found = [
      {
        sub_type: 'Omission',
        severity: 'Critical',
        explanation: 'The target is empty: nothing of the source was translated.',
        source: whole(source),
      },
    ];
  } else if (source.trim() === target.trim() && segment.sourceLanguage !== segment.targetLanguage && hasProse(segment)) {
    found = [
      {
        sub_type: 'Untranslated text',
        severity: 'Critical',
        explanation: `The target is the source unchanged: it was not translated into ${segment.targetLanguage.toLowerCase()}.`,
        source: whole(source),
        target: whole(target),
      },
    ];
  } else {
    found = [
      ...keptFeatureIssues(segment),
      ...glossaryIssues(segment),
      ...wordIssues(segment),
      ...garbledIssues(target),
      ...lengthIssues(segment),
    ];
  }
  return found
    .map((item) => ({
      type: item.type ?? 'Accuracy',
      sub_type: item.sub_type,
      severity: item.severity,
      explanation: item.explanation,
      source_spans: item.source ? [codePointSpan(source, ...item.source)] : [],
      target_spans: item.target ? [codePointSpan(target, ...item.target)] : [],
    }))
    .sort(
      (a, b) => (a.target_spans[0]?.start ?? a.source_spans[0]?.start ?? 0) - (b.target_spans[0]?.start ?? b.source_spans[0]?.start ?? 0),
    );
}

/** Whether the segment holds words to translate, not only names, codes or numbers. */
function hasProse(segment: SegmentToCheck): boolean {
  const words = proseWords(segment.source).filter((word) => isLowerCase(word.text) && word.text.length >= 3);
  return segment.sourceKnows ? words.some((word) => segment.sourceKnows!(word.text)) : words.length >= 2;
}

function glossaryIssues({ source, target, glossaryTerms }: SegmentToCheck): Found[] {
  const lowerTarget = target.toLowerCase();
  return glossaryTerms
    .filter((term) => !lowerTarget.includes(term.target.toLowerCase()))
    .map((term) => ({
      sub_type: 'Mistranslation',
      severity: 'Major',
      explanation: `The glossary translates ${source.slice(term.start, term.end)} as ${term.target}, which the target does not use.`,
      source: [term.start, term.end],
    }));
}

// Words of the target copied from the source: untranslated when the target language does not know them
// and the source language does (or, without dictionaries, when the engine could not translate them).
// Other target words the dictionary does not know are misspelt when a known word is one clear edit away,
// as the writer's spelling sees them.
function wordIssues(segment: SegmentToCheck): Found[] {
  const { targetKnows, sourceKnows, engineUnknown } = segment;
  const sourceWords = new Map<string, Word>();
  for (const word of proseWords(segment.source)) if (!sourceWords.has(word.text)) sourceWords.set(word.text, word);
  const protectedWords = new Set(segment.glossaryTerms.flatMap((term) => proseWords(term.target).map((word) => word.text.toLowerCase())));
  const issues: Found[] = [];
  const reported = new Set<string>();
  for (const word of proseWords(segment.target)) {
    if (reported.has(word.text) || protectedWords.has(word.text.toLowerCase())) continue;
    const copied = sourceWords.get(word.text);
    const initial = startsSentence(segment.target, word.start);
    const lower = isLowerCase(word.text);
    if (copied && segment.sourceLanguage !== segment.targetLanguage) {
      if (!lower || [...word.text].length < 3) continue;
      const untranslated = targetKnows
        ? !targetKnows(word.text) && (sourceKnows?.(word.text) ?? true)
        : (engineUnknown?.has(word.text) ?? false);
      if (!untranslated) continue;
      reported.add(word.text);
      issues.push({
        sub_type: 'Untranslated text',
        severity: targetKnows ? 'Major' : 'Minor',
        explanation: targetKnows
          ? `${word.text} is copied from the source untranslated: it is not a ${segment.targetLanguage.toLowerCase()} word.`
          : `${word.text} is copied from the source unchanged, and the ${segment.sourceLanguage.toLowerCase()}→${segment.targetLanguage.toLowerCase()} dictionaries do not know it: it may be untranslated.`,
        source: rangeOf(copied),
        target: rangeOf(word),
      });
      continue;
    }
    if (!targetKnows || copied || [...word.text].length < 2) continue;
    // Capitals inside a sentence mark a name; capitals or mixed case anywhere, an acronym or a brand.
    const capitalized = isCapitalized(word.text);
    if (!lower && !(capitalized && initial)) continue;
    if (targetKnows(word.text) || (capitalized && targetKnows(word.text.toLowerCase()))) continue;
    const correction = segment.corrections?.get(word.text);
    if (correction === undefined) continue;
    reported.add(word.text);
    issues.push({
      type: 'Fluency',
      sub_type: 'Spelling',
      severity: 'Minor',
      explanation: `${word.text} is not in the ${segment.targetLanguage.toLowerCase()} spelling dictionary; it is likely a misspelling of ${capitalized ? correction.charAt(0).toUpperCase() + correction.slice(1) : correction}.`,
      target: rangeOf(word),
    });
  }
  return issues;
}

function garbledIssues(target: string): Found[] {
  return [...target.matchAll(GARBLED)].slice(0, 10).map((match) => ({
    type: 'Fluency',
    sub_type: 'Character encoding',
    severity: 'Major',
    explanation: `${JSON.stringify(match[0])} is a garbled character: the text was decoded with the wrong character encoding.`,
    target: [match.index, match.index + match[0].length],
  }));
}

function lengthIssues(segment: SegmentToCheck): Found[] {
  if (UNSPACED.has(segment.sourceLanguage) !== UNSPACED.has(segment.targetLanguage)) return [];
  const letters = (text: string) => [...text.replace(/[\s\p{P}]/gu, '')].length;
  const sourceLength = letters(segment.source);
  const targetLength = letters(segment.target);
  if (sourceLength < 20) return [];
  const ratio = targetLength / sourceLength;
  const percent = Math.round(ratio * 100);
  const whole: Range = [0, segment.target.length];
  if (ratio < 0.5)
    return [
      {
        sub_type: 'Omission',
        severity: 'Major',
        explanation: `The target is ${percent}% of the source's length: part of the source may be missing.`,
        target: whole,
      },
    ];
  if (ratio > 2)
    return [
      {
        sub_type: 'Addition',
        severity: 'Minor',
        explanation: `The target is ${percent}% of the source's length: it may add what the source does not say.`,
        target: whole,
      },
    ];
  return [];
}
