// The evaluation itself: what the dictionaries know of the segments' words is looked up once for the
// whole job (the target language's and the source language's spelling dictionaries; the engine's
// unknown words only where no target dictionary can tell an untranslated word), then each segment is
// checked (find-segment-issues.ts) and the job summarized. The event loop is given back every few
// segments, so a 500-segment job does not hold other requests.
import type { UnknownWordFinder } from '../documents/quality-report.js';
import type { GlossaryMatcher } from '../glossaries/glossary-matcher.js';
import { isLowerCase, proseWords } from '../../write/text-spans.js';
import { findSegmentIssues } from './find-segment-issues.js';
import type { EvaluatedSegment } from './quality-issue.js';
import { countWords, type EvaluationSummary, summarizeEvaluation } from './summarize-evaluation.js';

export interface WordDictionaries {
  /** DeepL base codes of the languages with a dictionary. */
  readonly languages: readonly string[];
  /** The words among `words` the language's spelling dictionary knows as written; undefined: it has none. */
  knownWords(language: string, words: readonly string[]): Promise<ReadonlySet<string> | undefined>;
  /** For unknown words, the one clearly likeliest known word one edit away, where there is one. */
  corrections(language: string, words: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

export interface EvaluationServices {
  dictionaries?: WordDictionaries;
  unknownWords?: UnknownWordFinder;
}

export interface EvaluationInput {
  /** DeepL base codes, upper-case. */
  sourceLanguage: string;
  targetLanguage: string;
  /** The target as requested (EN-GB), for the engine's pair. */
  targetCode: string;
  segments: ReadonlyArray<{ source: string; target: string }>;
  glossaries: readonly GlossaryMatcher[];
}

export interface Evaluation {
  segments: EvaluatedSegment[];
  summary: EvaluationSummary;
}

// About 20 ms of checks on this machine between two turns of the event loop.
const CHARACTERS_PER_TURN = 20_000;

export async function evaluateSegments(services: EvaluationServices, input: EvaluationInput): Promise<Evaluation> {
  const { sourceLanguage, targetLanguage, segments } = input;
  const sourceWords: string[][] = [];
  const targetWords: string[][] = [];
  // Every word as written and in lower case, to look up once per job.
  const sourceLookups = new Set<string>();
  const targetLookups = new Set<string>();
  const turns = turnTaker();
  for (const segment of segments) {
    await turns.after(segment.source.length + segment.target.length);
    sourceWords.push(proseWords(segment.source).map((word) => word.text));
    targetWords.push(proseWords(segment.target).map((word) => word.text));
    for (const word of sourceWords.at(-1)!) sourceLookups.add(word).add(word.toLowerCase());
    for (const word of targetWords.at(-1)!) targetLookups.add(word).add(word.toLowerCase());
  }
  const [targetKnown, sourceKnown] = await Promise.all([
    services.dictionaries?.knownWords(targetLanguage, [...targetLookups]),
    services.dictionaries?.knownWords(sourceLanguage, [...sourceLookups]),
  ]);
  const engineUnknown = targetKnown ? undefined : await unknownToEngine(services, input, sourceWords, targetWords);
  // Only a target word with a likely correction is reported as misspelt: an unknown word alone may be a
  // name or a term the dictionary lacks.
  const unknownTarget = targetKnown
    ? [...targetLookups].filter((word) => !targetKnown.has(word) && !targetKnown.has(word.toLowerCase()))
    : [];
  const corrections =
    unknownTarget.length > 0 && services.dictionaries
      ? await services.dictionaries.corrections(targetLanguage, unknownTarget)
      : new Map<string, string>();

  const evaluated: EvaluatedSegment[] = [];
  let words = 0;
  for (const [index, segment] of segments.entries()) {
    await turns.after(segment.source.length + segment.target.length);
    words += countWords(segment.source);
    evaluated.push({
      segment_index: index,
      errors: findSegmentIssues({
        source: segment.source,
        target: segment.target,
        sourceLanguage,
        targetLanguage,
        ...(sourceKnown ? { sourceKnows: (word: string) => sourceKnown.has(word) } : {}),
        ...(targetKnown ? { targetKnows: (word: string) => targetKnown.has(word) } : {}),
        corrections,
        ...(engineUnknown?.get(index) ? { engineUnknown: engineUnknown.get(index)! } : {}),
        glossaryTerms: input.glossaries.flatMap((glossary) => glossary.find(segment.source)),
      }),
    });
  }
  return { segments: evaluated, summary: summarizeEvaluation(words, evaluated) };
}

/**
 * The source words the engine cannot translate, for the segments whose target copies a lower-case source
 * word (Apertium, asked to mark them, runs once for those segments); undefined when nothing needs asking,
 * the engine cannot tell, or it fails (the evaluation goes on without).
 */
async function unknownToEngine(
  services: EvaluationServices,
  input: EvaluationInput,
  sourceWords: string[][],
  targetWords: string[][],
): Promise<Map<number, ReadonlySet<string>> | undefined> {
  if (!services.unknownWords || input.sourceLanguage === input.targetLanguage) return undefined;
  const asked = sourceWords.flatMap((words, index) => {
    const copied = new Set(words);
    return targetWords[index]!.some((word) => copied.has(word) && isLowerCase(word) && word.length >= 3) ? [index] : [];
  });
  if (asked.length === 0) return undefined;
  const found = await services.unknownWords
    .unknownWords(
      asked.map((index) => input.segments[index]!.source),
      input.sourceLanguage,
      input.targetCode,
    )
    .catch(() => undefined);
  if (!found) return undefined;
  return new Map(asked.map((index, position) => [index, new Set(found[position] ?? [])]));
}

/** Gives the event loop back once CHARACTERS_PER_TURN characters were worked on since the last time. */
function turnTaker(): { after(characters: number): Promise<void> } {
  let since = 0;
  return {
    async after(characters) {
      since += characters;
      if (since < CHARACTERS_PER_TURN) return;
      since = 0;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
