// Forwards translations to an upstream DeepL-compatible API (a DeepL account, or another instance of
// this service): form-encoded POST /v2/translate in batches of at most 50 texts / ~120 KiB, up to 4
// batches in flight, results reassembled in input order. The upstream detects the source itself.
import { ResourceLanguage } from '@workspace/contracts';
import { z } from 'zod';
import { EngineError } from '../engine-error.js';
import type {
  CorrectParameters,
  EngineLanguages,
  RephrasedText,
  RephraseParameters,
  TranslateOptions,
  TranslatedSegment,
  TranslationEngine,
} from '../engine.js';
import { mapBounded } from '../http/bounded.js';
import { expiring } from '../http/expiring.js';
import { baseUrl, upstreamJson, type UpstreamRequest } from '../http/upstream-request.js';
import { deeplLanguages, languageList } from './deepl-languages.js';
import { translateForms, type TranslateForm } from './translate-form.js';

export interface DeepLEngineOptions {
  /** Base URL of the upstream, e.g. `https://api.deepl.com` (paths `/v2/...` are appended). */
  url: string;
  /** The upstream's auth key, sent as `Authorization: DeepL-Auth-Key <key>`. */
  key: string;
  /** Per upstream request, body included. Default 30 s. */
  timeoutMs?: number;
  /** For tests; default the global fetch. */
  fetch?: typeof fetch;
}

const UPSTREAM = 'the DeepL upstream';
const CONCURRENT_REQUESTS = 4;
const LANGUAGES_TTL_MS = 10 * 60 * 1000;
/** Passed on with the upstream's message and status: bad request, not found, too large, quota. */
const REJECTED = new Set([400, 404, 413, 456]);

interface DeepLTranslation {
  text: string;
  detected_source_language?: string;
  model_type_used?: string;
}

export class DeepLEngine implements TranslationEngine {
  readonly name = 'deepl';
  readonly detectsSource = true;
  readonly followsInstructions = true;
  private readonly url: string;
  private readonly lifetime = new AbortController();
  private readonly cachedLanguages: () => Promise<EngineLanguages>;
  private readonly cachedResourceLanguages = new Map<string, () => Promise<ResourceLanguage[] | undefined>>();

  constructor(private readonly options: DeepLEngineOptions) {
    this.url = baseUrl(options.url);
    this.cachedLanguages = expiring(() => this.loadLanguages(), LANGUAGES_TTL_MS);
  }

  async translate(segments: string[], options: TranslateOptions): Promise<TranslatedSegment[]> {
    this.assertOpen();
    if (segments.length === 0) return [];
    const forms = translateForms(segments, options);
    const results = await mapBounded(
      forms,
      CONCURRENT_REQUESTS,
      (form, signal) => this.translateForm(form, options, signal),
      options.signal,
    );
    return results.flat();
  }

  /** POST /v2/write/rephrase upstream with the caller's parameters unchanged (the upstream validates them). */
  async rephrase(parameters: RephraseParameters): Promise<RephrasedText[]> {
    return this.improve('/v2/write/rephrase', parameters, { writing_style: parameters.writingStyle, tone: parameters.tone });
  }

  /** POST /v2/write/correct upstream, likewise. */
  async correct(parameters: CorrectParameters): Promise<RephrasedText[]> {
    return this.improve('/v2/write/correct', parameters, {});
  }

