// One issue of a quality evaluation as DeepL's QualityEvaluationIssue words it. Its spans are
// [start, end) offsets in Unicode code points of the segment's source or target.

export type IssueType = 'Accuracy' | 'Fluency' | 'Style' | 'Miscellaneous';
export type IssueSubType = 'Addition' | 'Omission' | 'Mistranslation' | 'Untranslated text' | 'Spelling' | 'Character encoding';
export type Severity = 'Critical' | 'Major' | 'Minor';

export interface Span {
  start: number;
  end: number;
}

export interface QualityIssue {
  type: IssueType;
  sub_type: IssueSubType;
  severity: Severity;
  explanation: string;
  source_spans: Span[];
  target_spans: Span[];
}

export interface EvaluatedSegment {
  segment_index: number;
  errors: QualityIssue[];
}

/** A span from UTF-16 offsets (what JavaScript strings index) to code points (what DeepL's spans count). */
export function codePointSpan(text: string, start: number, end: number): Span {
  const before = countCodePoints(text.slice(0, start));
  return { start: before, end: before + countCodePoints(text.slice(start, end)) };
}

function countCodePoints(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    count += 1;
  }
  return count;
}
