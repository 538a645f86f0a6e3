// Each concluded segment translated as POST /v2/translate would translate it (the glossary placed, the
// formality leaned), in batches through the process-wide bound on characters in the engine. Nothing is
// metered here: a voice job is billed by its audio's duration.
import type { TranslateRequest } from '@workspace/contracts';
import { baseLanguage } from '../languages/language-catalog.js';
import { engineOptions, resolvePlan, translateWithEngine, type TranslateTextsDeps } from '../translation/translate-texts.js';
import { whenCapacity } from '../translation/when-capacity.js';
import type { VoiceJobOptions } from './voice-job-record.js';

const BATCH_TEXTS = 50;

export async function translateTranscript(
  deps: TranslateTextsDeps,
  texts: string[],
  languages: { source: string; target: string },
  options: VoiceJobOptions,
  signal?: AbortSignal,
): Promise<string[]> {
  const { source, target } = languages;
  if (baseLanguage(target) === source || texts.length === 0) return texts;
  const catalog = await deps.catalog();
  const request = {
    text: texts,
    source_lang: source,
    target_lang: target,
    ...(options.formality ? { formality: options.formality } : {}),
    ...(options.glossary_id ? { glossary_id: options.glossary_id } : {}),
  } as TranslateRequest;
  const plan = options.glossary_id ? (await resolvePlan(deps.resources, request, source, target)).plan : undefined;
  const engine = engineOptions(request, target, undefined, signal);
  const translated: string[] = [];
  for (let at = 0; at < texts.length; at += BATCH_TEXTS) {
    const batch = texts.slice(at, at + BATCH_TEXTS);
    const characters = batch.reduce((sum, text) => sum + text.length, 0);
    const results = await whenCapacity(deps, characters, signal, () =>
      translateWithEngine(deps, catalog, batch, { ...request, text: batch }, plan, engine, source),
    );
    translated.push(...results.map((result) => result.text));
  }
  return translated;
}