  private async improve(path: string, parameters: CorrectParameters, extra: Record<string, string | undefined>): Promise<RephrasedText[]> {
    this.assertOpen();
    const form = new URLSearchParams();
    if (parameters.targetLang !== undefined) form.append('target_lang', parameters.targetLang);
    for (const [name, value] of Object.entries(extra)) if (value !== undefined) form.append(name, value);
    for (const text of parameters.texts) form.append('text', text);
    const body = await this.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: parameters.signal,
    });
    const improvements = (body as { improvements?: unknown } | undefined)?.improvements;
    if (
      !Array.isArray(improvements) ||
      improvements.length !== parameters.texts.length ||
      !improvements.every((item) => typeof item?.text === 'string' && typeof item?.detected_source_language === 'string')
    ) {
      throw new EngineError(
        'UNAVAILABLE',
        `${UPSTREAM} answered POST ${path} with an unexpected body (expected ${parameters.texts.length} improvements)`,
      );
    }
    return (improvements as Array<{ text: string; detected_source_language: string; target_language?: unknown }>).map((item) => ({
      text: item.text,
      detectedSourceLanguage: item.detected_source_language,
      targetLanguage: typeof item.target_language === 'string' ? item.target_language : item.detected_source_language,
    }));
  }

  /**
   * The upstream's GET /v3/languages (checked to be a list), or undefined when it answers 404 (no such route
   * there); read at most every 10 minutes per resource.
   */
  async resourceLanguages(resource: string): Promise<ResourceLanguage[] | undefined> {
    this.assertOpen();
    let cached = this.cachedResourceLanguages.get(resource);
    if (!cached) {
      cached = expiring(() => this.loadResourceLanguages(resource), LANGUAGES_TTL_MS);
      this.cachedResourceLanguages.set(resource, cached);
    }
    return cached();
  }

  private async loadResourceLanguages(resource: string): Promise<ResourceLanguage[] | undefined> {
    try {
      const body = await this.request({
        method: 'GET',
        path: `/v3/languages?resource=${encodeURIComponent(resource)}`,
        rejectedStatuses: new Set([404]),
      });
      const parsed = z.array(ResourceLanguage.loose()).safeParse(body);
      if (!parsed.success) throw new EngineError('UNAVAILABLE', `${UPSTREAM} answered GET /v3/languages with an unexpected body`);
      return parsed.data;
    } catch (error) {
      if (error instanceof EngineError && error.code === 'UPSTREAM_REJECTED' && error.upstreamStatus === 404) return undefined;
      throw error;
    }
  }

  /** Read from the upstream at most every 10 minutes. */
  async languages(): Promise<EngineLanguages> {
    this.assertOpen();
    return this.cachedLanguages();
  }

  async checkReady(): Promise<void> {
    await this.request({ method: 'GET', path: '/v2/usage', rejectedStatuses: new Set() });
  }

  async close(): Promise<void> {
    this.lifetime.abort();
  }

  private assertOpen(): void {
    if (this.lifetime.signal.aborted) throw new EngineError('CLOSED', 'the DeepL engine is closed');
  }

  private async translateForm(form: TranslateForm, options: TranslateOptions, signal: AbortSignal): Promise<TranslatedSegment[]> {
    const body = await this.request({
      method: 'POST',
      path: '/v2/translate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.body,
      signal,
    });
    const translations = (body as { translations?: unknown } | undefined)?.translations;
    const expected = form.end - form.start;
    if (!Array.isArray(translations) || translations.length !== expected || !translations.every((item) => typeof item?.text === 'string')) {
      throw new EngineError(
        'UNAVAILABLE',
        `${UPSTREAM} answered POST /v2/translate with an unexpected body (expected ${expected} translations)`,
      );
    }
    return (translations as DeepLTranslation[]).map((item) => segment(item, options.source));
  }

  private async loadLanguages(): Promise<EngineLanguages> {
    const [sources, targets] = await Promise.all(
      ['source', 'target'].map(async (type) =>
        languageList(await this.request({ method: 'GET', path: `/v2/languages?type=${type}` }), UPSTREAM),
      ),
    );
    return deeplLanguages(sources!, targets!);
  }

  private request(call: {
    method: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    rejectedStatuses?: ReadonlySet<number>;
  }): Promise<unknown> {
    const request: UpstreamRequest = {
      fetch: this.options.fetch ?? globalThis.fetch,
      url: `${this.url}${call.path}`,
      method: call.method,
      headers: { authorization: `DeepL-Auth-Key ${this.options.key}`, ...call.headers },
      body: call.body,
      timeoutMs: this.options.timeoutMs ?? 30_000,
      signal: call.signal,
      closed: this.lifetime.signal,
      rejectedStatuses: call.rejectedStatuses ?? REJECTED,
      upstream: UPSTREAM,
      redact: [this.options.key],
    };
    return upstreamJson(request);
  }
}

function segment(item: DeepLTranslation, source: string | undefined): TranslatedSegment {
  const detected = item.detected_source_language?.trim() || source;
  if (!detected) throw new EngineError('UNAVAILABLE', `${UPSTREAM} answered without detected_source_language`);
  return {
    text: item.text,
    detectedSource: detected.split('-')[0]!.toUpperCase(),
    ...(typeof item.model_type_used === 'string' ? { modelTypeUsed: item.model_type_used } : {}),
  };
}
