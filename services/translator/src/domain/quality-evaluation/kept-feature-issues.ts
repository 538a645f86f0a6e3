// What a translation must keep from its source as written or by value: numbers, tags and placeholders,
// URLs, e-mail addresses, handles, brand-like and code-like tokens, and names (capitalized inside a
// sentence and unknown to the source language's dictionary). Offsets here are UTF-16 units.
import { isCapitalized, proseWords, startsSentence, type Word } from '../../write/text-spans.js';
import type { SegmentToCheck } from './segment-to-check.js';
import type { IssueSubType, Severity } from './quality-issue.js';
import { entitiesOf, type Feature, numbersOf, tagsOf, unmatched } from './text-features.js';

export type Range = [number, number];
/** An issue before its spans are counted in code points; `type` defaults to Accuracy. */
export interface Found {
  sub_type: IssueSubType;
  severity: Severity;
  explanation: string;
  source?: Range;
  target?: Range;
  type?: 'Accuracy' | 'Fluency';
}

export const rangeOf = (feature: Feature | Word): Range => [feature.start, feature.end];

/** Numbers, tags and entities the target lacks, changes or adds. */
export function keptFeatureIssues(segment: SegmentToCheck): Found[] {
  return [...numberIssues(segment), ...tagIssues(segment), ...entityIssues(segment)];
}

function numberIssues({ source, target }: SegmentToCheck): Found[] {
  const left = unmatched(numbersOf(source), numbersOf(target));
  return pairUp(left.source, left.target, {
    changed: (from, to) => `The number ${from.text} of the source is ${to.text} in the target.`,
    missing: (from) => `The number ${from.text} of the source is missing from the target.`,
    added: (to) => `The number ${to.text} of the target is not in the source.`,
    severity: { changed: 'Major', missing: 'Major', added: 'Minor' },
  });
}

function tagIssues({ source, target }: SegmentToCheck): Found[] {
  const left = unmatched(tagsOf(source), tagsOf(target));
  return [
    ...left.source.map(
      (tag): Found => ({
        sub_type: 'Omission',
        severity: 'Major',
        explanation: `The tag or placeholder ${tag.text} of the source is missing from the target.`,
        source: rangeOf(tag),
      }),
    ),
    ...left.target.map(
      (tag): Found => ({
        sub_type: 'Addition',
        severity: 'Major',
        explanation: `The tag or placeholder ${tag.text} of the target is not in the source.`,
        target: rangeOf(tag),
      }),
    ),
  ];
}

function entityIssues(segment: SegmentToCheck): Found[] {
  const sourceEntities = entitiesOf(segment.source);
  const targetEntities = entitiesOf(segment.target);
  const issues: Found[] = [];
  for (const kind of ['url', 'email', 'handle', 'code'] as const) {
    const left = unmatched(
      sourceEntities.filter((item) => item.kind === kind),
      targetEntities.filter((item) => item.kind === kind),
    );
    const severe = kind === 'url' || kind === 'email';
    const name = { url: 'URL', email: 'e-mail address', handle: 'handle', code: 'name or code' }[kind];
    issues.push(
      ...pairUp(left.source, severe ? left.target : [], {
        changed: (from, to) => `The ${name} ${from.text} of the source is ${to.text} in the target.`,
        missing: (from) => `The ${name} ${from.text} of the source is not in the target, where it is expected as written.`,
        added: (to) => `The ${name} ${to.text} of the target is not in the source.`,
        severity: severe ? { changed: 'Major', missing: 'Major', added: 'Minor' } : { changed: 'Minor', missing: 'Minor', added: 'Minor' },
      }),
    );
  }
  // Names: capitalized inside a sentence and unknown to the source language's dictionary (Anna, Müller;
  // not London or Friday, which a translation may rightly change). Without a dictionary, not checked.
  const { sourceKnows } = segment;
  if (sourceKnows) {
    const seen = new Set<string>();
    for (const word of proseWords(segment.source)) {
      if (!isCapitalized(word.text) || [...word.text].length < 2 || startsSentence(segment.source, word.start) || seen.has(word.text))
        continue;
      seen.add(word.text);
      if (sourceKnows(word.text) || sourceKnows(word.text.toLowerCase()) || segment.target.includes(word.text)) continue;
      issues.push({
        sub_type: 'Omission',
        severity: 'Minor',
        explanation: `The name ${word.text} of the source is not in the target (unless the target language spells it differently).`,
        source: rangeOf(word),
      });
    }
  }
  return issues;
}

function pairUp<T extends Feature>(
  source: T[],
  target: T[],
  words: {
    changed: (from: T, to: T) => string;
    missing: (from: T) => string;
    added: (to: T) => string;
    severity: { changed: Severity; missing: Severity; added: Severity };
  },
): Found[] {
  const paired = Math.min(source.length, target.length);
  return [
    ...source.slice(0, paired).map((from, index): Found => {
      const to = target[index]!;
      return {
        sub_type: 'Mistranslation',
        severity: words.severity.changed,
        explanation: words.changed(from, to),
        source: rangeOf(from),
        target: rangeOf(to),
      };
    }),
    ...source.slice(paired).map(
      (from): Found => ({
        sub_type: 'Omission',
        severity: words.severity.missing,
        explanation: words.missing(from),
        source: rangeOf(from),
      }),
    ),
    ...target
      .slice(paired)
      .map((to): Found => ({ sub_type: 'Addition', severity: words.severity.added, explanation: words.added(to), target: rangeOf(to) })),
  ];
}
