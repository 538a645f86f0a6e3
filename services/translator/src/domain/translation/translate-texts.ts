// POST /v2/translate after parsing: language checks, referenced resources, limits, detection, the
// engine, metering. Everything that can refuse a request does so before the engine is asked.
import {
  DEFAULT_TRANSLATION_MEMORY_THRESHOLD,
  MAX_CUSTOM_INSTRUCTIONS,
  type TranslateRequest,
  type Translation,
} from '@workspace/contracts';
import type { SegmentFormat, TranslateOptions, TranslationEngine } from '../../engine/engine.js';
import type { LanguageDetector } from '../../languages/detect-language.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { baseLanguage, normalizeCode, type LanguageCatalog } from '../languages/language-catalog.js';
import { TranslatorError } from '../translator-error.js';
import { billedCharacters } from '../usage/periods.js';
import type { UsageMeter } from '../usage/usage-meter.js';
import { GlossaryMatcher } from '../glossaries/glossary-matcher.js';
import { assertWellFormedXml } from './assert-well-formed-xml.js';
import { detectSources } from './detect-sources.js';
import { editsOutput, followInstructions } from './follow-instructions.js';
import { type Instruction, interpretInstructions, type OfflineInstructions } from './offline-instructions.js';
import { rulesFor } from '../../write/style-rules.js';
import type { InflightLimit } from './inflight-limit.js';
import { assertWithinRequestLimit } from './request-size.js';
import { preserveFormatting } from './preserve-formatting.js';
import { prepareSegment, type SegmentPlan } from './prepare-segments.js';
import type { MemoryMatcher } from '../translation-memories/memory-matcher.js';
import type { TranslationResources } from './translation-resources.js';

export interface TranslateTextsDeps {
  engine: TranslationEngine;
  catalog: () => Promise<LanguageCatalog>;
  detector: LanguageDetector;
  resources: TranslationResources;
  meter: UsageMeter;
  inflight: InflightLimit;
}

export interface TranslateContext {
  key: AuthenticatedKey;
  reportingTag?: string;
  signal?: AbortSignal;
}

export async function translateTexts(
  deps: TranslateTextsDeps,
  request: TranslateRequest,
  context: TranslateContext,
): Promise<Translation[]> {
  const catalog = await deps.catalog();
  const { source, target } = resolveLanguages(catalog, request);
  if ((request.formality === 'more' || request.formality === 'less') && !catalog.supportsFormality(target)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Target language '${target}' doesn't support formality; use 'prefer_more' or 'prefer_less' to ask for it where available.`,
    );
  }
  if (request.tag_handling === 'xml' && request.tag_handling_version === 'v2') assertWellFormedXml(request.text);
  const resolved = needsPlan(request) ? await resolvePlan(deps.resources, request, source, target) : undefined;
  const instructed = followInstructionsPlan(deps.engine, catalog, request, target, resolved);
  const plan = instructed.plan;
  assertWithinRequestLimit(request.text, request.context);

  const billed = request.text.map(billedCharacters);
  const totalBilled = billed.reduce((sum, count) => sum + count, 0);
  const results = await deps.meter.metered({ key: context.key, characters: totalBilled, reportingTag: context.reportingTag }, () =>
    deps.inflight.run(
      totalBilled,
      async () => {
        // Memory hits skip the engine; only the other texts are detected and translated.
        const threshold = request.translation_memory_threshold ?? DEFAULT_TRANSLATION_MEMORY_THRESHOLD;
        const hits = request.text.map((text) => resolved?.memory?.matcher.match(text, threshold, request.context));
        const pending = request.text.flatMap((text, index) => (hits[index] === undefined ? [{ text, index }] : []));
        const texts = pending.map((item) => item.text);
        const options = instructed.options(context.signal);
        const engineResults =
          texts.length === 0
            ? []
            : await translateWithEngine(
                deps,
                catalog,
                texts,
                request,
                plan,
                options,
                source ?? (deps.engine.detectsSource ? undefined : null),
                context.key.id,
              );
        const translated = instructed.finish(engineResults);
        const merged = new Array<{ text: string; detectedSource: string; modelTypeUsed?: string }>(request.text.length);
        pending.forEach((item, position) => (merged[item.index] = translated[position]!));
        hits.forEach((hit, index) => {
          if (hit !== undefined) merged[index] = { text: hit, detectedSource: resolved!.memory!.sourceLang };
        });
        return merged;
      },
      context.key.id,
    ),
  );

  return results.map((result, index) => ({
    detected_source_language: result.detectedSource,
    text: result.text,
    ...(request.show_billed_characters ? { billed_characters: billed[index]! } : {}),
    ...(request.model_type ? { model_type_used: result.modelTypeUsed ?? request.model_type.replace(/^prefer_/, '') } : {}),
    ...(request.tag_handling ? { tag_handling_version: request.tag_handling_version ?? 'v1' } : {}),
  }));
}

