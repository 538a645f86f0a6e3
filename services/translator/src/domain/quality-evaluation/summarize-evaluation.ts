// DeepL's `summary` of an evaluation: issues counted by type, sub-type and severity, and a score from
// 0 to 100 that weighs each issue by its severity against the length of the text, so one issue costs a
// long text less than a short one: score = 100 * words / (words + penalty), with MQM's usual weights
// (Minor 1, Major 5, Critical 10) and the words of the sources.
import type { EvaluatedSegment, Severity } from './quality-issue.js';

const PENALTY: Readonly<Record<Severity, number>> = { Minor: 1, Major: 5, Critical: 10 };

export interface EvaluationSummary {
  overall_score: number;
  granular_counts: Record<string, Record<string, Partial<Record<Severity, number>>>>;
}

/** `words`: how many words the sources hold (countWords). */
export function summarizeEvaluation(words: number, segments: readonly EvaluatedSegment[]): EvaluationSummary {
  const counts: EvaluationSummary['granular_counts'] = {};
  let penalty = 0;
  for (const issue of segments.flatMap((segment) => segment.errors)) {
    const bySubType = (counts[issue.type] ??= {});
    const bySeverity = (bySubType[issue.sub_type] ??= {});
    bySeverity[issue.severity] = (bySeverity[issue.severity] ?? 0) + 1;
    penalty += PENALTY[issue.severity];
  }
  const weight = Math.max(1, words);
  return { overall_score: Math.round((100 * weight) / (weight + penalty)), granular_counts: counts };
}

// Word boundaries by ICU, which also segments scripts written without spaces (Japanese, Chinese).
const SEGMENTER = new Intl.Segmenter('und', { granularity: 'word' });

export function countWords(text: string): number {
  let count = 0;
  for (const part of SEGMENTER.segment(text)) if (part.isWordLike) count += 1;
  return count;
}
