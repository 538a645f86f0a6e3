// enable_quality_evaluation: what can honestly be computed about each segment without a quality model.
// - unknown words: source words the engine's dictionaries do not hold (Apertium marks them `*`; they
//   pass through untranslated);
// - glossary terms: each term of the request's glossaries found in the source, and whether its target
//   term appears in the translation;
// - memory matches: segments a translation memory answered instead of the engine.
// Spans are [start, end) in UTF-16 code units of the segment's plain text (markup removed). Fluency,
// meaning, terminology outside the glossaries, grammar and style are not judged.
import type { TranslateRequest } from '@workspace/contracts';
import { segmentPlainText } from './formats/markup-segments.js';
import type { TranslatedSegments } from './translate-segments.js';

export interface UnknownWordFinder {
  /** Per text, the words the engine does not know; undefined when it cannot tell for this pair. */
  unknownWords(texts: string[], source: string, target: string): Promise<string[][] | undefined>;
}

type Span = [number, number];

export interface SegmentIssue {
  type: 'unknown_word' | 'glossary_term_missing';
  severity: 'minor' | 'major';
  text: string;
  source_span?: Span;
  target_span?: Span;
}

export interface SegmentReport {
  index: number;
  source: string;
  translation: string;
  memory_match: boolean;
  glossary_terms: Array<{ source: string; target: string; placed: boolean; source_span: Span; target_span?: Span }>;
  issues: SegmentIssue[];
}

export interface QualityReport {
  segments_total: number;
  segments_with_issues: number;
  memory_matches: number;
  unknown_words_checked: boolean;
  /** Only segments with something to report: an issue, a glossary term or a memory match. */
  segments: SegmentReport[];
  not_judged: string[];
}

const NOT_JUDGED = ['fluency', 'accuracy of meaning', 'grammar', 'style and tone', 'terminology outside the glossaries'];

export async function evaluateQuality(
  deps: { unknownWords?: UnknownWordFinder },
  segments: string[],
  translated: TranslatedSegments,
  request: TranslateRequest,
): Promise<QualityReport> {
  const sources = segments.map(segmentPlainText);
  const targets = translated.texts.map(segmentPlainText);
  const engineIndexes = sources.flatMap((_, index) => (translated.memoryHits.has(index) ? [] : [index]));
  const unknown =
    deps.unknownWords && translated.source
      ? await deps.unknownWords
          .unknownWords(
            engineIndexes.map((index) => sources[index]!),
            translated.source,
            request.target_lang.toUpperCase(),
          )
          .catch(() => undefined)
      : undefined;
  const unknownByIndex = new Map<number, string[]>();
  engineIndexes.forEach((index, position) => unknown?.[position] && unknownByIndex.set(index, unknown[position]!));

  const reports: SegmentReport[] = [];
  sources.forEach((source, index) => {
    const target = targets[index]!;
    const issues: SegmentIssue[] = [];
    let sourceCursor = 0;
    let targetCursor = 0;
    for (const word of unknownByIndex.get(index) ?? []) {
      const sourceStart = source.indexOf(word, sourceCursor);
      const targetStart = target.indexOf(word, targetCursor);
      if (sourceStart >= 0) sourceCursor = sourceStart + word.length;
      if (targetStart >= 0) targetCursor = targetStart + word.length;
      issues.push({
        type: 'unknown_word',
        severity: 'minor',
        text: word,
        ...(sourceStart >= 0 ? { source_span: [sourceStart, sourceStart + word.length] as Span } : {}),
        ...(targetStart >= 0 ? { target_span: [targetStart, targetStart + word.length] as Span } : {}),
      });
    }
    const terms = translated.glossaries.flatMap((glossary) =>
      glossary.find(source).map((match) => {
        const at = target.indexOf(match.target);
        return {
          source: source.slice(match.start, match.end),
          target: match.target,
          placed: at >= 0,
          source_span: [match.start, match.end] as Span,
          ...(at >= 0 ? { target_span: [at, at + match.target.length] as Span } : {}),
        };
      }),
    );
    for (const term of terms.filter((item) => !item.placed)) {
      issues.push({ type: 'glossary_term_missing', severity: 'major', text: term.target, source_span: term.source_span });
    }
    const memoryMatch = translated.memoryHits.has(index);
    if (issues.length > 0 || terms.length > 0 || memoryMatch) {
      reports.push({ index, source, translation: target, memory_match: memoryMatch, glossary_terms: terms, issues });
    }
  });
  return {
    segments_total: segments.length,
    segments_with_issues: reports.filter((report) => report.issues.length > 0).length,
    memory_matches: translated.memoryHits.size,
    unknown_words_checked: unknown !== undefined,
    segments: reports,
    not_judged: NOT_JUDGED,
  };
}
