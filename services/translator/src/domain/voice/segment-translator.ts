// Each concluded stretch of speech translated into every target of a session through the engine, with the
// session's glossary and formality applied as POST /v2/translate applies them (translate-texts.ts).
import type { TranslateRequest } from '@workspace/contracts';
import type { Formality } from '../../engine/engine.js';
import { baseLanguage, normalizeCode, type LanguageCatalog } from '../languages/language-catalog.js';
import { translateWithEngine, type TranslateTextsDeps } from '../translation/translate-texts.js';
import type { SegmentPlan } from '../translation/prepare-segments.js';
import { TranslatorError } from '../translator-error.js';
import type { VoiceSessionRequest } from './session-configuration.js';

// Several targets share one formality setting: where a target has none, the default applies (as DeepL's
// prefer_ values do) instead of failing the session.
const FORMALITY: Record<VoiceSessionRequest['formality'], Formality | undefined> = {
  default: undefined,
  formal: 'prefer_more',
  more: 'prefer_more',
  informal: 'prefer_less',
  less: 'prefer_less',
};

/** The engine's code for a voice target (`en` -> `EN-US`, `pt` -> `PT-PT`, `zh` -> `ZH-HANS`, `de` -> `DE`). */
export function engineTarget(tag: string): string {
  const code = normalizeCode(tag);
  return ({ EN: 'EN-US', PT: 'PT-PT', ZH: 'ZH-HANS' } as Record<string, string>)[code] ?? code;
}

export interface SegmentTranslator {
  translate(text: string, target: string): Promise<string>;
}

/**
 * Checks every target against the engine and the glossary (400 or 404 before the session starts) and
 * answers a translator for its segments.
 */
export async function prepareSegmentTranslator(
  deps: TranslateTextsDeps,
  configuration: VoiceSessionRequest,
  source: string,
): Promise<SegmentTranslator> {
  const catalog = await deps.catalog();
  const plans = new Map<string, SegmentPlan | undefined>();
  for (const tag of configuration.target_languages) {
    const target = engineTarget(tag);
    if (!catalog.canTranslate(source, target)) {
      throw new TranslatorError(
        'BAD_REQUEST',
        `Value for 'target_languages' not supported: no translation from ${source} to '${tag}' is available here. GET /v2/languages?type=target lists the targets.`,
      );
    }
    plans.set(tag, await glossaryPlan(deps, configuration.glossary_id, source, target));
  }
  const formality = FORMALITY[configuration.formality];
  return {
    async translate(text, tag) {
      const target = engineTarget(tag);
      const request = { text: [text], target_lang: target, source_lang: source } as TranslateRequest;
      const options = { target, ...(formality ? { formality } : {}) };
      const [result] = await translateWithEngine(deps, catalog as LanguageCatalog, [text], request, plans.get(tag), options, source);
      return result?.text ?? '';
    },
  };
}

// A glossary without this pair leaves that target untranslated by it (a session has several targets and
// one glossary); an unknown glossary refuses the session.
async function glossaryPlan(deps: TranslateTextsDeps, glossaryId: string | undefined, source: string, target: string) {
  if (glossaryId === undefined || baseLanguage(target) === source) return undefined;
  try {
    const glossaries = await deps.resources.glossaries([glossaryId], source, target, 'glossary_id');
    return { glossaries, ignoreTags: [] };
  } catch (error) {
    if (error instanceof TranslatorError && error.code === 'BAD_REQUEST') return undefined;
    throw error;
  }
}
