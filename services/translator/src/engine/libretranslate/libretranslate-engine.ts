// Forwards translations to a LibreTranslate server: JSON POST /translate with `q` as an array, in
// bodies of at most ~120 KiB, up to 2 in flight (LibreTranslate is CPU-bound), results in input
// order. LibreTranslate is not asked to detect: the service detects the source before calling.
import { EngineError } from '../engine-error.js';
import type { EngineLanguages, TranslateOptions, TranslatedSegment, TranslationEngine } from '../engine.js';
import { mapBounded } from '../http/bounded.js';
import { expiring } from '../http/expiring.js';
import { baseUrl, upstreamJson } from '../http/upstream-request.js';
import { libreLanguages, listedCodes, toLibreCode, type LibreLanguage } from './language-codes.js';
import { translateBodies, type TranslateBody } from './translate-bodies.js';

export interface LibreTranslateEngineOptions {
  /** Base URL of the server, e.g. `http://127.0.0.1:5000`. */
  url: string;
  /** Sent as `api_key` when the server requires keys. */
  key?: string;
  /** Per upstream request, body included. Default 30 s. */
  timeoutMs?: number;
  /** For tests; default the global fetch. */
  fetch?: typeof fetch;
}

const UPSTREAM = 'the LibreTranslate upstream';
const CONCURRENT_REQUESTS = 2;
const LANGUAGES_TTL_MS = 10 * 60 * 1000;
/** LibreTranslate answers 400 for a request it refuses (unknown language, text over its limit). */
const REJECTED = new Set([400]);

export class LibreTranslateEngine implements TranslationEngine {
  readonly name = 'libretranslate';
  readonly detectsSource = false;
  private readonly url: string;
  private readonly lifetime = new AbortController();
  private readonly serverLanguages: () => Promise<LibreLanguage[]>;

  constructor(private readonly options: LibreTranslateEngineOptions) {
    this.url = baseUrl(options.url);
    this.serverLanguages = expiring(() => this.loadLanguages(), LANGUAGES_TTL_MS);
  }

  async translate(segments: string[], options: TranslateOptions): Promise<TranslatedSegment[]> {
    this.assertOpen();
    const { source, target } = options;
    if (!source) throw new EngineError('UNSUPPORTED_PAIR', 'the LibreTranslate engine needs a source language');
    if (segments.length === 0) return [];
    const listed = listedCodes(await this.serverLanguages());
    const bodies = translateBodies(segments, {
      source: toLibreCode(source, listed),
      target: toLibreCode(target, listed),
      apiKey: this.options.key,
      ...(options.format ? { format: 'html' as const } : {}),
    });
    const results = await mapBounded(bodies, CONCURRENT_REQUESTS, (body, signal) => this.translateBody(body, signal), options.signal);
    return results.flat().map((text) => ({ text, detectedSource: source.toUpperCase() }));
  }

  /** Read from the server at most every 10 minutes. */
  async languages(): Promise<EngineLanguages> {
    this.assertOpen();
    return libreLanguages(await this.serverLanguages());
  }

  async checkReady(): Promise<void> {
    this.assertOpen();
    await this.request('GET', '/languages', undefined, undefined, new Set());
  }

  async close(): Promise<void> {
    this.lifetime.abort();
  }

  private assertOpen(): void {
    if (this.lifetime.signal.aborted) throw new EngineError('CLOSED', 'the LibreTranslate engine is closed');
  }

  private async translateBody(body: TranslateBody, signal: AbortSignal): Promise<string[]> {
    const answer = await this.request('POST', '/translate', body.body, signal);
    const translated = (answer as { translatedText?: unknown } | undefined)?.translatedText;
    const expected = body.end - body.start;
    if (!Array.isArray(translated) || translated.length !== expected || !translated.every((text) => typeof text === 'string')) {
      throw new EngineError(
        'UNAVAILABLE',
        `${UPSTREAM} answered POST /translate with an unexpected body (expected ${expected} translations)`,
      );
    }
    return translated as string[];
  }

  private async loadLanguages(): Promise<LibreLanguage[]> {
    const body = await this.request('GET', '/languages');
    if (
      !Array.isArray(body) ||
      !body.every((item) => typeof item?.code === 'string' && (item.targets === undefined || Array.isArray(item.targets)))
    ) {
      throw new EngineError('UNAVAILABLE', `${UPSTREAM} answered GET /languages with an unexpected body`);
    }
    return body as LibreLanguage[];
  }

  private request(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    signal?: AbortSignal,
    rejectedStatuses: ReadonlySet<number> = REJECTED,
  ): Promise<unknown> {
    return upstreamJson({
      fetch: this.options.fetch ?? globalThis.fetch,
      url: `${this.url}${path}`,
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body,
      timeoutMs: this.options.timeoutMs ?? 30_000,
      signal,
      closed: this.lifetime.signal,
      rejectedStatuses,
      upstream: UPSTREAM,
      redact: this.options.key ? [this.options.key] : [],
    });
  }
}
