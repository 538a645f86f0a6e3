import express from 'express';
import {
  formBody,
  httpMetrics,
  HttpProblem,
  jsonBody,
  registerHealthRoutes,
  registerMetricsRoute,
  requestLogging,
  routeTemplate,
  securityHeaders,
  type Logger,
} from '@workspace/service-kit';
import type { ConnectionPool, Database } from './db/database.js';
import type { KeyAuthenticator } from './domain/keys/authenticate-key.js';
import type { LanguageCatalog } from './domain/languages/language-catalog.js';
import { TranslatorError } from './domain/translator-error.js';
import type { TranslateTextsDeps } from './domain/translation/translate-texts.js';
import type { UsageMeter } from './domain/usage/usage-meter.js';
import type { SpeechMeter } from './domain/usage/speech-meter.js';
import type { VoiceRuntime } from './domain/voice/voice-runtime.js';
import { registerVoiceRealtimeRoutes } from './http/routes/voice-realtime.js';
import { requireKey } from './http/authenticate.js';
import { translatorErrorHandler } from './http/error-handler.js';
import { type DocumentRouteDeps, registerDocumentRoutes, registerDocumentUploadRoute } from './http/routes/documents.js';
import { registerAnalyticsRoutes } from './http/routes/admin-analytics.js';
import { registerDeveloperKeyRoutes } from './http/routes/admin-developer-keys.js';
import type { GlossaryDeps } from './domain/glossaries/glossary-deps.js';
import { registerStyleRuleRoutes } from './http/routes/style-rules.js';
import { registerTranslationMemoryFileRoutes } from './http/routes/translation-memory-files.js';
import { registerVoiceJobFileRoutes, registerVoiceJobRoutes } from './http/routes/voice-jobs.js';
import type { VoiceJobServices } from './domain/voice-jobs/voice-job-deps.js';
import { registerTranslationMemoryRoutes, type MemoryRouteDeps } from './http/routes/translation-memories.js';
import { registerGlossaryV2Routes } from './http/routes/glossaries-v2.js';
import { registerGlossaryV3Routes } from './http/routes/glossaries-v3.js';
import { registerSpokenTermsRoutes } from './http/routes/spoken-terms.js';
import type { SpokenTermsDeps } from './domain/spoken-terms/spoken-terms-record.js';
import { registerLanguageRoutes } from './http/routes/languages.js';
import { registerTranslateRoutes } from './http/routes/translate.js';
import { registerUsageRoutes } from './http/routes/usage.js';
import { registerWriteRoutes } from './http/routes/write.js';
import {
  MAX_QUALITY_EVALUATION_BODY_BYTES,
  QUALITY_EVALUATION_PATH,
  registerQualityEvaluationRoutes,
} from './http/routes/quality-evaluation.js';
import type { EvaluationServices } from './domain/quality-evaluation/evaluate-segments.js';
import type { WriteDeps } from './domain/write/improve-texts.js';
import { newTraceId, traceIdHeader } from './http/trace-id.js';
import { countingEngine, type TranslatorMetrics } from './metrics/translator-metrics.js';
import type { SpellingDictionaries } from './write/spelling-dictionaries.js';

// The 128 KiB limit is checked on the texts themselves (domain/translation/request-size.ts); the raw
// body may be larger by the encoding's overhead, up to this cap.
export const MAX_RAW_BODY_BYTES = 512 * 1024;
// A glossary holds up to 10 MiB of entries (checked on the parsed entries, 413 naming the limit); form
// encoding can triple that (a tab is `%09`).
export const MAX_GLOSSARY_BODY_BYTES = 32 * 1024 * 1024;
// A memory created whole as JSON (POST /v3/translation_memories) is as large.
const LARGE_BODY_PATHS = ['/v2/glossaries', '/v3/glossaries', '/v3/translation_memories'];

export interface AppDeps
  extends TranslateTextsDeps,
    WriteDeps,
    Omit<GlossaryDeps, 'db' | 'catalog' | 'now'>,
    Pick<SpokenTermsDeps, 'maxSpokenTerms'>,
    Omit<MemoryRouteDeps, 'db' | 'now' | 'newId'>,
    Omit<DocumentRouteDeps, keyof TranslateTextsDeps | 'pool' | 'now' | 'newId'> {
  db: Database;
  /** The pool Prisma runs on, for the statements that are plain SQL (metering, reports). */
  pool: ConnectionPool;
  authenticator: KeyAuthenticator;
  logger: Logger;
  meter: UsageMeter;
  /** Audio milliseconds of voice sessions and jobs, against the keys' speech limits. */
  speechMeter: SpeechMeter;
  /** Real-time voice sessions: their store, recognizer and live connections. */
  voice: VoiceRuntime;
  catalog: () => Promise<LanguageCatalog>;
  now: () => Date;
  trustProxy: boolean | number | string;
  maxActiveDeveloperKeys: number;
  /** Drops every replica's cached answer for a key that was deactivated or got new limits. */
  forgetKey: (id: string) => Promise<void>;
  /** Async voice translation jobs: recognizer, translated speech, limits (absent: no /v1/jobs/voice routes). */
  voiceJobs?: VoiceJobServices;
  /** The translator's metrics (absent: nothing recorded and no /metrics). */
  metrics?: TranslatorMetrics;
  /** METRICS_PORT is set: /metrics is served there, not by this app. */
  metricsOnOwnPort?: boolean;
  /** What quality evaluation asks about words (spelling dictionaries, the engine's unknown words); absent: not those checks. */
  quality?: EvaluationServices;
  /** Spelling dictionaries whose preloading /readyz waits for (absent: not a readiness check). */
  spelling?: SpellingDictionaries;
}

