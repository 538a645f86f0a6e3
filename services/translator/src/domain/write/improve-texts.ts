// The machinery POST /v2/write/rephrase and /v2/write/correct share after parsing: the target language,
// the 10 KiB limit, metering as text-improvement characters (456 before any work for a key at its limit),
// then either the upstream (TRANSLATOR_ENGINE=deepl, parameters unchanged) or the offline writer, which
// corrects and, for rephrase with a style or tone, applies that register's rules (src/write/style-rules.ts).
import type { Improvement } from '@workspace/contracts';
import type { RephrasedText, TranslationEngine } from '../../engine/engine.js';
import type { LanguageDetector } from '../../languages/detect-language.js';
import type { OfflineWriter } from '../../write/offline-writer.js';
import type { Register } from '../../write/style-rules.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { TranslatorError } from '../translator-error.js';
import type { InflightLimit } from '../translation/inflight-limit.js';
import { billedCharacters } from '../usage/periods.js';
import type { UsageMeter } from '../usage/usage-meter.js';
import type { GlossaryTerms } from './glossary-terms.js';

/** DeepL's limit for one text-improvement request. */
export const MAX_WRITE_BYTES = 10 * 1024;

// DeepL Write's target languages; a base code alone stands for the variant DeepL picks (EN-US, PT-PT).
export const DEEPL_WRITE_TARGETS = ['DE', 'EN', 'EN-GB', 'EN-US', 'ES', 'FR', 'IT', 'JA', 'KO', 'PT', 'PT-BR', 'PT-PT', 'ZH', 'ZH-HANS'];
const DEFAULT_VARIANT: Readonly<Record<string, string>> = { EN: 'EN-US', PT: 'PT-PT', ZH: 'ZH-HANS' };

export interface WriteDeps {
  engine: TranslationEngine;
  writer: OfflineWriter;
  /** Languages with a spelling dictionary (TRANSLATOR_SPELLING_LANGUAGES). */
  spellingLanguages: readonly string[];
  detector: LanguageDetector;
  /** Words of glossary terms, which spelling never changes. */
  glossaryTerms: GlossaryTerms;
  meter: UsageMeter;
  inflight: InflightLimit;
}

export interface WriteContext {
  key: AuthenticatedKey;
  reportingTag?: string;
  signal?: AbortSignal;
}

export interface RequestedRegister {
  name: Register;
  parameter: 'writing_style' | 'tone';
  preferred: boolean;
}

export interface WriteJob {
  texts: string[];
  targetLang?: string;
  /** Rephrase's style or tone; correct never has one. */
  register?: RequestedRegister;
  /** The engine's own call for this operation (an upstream DeepL); without it the texts are improved offline. */
  upstream?: (signal?: AbortSignal) => Promise<RephrasedText[]>;
}

export async function improveTexts(deps: WriteDeps, job: WriteJob, context: WriteContext): Promise<Improvement[]> {
  const { upstream, register } = job;
  const target = upstream ? undefined : resolveTarget(deps, job.targetLang);
  assertWithinLimit(job.texts);
  // Detection and the style check come before metering: a refused request costs nothing.
  const languages = upstream ? [] : await Promise.all(job.texts.map((text) => sourceLanguage(deps, text, target, context.key.keyId)));
  if (!upstream && register && !register.preferred) {
    for (const language of new Set(target ? [baseOf(target)] : languages)) {
      if (!deps.writer.supports(language, register.name)) {
        throw new TranslatorError(
          'BAD_REQUEST',
          `Language ${language.toLowerCase()} does not support setting a ${register.parameter === 'tone' ? 'tone' : 'writing style'}; use '${register.parameter}=prefer_${register.name}' to fall back to the default.`,
        );
      }
    }
  }

  // A language's dictionary loads once per process, in a thread of its own: its first request waits for
  // it a bounded time (503 with Retry-After past that), before metering, so a refused request costs nothing.
  if (!upstream) await deps.writer.prepare(new Set(languages.filter((language) => correctedHere(deps, language, target))));

  const total = job.texts.reduce((sum, text) => sum + billedCharacters(text), 0);
  const improved = await deps.meter.metered(
    { key: context.key, characters: total, reportingTag: context.reportingTag, kind: 'improvement' },
    () =>
      deps.inflight.run(
        total,
        async () => (upstream ? upstream(context.signal) : improveAllOffline(deps, job.texts, languages, target, register?.name)),
        context.key.id,
      ),
  );
  return improved.map((item) => ({
    text: item.text,
    detected_source_language: item.detectedSourceLanguage,
    target_language: item.targetLanguage,
  }));
}