/** `sources`: the request's source, undefined when the engine detects it, null when detected here. */
export async function translateWithEngine(
  deps: TranslateTextsDeps,
  catalog: LanguageCatalog,
  texts: string[],
  request: TranslateRequest,
  plan: SegmentPlan | undefined,
  options: TranslateOptions,
  source: string | undefined | null,
  /** The key asking, whose recent languages weigh in on detection. */
  keyId?: string,
): Promise<Array<{ text: string; detectedSource: string; modelTypeUsed?: string }>> {
  const sources = source === null ? await detectSources(deps.detector, catalog, texts, options.target, request.context, keyId) : source;
  if (!plan) return runEngine(deps.engine, texts, options, sources);
  const prepared = texts.map((text) => prepareSegment(text, plan));
  const markup = prepared.some((segment) => segment.markup);
  const format = markup ? segmentFormat(request) : undefined;
  const translated = await runEngine(
    deps.engine,
    prepared.map((segment) => segment.text),
    { ...options, ...(format ? { format } : {}) },
    sources,
  );
  return translated.map((result, index) => {
    const text = prepared[index]!.restore(result.text);
    return { ...result, text: request.preserve_formatting ? preserveFormatting(texts[index]!, text) : text };
  });
}

export function resolveLanguages(catalog: LanguageCatalog, request: TranslateRequest): { source?: string; target: string } {
  const target = normalizeCode(request.target_lang);
  if (!catalog.isTarget(target)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'target_lang' not supported: '${request.target_lang}'. GET /v2/languages?type=target lists the supported ones.`,
    );
  }
  if (request.source_lang === undefined || request.source_lang === '') return { target };
  const source = normalizeCode(request.source_lang);
  if (!catalog.isSource(source)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'source_lang' not supported: '${request.source_lang}'. GET /v2/languages?type=source lists the supported ones.`,
    );
  }
  if (!catalog.canTranslate(source, target)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'target_lang' not supported with source_lang '${source}': no translation from ${source} to ${target} is available.`,
    );
  }
  return { source, target };
}

/** Whether the request needs more than the plain path (which must stay a cheap check: it is benchmarked). */
function needsPlan(request: TranslateRequest): boolean {
  return (
    request.glossary_id !== undefined ||
    request.glossary_ids !== undefined ||
    request.tag_handling !== undefined ||
    request.translation_memory_id !== undefined ||
    request.style_id !== undefined ||
    request.preserve_formatting === true ||
    request.custom_instructions !== undefined
  );
}

export interface InstructedPlan {
  /** The resolved plan, with the instructions' terms as a first glossary. */
  plan: SegmentPlan | undefined;
  /** The engine's options: every instruction for an engine that follows them; else none, and a tone's formality. */
  options(signal: AbortSignal | undefined): TranslateOptions;
  /** The engine's results with the offline edits (register, quotation marks, numbers). */
  finish<T extends { text: string; detectedSource: string }>(results: T[]): T[];
}

/**
 * Custom instructions (the request's and its style rule list's): passed on to an engine that follows
 * them; otherwise followed here in the listed forms (offline-instructions.ts), 400 for any other.
 */
export function followInstructionsPlan(
  engine: TranslationEngine,
  catalog: LanguageCatalog,
  request: TranslateRequest,
  target: string,
  resolved: ResolvedResources | undefined,
): InstructedPlan {
  const offline = engine.followsInstructions ? undefined : offlineInstructions(catalog, request, target, resolved);
  if (!offline) {
    return {
      plan: resolved?.plan,
      options: (signal) => engineOptions(request, target, undefined, signal, resolved?.styleInstructions),
      finish: (results) => results,
    };
  }
  const language = baseLanguage(target);
  const markup = request.tag_handling !== undefined;
  return {
    plan:
      resolved && offline.terms.length
        ? { ...resolved.plan, glossaries: [new GlossaryMatcher(offline.terms), ...resolved.plan.glossaries] }
        : resolved?.plan,
    options: (signal) => ({
      ...engineOptions({ ...request, custom_instructions: undefined }, target, undefined, signal),
      ...(offline.tone && 'formality' in offline.tone ? { formality: offline.tone.formality } : {}),
    }),
    finish: (results) =>
      editsOutput(offline)
        ? results.map((result) => ({
            ...result,
            text: followInstructions(result.text, offline, language, result.detectedSource, markup),
          }))
        : results,
  };
}

/**
 * The request's and its style rule list's instructions as the offline engines can follow them (400 for
 * one they cannot), or undefined when there are none.
 */
function offlineInstructions(
  catalog: LanguageCatalog,
  request: TranslateRequest,
  target: string,
  resolved: ResolvedResources | undefined,
): OfflineInstructions | undefined {
  const instructions: Instruction[] = [
    ...(request.custom_instructions ?? []).map((text) => ({ text, origin: "from 'custom_instructions'" })),
    ...(resolved?.styleInstructions ?? []).map((text) => ({ text, origin: `from style rule list '${request.style_id}'` })),
  ];
  if (instructions.length === 0) return undefined;
  const language = baseLanguage(target);
  return interpretInstructions(instructions, target, {
    supportsFormality: catalog.supportsFormality(target),
    hasRegister: (register) => rulesFor(language, register) !== undefined,
    formality: request.formality,
  });
}

export interface ResolvedResources {
  plan: SegmentPlan;
  memory?: { matcher: MemoryMatcher; sourceLang: string };
  styleInstructions?: string[];
}

export async function resolvePlan(
  resources: TranslationResources,
  request: TranslateRequest,
  source: string | undefined,
  target: string,
): Promise<ResolvedResources> {
  const parameter = request.glossary_id !== undefined ? 'glossary_id' : 'glossary_ids';
  const glossaryIds = request.glossary_id !== undefined ? [request.glossary_id] : (request.glossary_ids ?? []);
  // The schema refuses glossaries without source_lang, so `source` is known whenever there are ids.
  const glossaries = orderByContext(
    glossaryIds.length > 0 && source ? await resources.glossaries(glossaryIds, source, target, parameter) : [],
    request.context,
  );
  const memory =
    request.translation_memory_id !== undefined
      ? await resources.translationMemory(request.translation_memory_id, source, target)
      : undefined;
  const style = request.style_id !== undefined ? await resources.styleRule(request.style_id, target) : undefined;
  return {
    plan: { glossaries, ignoreTags: request.ignore_tags ?? [], ...(request.tag_handling ? { tagHandling: request.tag_handling } : {}) },
    ...(memory ? { memory: { matcher: memory, sourceLang: memory.sourceLang } } : {}),
    ...(style ? { styleInstructions: style.customInstructions } : {}),
  };
}

/**
 * Several glossaries can hold the same term with different translations; the first in the list that
 * holds it wins. With `context`, the glossaries whose terms the context uses most come first (a
 * glossary for the text's domain is likelier to be the one its terms appear in), the request's order
 * breaking ties.
 */
function orderByContext(glossaries: GlossaryMatcher[], context: string | undefined): GlossaryMatcher[] {
  if (glossaries.length < 2 || !context?.trim()) return glossaries;
  const uses = glossaries.map((glossary) => glossary.find(context).length);
  return glossaries
    .map((glossary, index) => ({ glossary, index }))
    .sort((a, b) => uses[b.index]! - uses[a.index]! || a.index - b.index)
    .map((item) => item.glossary);
}

function segmentFormat(request: TranslateRequest): SegmentFormat {
  return {
    // Plain text carrying placeholders travels as XML.
    tagHandling: request.tag_handling ?? 'xml',
    splittingTags: request.splitting_tags ?? [],
    nonSplittingTags: request.non_splitting_tags ?? [],
    // DeepL detects the outline of XML by itself unless told not to; never for placeholders in plain text.
    outlineDetection: request.tag_handling === 'xml' && (request.outline_detection ?? true),
    ...(request.tag_handling && request.tag_handling_version ? { version: request.tag_handling_version } : {}),
  };
}

export function engineOptions(
  request: TranslateRequest,
  target: string,
  format: SegmentFormat | undefined,
  signal: AbortSignal | undefined,
  styleInstructions: string[] = [],
): TranslateOptions {
  // The request's own instructions first, then the style rule list's, within DeepL's limit per request.
  const customInstructions = [...(request.custom_instructions ?? []), ...styleInstructions].slice(0, MAX_CUSTOM_INSTRUCTIONS);
  return {
    target,
    formality: request.formality,
    modelType: request.model_type,
    context: request.context,
    signal,
    ...(format ? { format } : {}),
    // html defaults to `nonewlines`, as DeepL documents.
    ...(request.split_sentences
      ? { splitSentences: request.split_sentences }
      : request.tag_handling === 'html'
        ? { splitSentences: 'nonewlines' as const }
        : {}),
    ...(request.preserve_formatting !== undefined ? { preserveFormatting: request.preserve_formatting } : {}),
    ...(customInstructions.length ? { customInstructions } : {}),
  };
}

/**
 * Texts grouped by source language, one engine call per group; a text already in the target's
 * language comes back unchanged (and is still billed, as DeepL does).
 */
async function runEngine(
  engine: TranslationEngine,
  texts: string[],
  options: TranslateOptions,
  sources: string | string[] | undefined,
): Promise<Array<{ text: string; detectedSource: string; modelTypeUsed?: string }>> {
  const target = options.target;
  if (sources === undefined) return engine.translate(texts, options);
  const sourceOf = (index: number) => (typeof sources === 'string' ? sources : sources[index]!);
  const results = new Array<{ text: string; detectedSource: string; modelTypeUsed?: string }>(texts.length);
  const groups = new Map<string, number[]>();
  texts.forEach((_, index) => groups.set(sourceOf(index), [...(groups.get(sourceOf(index)) ?? []), index]));
  await Promise.all(
    [...groups].map(async ([source, indices]) => {
      const group = indices.map((index) => texts[index]!);
      const translated =
        baseLanguage(target) === source
          ? group.map((text) => ({ text, detectedSource: source }))
          : await engine.translate(group, { ...options, source });
      indices.forEach((index, position) => (results[index] = translated[position]!));
    }),
  );
  return results;
}