export function createApp(appDeps: AppDeps): express.Express {
  const { metrics } = appDeps;
  // Characters counted by engine and pair where the engine is called, whichever route calls it.
  const deps = metrics ? { ...appDeps, engine: countingEngine(appDeps.engine, metrics) } : appDeps;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy);
  app.set('query parser', 'simple');
  // Routes log what they ignore (unknown parameters) at debug level through it (http/known-params.ts).
  app.locals.logger = deps.logger;

  app.use(requestLogging(deps.logger, { newId: newTraceId }));
  app.use(traceIdHeader);
  app.use(securityHeaders);
  if (metrics) {
    app.use(httpMetrics(metrics.service));
    app.use((req, res, next) => {
      res.on('finish', () => {
        if (res.statusCode === 456) metrics.quotaExceeded.inc({ route: routeTemplate(req) });
      });
      next();
    });
    if (!deps.metricsOnOwnPort) registerMetricsRoute(app, metrics.service);
  }
  registerHealthRoutes(app, {
    database: () => deps.db.$queryRaw`SELECT 1`,
    engine: () => deps.engine.checkReady(),
    // The preloaded spelling dictionaries (TRANSLATOR_SPELLING_PRELOAD), built in their threads at start.
    ...(deps.spelling ? { spelling: () => deps.spelling!.assertPreloaded() } : {}),
  });

  // Upload and download URLs of memory files: no API key, and the body is the file itself.
  registerTranslationMemoryFileRoutes(app, deps);
  const voiceJobs = deps.voiceJobs;
  // Upload and download URLs of voice jobs: no API key either (the signature is the permission).
  if (voiceJobs) registerVoiceJobFileRoutes(app, { ...deps, voiceJobs });
  app.use(['/v2', '/v3'], requireKey(deps.authenticator));
  // Multipart, read by its own parser; every other route takes JSON or a form.
  registerDocumentUploadRoute(app, deps);
  app.use(QUALITY_EVALUATION_PATH, requireKey(deps.authenticator), jsonBody({ limit: MAX_QUALITY_EVALUATION_BODY_BYTES }));
  app.use(LARGE_BODY_PATHS, jsonBody({ limit: MAX_GLOSSARY_BODY_BYTES }), formBody({ limit: MAX_GLOSSARY_BODY_BYTES }));
  app.use(jsonBody({ limit: MAX_RAW_BODY_BYTES }));
  app.use(formBody({ limit: MAX_RAW_BODY_BYTES }));
  app.use((req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && req.method !== 'GET' && !req.is(['application/json', 'application/*+json', 'application/x-www-form-urlencoded'])) {
      return next(new HttpProblem(415, 'Content-Type must be application/json or application/x-www-form-urlencoded.'));
    }
    next();
  });

  registerTranslateRoutes(app, deps);
  registerWriteRoutes(app, deps);
  registerLanguageRoutes(app, deps);
  registerGlossaryV2Routes(app, deps);
  registerGlossaryV3Routes(app, deps);
  registerSpokenTermsRoutes(app, deps);
  registerTranslationMemoryRoutes(app, deps);
  registerStyleRuleRoutes(app, deps);
  registerDocumentRoutes(app, deps);
  if (voiceJobs) registerVoiceJobRoutes(app, { ...deps, voiceJobs });
  registerQualityEvaluationRoutes(app, { ...deps, ...deps.quality });
  registerUsageRoutes(app, deps.meter, deps.now, deps.speechMeter);
  registerVoiceRealtimeRoutes(app, deps);
  registerDeveloperKeyRoutes(app, deps);
  registerAnalyticsRoutes(app, deps.pool);
  app.use((req, _res, next) => next(new TranslatorError('NOT_FOUND', `Not found: no route for ${req.method} ${req.path}.`)));
  app.use(translatorErrorHandler(deps.logger));
  return app;
}