async function improveAllOffline(
  deps: WriteDeps,
  texts: string[],
  languages: string[],
  target: string | undefined,
  register: Register | undefined,
): Promise<RephrasedText[]> {
  const corrected = (language: string) => correctedHere(deps, language, target);
  const terms = new Map<string, ReadonlySet<string>>();
  for (const language of new Set(languages.filter(corrected))) terms.set(language, await deps.glossaryTerms.wordsFor(language));
  return texts.map((text, index) => {
    const language = languages[index]!;
    const style = register && deps.writer.supports(language, register) ? register : undefined;
    return {
      text: corrected(language) ? deps.writer.improve(text, { language, register: style, protectedTerms: terms.get(language) }) : text,
      detectedSourceLanguage: language.toLowerCase(),
      targetLanguage: bcp47(target ?? language),
    };
  });
}

/** Write improves a text within its language; a text in another language than the target is left as it is. */
function correctedHere(deps: WriteDeps, language: string, target: string | undefined): boolean {
  return (target === undefined || baseOf(target) === language) && deps.writer.corrects(language);
}

function resolveTarget(deps: WriteDeps, targetLang: string | undefined): string | undefined {
  if (targetLang === undefined || targetLang === '') return undefined;
  const code = targetLang.toUpperCase();
  if (!DEEPL_WRITE_TARGETS.includes(code) && !deps.spellingLanguages.includes(code)) {
    const supported = [...new Set([...DEEPL_WRITE_TARGETS, ...deps.spellingLanguages])].map(bcp47).join(', ');
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'target_lang' not supported: '${targetLang}'. Supported for text improvement: ${supported}.`,
    );
  }
  return DEFAULT_VARIANT[code] ?? code;
}

// As translation detects (detect-sources.ts): n-grams, the analysers' known words, cld3 and the key's recent
// languages. N-grams alone call a one-word text the wrong language ("Protonenstrahl" Dutch, "Hello." Italian).
async function sourceLanguage(deps: WriteDeps, text: string, target: string | undefined, keyId: string): Promise<string> {
  const candidates = [...new Set([...DEEPL_WRITE_TARGETS.map(baseOf), ...deps.spellingLanguages])];
  return (await deps.detector.detectWithDictionaries(text, candidates, { key: keyId })) ?? (target ? baseOf(target) : 'EN');
}

function assertWithinLimit(texts: string[]): void {
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
  if (bytes > MAX_WRITE_BYTES) {
    throw new TranslatorError(
      'PAYLOAD_TOO_LARGE',
      `Request too large: the texts total ${bytes} bytes, the limit for text improvement is ${MAX_WRITE_BYTES} bytes (10 KiB). Split them over several requests.`,
    );
  }
}

const baseOf = (code: string) => code.split('-')[0]!;

/** `EN-US` -> `en-US`, `ZH-HANS` -> `zh-Hans`, `ES` -> `es`: DeepL's spelling in Write answers. */
function bcp47(code: string): string {
  const [base, variant] = code.split('-');
  if (!variant) return base!.toLowerCase();
  return `${base!.toLowerCase()}-${variant.length === 4 ? variant.charAt(0) + variant.slice(1).toLowerCase() : variant}`;
}
