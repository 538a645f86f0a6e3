// A document's segments through the same path as POST /v2/translate's texts: the request's languages,
// glossaries (terms placed by placeholder), translation memory (a hit skips the engine) and style
// rules, then the engine. Segments are XML with inline placeholders, so they travel as tag-handled XML.
// Nothing is metered here: a document is billed once, at upload.
import { DEFAULT_TRANSLATION_MEMORY_THRESHOLD, type TranslateRequest } from '@workspace/contracts';
import type { GlossaryMatcher } from '../glossaries/glossary-matcher.js';
import { baseLanguage } from '../languages/language-catalog.js';
import { detectSources } from '../translation/detect-sources.js';
import { whenCapacity } from '../translation/when-capacity.js';
import { TranslatorError } from '../translator-error.js';
import {
  followInstructionsPlan,
  resolveLanguages,
  resolvePlan,
  translateWithEngine,
  type TranslateTextsDeps,
} from '../translation/translate-texts.js';
import { escapeXmlText, hasPlaceholders, segmentPlainText } from './formats/markup-segments.js';

// The engine gets a document in batches of about this many characters: progress is recorded between
// them, and the process-wide bound on characters in the engine (InflightLimit) applies to each.
const BATCH_CHARACTERS = 40_000;
const DETECTION_SAMPLE = 4000;
const BATCHES_IN_FLIGHT = 2;

export interface TranslatedSegments {
  texts: string[];
  /** The source language used (the request's, or detected from the document). */
  source: string;
  /** Indexes of segments a translation memory answered. */
  memoryHits: Set<number>;
  /** The glossaries applied, for the quality report. */
  glossaries: GlossaryMatcher[];
}

export async function translateSegments(
  deps: TranslateTextsDeps,
  segments: string[],
  request: TranslateRequest,
  onProgress: (characters: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<TranslatedSegments> {
  const catalog = await deps.catalog();
  const markupRequest: TranslateRequest = { ...request, tag_handling: 'xml', outline_detection: false };
  const languages = resolveLanguages(catalog, markupRequest);
  const plain = segments.map(segmentPlainText);
  const source =
    languages.source ??
    (deps.engine.detectsSource
      ? undefined
      : (await detectSources(deps.detector, catalog, [plain.join('\n').slice(0, DETECTION_SAMPLE)], languages.target))[0]);
  // As DeepL: a document already in the target language is an error (its status names it), not a copy.
  if (source !== undefined && source === baseLanguage(languages.target)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Source and target language are equal: the document is ${languages.source ? 'given' : 'detected'} as ${source}, the target is ${languages.target}. Set source_lang if it is in another language.`,
    );
  }
  const resolved = await resolvePlan(deps.resources, markupRequest, source, languages.target);

  const texts = new Array<string>(segments.length);
  const memoryHits = new Set<number>();
  const threshold = request.translation_memory_threshold ?? DEFAULT_TRANSLATION_MEMORY_THRESHOLD;
  const pending: number[] = [];
  segments.forEach((segment, index) => {
    // A memory holds plain text: a segment with inline markup would lose it, so only plain ones are looked up.
    const hit = resolved.memory && !hasPlaceholders(segment) ? resolved.memory.matcher.match(plain[index]!, threshold) : undefined;
    if (hit === undefined) pending.push(index);
    else {
      texts[index] = escapeXmlText(hit);
      memoryHits.add(index);
    }
  });

  // A style rule list's instructions: passed on, or followed offline in the listed forms (refused at upload otherwise).
  const instructed = followInstructionsPlan(deps.engine, catalog, markupRequest, languages.target, resolved);
  const options = instructed.options(signal);
  let done = 0;
  const translateBatch = async (batch: number[]) => {
    signal?.throwIfAborted();
    const characters = batch.reduce((sum, index) => sum + segments[index]!.length, 0);
    const translated = await whenCapacity(deps, characters, signal, () =>
      translateWithEngine(
        deps,
        catalog,
        batch.map((index) => segments[index]!),
        markupRequest,
        instructed.plan ?? resolved.plan,
        options,
        source,
      ),
    );
    const finished = instructed.finish(translated);
    batch.forEach((index, position) => (texts[index] = finished[position]!.text));
    done += batch.reduce((sum, index) => sum + plain[index]!.length, 0);
    await onProgress(done);
  };
  // Two batches in flight: the chain gets the next one while the last segments of the previous are
  // still in its later stages, instead of draining between batches.
  const queue = [...batches(pending, segments)];
  await Promise.all(
    Array.from({ length: Math.min(BATCHES_IN_FLIGHT, queue.length) }, async () => {
      for (let batch = queue.shift(); batch; batch = queue.shift()) await translateBatch(batch);
    }),
  );
  return { texts, source: source ?? languages.source ?? '', memoryHits, glossaries: resolved.plan.glossaries };
}

function* batches(indexes: number[], segments: string[]): Generator<number[]> {
  let batch: number[] = [];
  let size = 0;
  for (const index of indexes) {
    batch.push(index);
    size += segments[index]!.length;
    if (size >= BATCH_CHARACTERS) {
      yield batch;
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) yield batch;
}
