// GET /v3/languages?resource=…: per DeepL API resource, the languages this instance serves and the optional
// features each supports, from what is installed and configured (the engine's pairs, the spelling
// dictionaries and style rules, the speech recognizer and voices), never from DeepL's list. With the deepl
// engine, the resources it forwards (text, documents, write, voice in gateway mode) are the upstream's own
// answer, read through the engine; an upstream without /v3/languages falls back to this instance's view.
import { type LanguageResource, type ResourceLanguage, STYLE_RULE_LANGUAGES } from '@workspace/contracts';
import type { TranslationEngine } from '../../engine/engine.js';
import { ESPEAK_VOICES } from '../../engine/speech/speech-voices.js';
import { eldCodesFor } from '../../languages/detector-codes.js';
import type { OfflineWriter } from '../../write/offline-writer.js';
import type { Register } from '../../write/style-rules.js';
import type { VoiceRuntime } from '../voice/voice-runtime.js';
import { baseLanguage, type LanguageCatalog } from './language-catalog.js';
import { languageName } from './language-names.js';

export interface ResourceLanguageDeps {
  engine: TranslationEngine;
  catalog: () => Promise<LanguageCatalog>;
  writer: OfflineWriter;
  /** Languages the offline writer corrects (TRANSLATOR_SPELLING_LANGUAGES). */
  spellingLanguages: readonly string[];
  voice: Pick<VoiceRuntime, 'recognizer' | 'synthesizer' | 'loadSpokenTerms' | 'gateway'>;
}

/** Resources whose work the deepl engine hands to the upstream, so that the upstream's languages are the truth. */
const FORWARDED: ReadonlySet<LanguageResource> = new Set(['translate_text', 'translate_document', 'write', 'voice']);
const WRITING_STYLES: readonly Register[] = ['simple', 'business', 'academic', 'casual'];
const TONES: readonly Register[] = ['enthusiastic', 'friendly', 'confident', 'diplomatic'];

interface Entry {
  source: boolean;
  target: boolean;
  features: Set<string>;
  pivotedFrom?: string[];
}

export async function listResourceLanguages(deps: ResourceLanguageDeps, resource: LanguageResource): Promise<ResourceLanguage[]> {
  const upstream = deps.engine.resourceLanguages?.bind(deps.engine);
  if (upstream && FORWARDED.has(resource) && (resource !== 'voice' || deps.voice.gateway)) {
    const answer = await upstream(resource);
    if (answer !== undefined) return answer;
  }
  const catalog = await deps.catalog();
  const entries = new Map<string, Entry>();
  const entry = (code: string) => {
    const found = entries.get(code) ?? { source: false, target: false, features: new Set<string>() };
    entries.set(code, found);
    return found;
  };
  const detectable = (code: string) => eldCodesFor([code]).size > 0;

  switch (resource) {
    case 'translate_text':
    case 'translate_document': {
      // Glossaries, memories and markup are applied around the engine, so they work for every pair served.
      const shared = ['tag_handling', 'glossary', 'translation_memory'];
      for (const { language } of catalog.listSources()) {
        const source = entry(language);
        source.source = true;
        for (const feature of shared) source.features.add(feature);
        if (detectable(language)) source.features.add('auto_detection');
      }
      for (const { language, supports_formality } of catalog.listTargets()) {
        const target = entry(language);
        target.target = true;
        for (const feature of shared) target.features.add(feature);
        if (supports_formality) target.features.add('formality');
        // Style rules change a translation only where the engine follows instructions (the deepl engine).
        if (resource === 'translate_text' && upstream && STYLE_RULE_LANGUAGES.includes(baseLanguage(language).toLowerCase() as never)) {
          target.features.add('style_rules');
        }
        const pivoted = catalog.pivotedFrom(language);
        if (pivoted.length > 0) target.pivotedFrom = pivoted;
      }
      break;
    }
    case 'glossary':
    case 'translation_memory':
      for (const language of catalog.baseLanguages()) Object.assign(entry(language), { source: true, target: true });
      break;
    case 'style_rules':
      // A list is for a target language.
      for (const language of STYLE_RULE_LANGUAGES) entry(language.toUpperCase()).target = true;
      break;
    case 'write':
      // Offline, Write corrects the languages with a dictionary; a text in another language comes back unchanged.
      for (const language of deps.spellingLanguages) {
        const found = Object.assign(entry(language), { source: true, target: true });
        if (detectable(language)) found.features.add('auto_detection');
        if (WRITING_STYLES.some((style) => deps.writer.supports(language, style))) found.features.add('writing_style');
        if (TONES.some((tone) => deps.writer.supports(language, tone))) found.features.add('tone');
      }
      break;
    case 'voice': {
      // Offline speech recognition hears what its model knows (pocketsphinx's English); translated into
      // every target the engine reaches from there.
      const heard = deps.voice.recognizer?.languages ?? [];
      for (const language of heard) {
        const source = entry(language);
        source.source = true;
        source.features.add('transcription');
        source.features.add('glossary');
        if (deps.voice.loadSpokenTerms) source.features.add('spoken_terms');
      }
      for (const { language, supports_formality } of catalog.listTargets()) {
        if (!heard.some((source) => catalog.canTranslate(source, language))) continue;
        const target = entry(language);
        target.target = true;
        target.features.add('glossary');
        if (supports_formality) target.features.add('formality');
        if (deps.voice.synthesizer && (ESPEAK_VOICES[language] ?? ESPEAK_VOICES[baseLanguage(language)]))
          target.features.add('translated_speech');
        const pivoted = catalog.pivotedFrom(language).filter((source) => heard.includes(source));
        if (pivoted.length > 0) target.pivotedFrom = pivoted;
      }
      break;
    }
  }

  return [...entries]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, found]) => ({
      lang: bcp47(code),
      name: languageName(code),
      usable_as_source: found.source,
      usable_as_target: found.target,
      status: 'stable' as const,
      features: Object.fromEntries([...found.features].sort().map((feature) => [feature, { status: 'stable' as const }])),
      ...(found.pivotedFrom ? { pivoted_from: found.pivotedFrom.map(bcp47) } : {}),
    }));
}

/** `EN-US` -> `en-US`, `ZH-HANS` -> `zh-Hans`, `ES-419` -> `es-419`: BCP 47 as DeepL writes it. */
export function bcp47(code: string): string {
  const [base, variant] = code.split('-');
  if (!variant) return base!.toLowerCase();
  return `${base!.toLowerCase()}-${variant.length === 4 ? variant.charAt(0) + variant.slice(1).toLowerCase() : variant}`;
}
