import { randomBytes, randomUUID } from 'node:crypto';
import { createLogger, pgTimeoutsFrom, registerPoolMetrics, ServiceMetrics, type Logger } from '@workspace/service-kit';
import type { AppDeps } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { KeyAuthenticator } from './domain/keys/authenticate-key.js';
import { openKeyChangeChannel, type KeyChangeChannel } from './domain/keys/key-change-channel.js';
import { cachedCatalog } from './domain/languages/cached-catalog.js';
import { GlossaryTerms } from './domain/write/glossary-terms.js';
import { InflightLimit } from './domain/translation/inflight-limit.js';
import { StoredResources } from './domain/translation/translation-resources.js';
import { UsageMeter } from './domain/usage/usage-meter.js';
import { SpeechMeter } from './domain/usage/speech-meter.js';
import { LiveConnections } from './domain/voice/voice-runtime.js';
import { VoiceSessionStore } from './domain/voice/voice-session-store.js';
import { loadSpokenTerms } from './domain/spoken-terms/read-spoken-terms.js';
import { RecognizerPool } from './engine/speech/recognizer-pool.js';
import { DeepLVoiceGateway } from './engine/deepl/deepl-voice.js';
import { detectSpeechTools } from './engine/speech/speech-tools.js';
import { detectDocumentTools } from './domain/documents/converters/document-tools.js';
import { DocumentJobs } from './domain/documents/document-jobs.js';
import { DocumentWorker } from './domain/documents/document-worker.js';
import { VoiceJobs } from './domain/voice-jobs/voice-jobs.js';
import { VoiceJobWorker } from './domain/voice-jobs/voice-job-worker.js';
import { SpeechSynthesizer } from './engine/speech/synthesize-speech.js';
import { ApertiumEngine } from './engine/apertium/apertium-engine.js';
import { createEngine } from './engine/create-engine.js';
import type { TranslationEngine } from './engine/engine.js';
import { createLanguageDetector } from './languages/detect-language.js';
import { createWordAnalysers } from './languages/word-analysers.js';
import { chainObserver, countingEngine, translatorMetrics, type TranslatorMetrics } from './metrics/translator-metrics.js';
import { OfflineWriter } from './write/offline-writer.js';
import { SpellingDictionaries } from './write/spelling-dictionaries.js';
import { spellingWordDictionaries } from './domain/quality-evaluation/spelling-word-dictionaries.js';

const CATALOG_REFRESH_MS = 10 * 60 * 1000;

export interface Resources extends AppDeps {
  logger: Logger;
  /** Started once the database exists (after migrations). */
  documentWorker: DocumentWorker;
  /** Started once the database exists (after migrations); idle without a speech recognizer. */
  voiceJobWorker: VoiceJobWorker;
  metrics: TranslatorMetrics;
  /** Started once the database exists (after migrations). */
  keyChanges: KeyChangeChannel;
  close(): Promise<void>;
}

/** Everything the app needs from the outside world, built from the configuration. */
export function connectResources(config: Config, givenEngine?: TranslationEngine): Resources {
  const logger = createLogger({ service: 'translator', level: config.LOG_LEVEL, buffered: config.NODE_ENV === 'production' });
  const metrics = translatorMetrics(new ServiceMetrics({ enabled: config.METRICS_ENABLED, service: 'translator' }));
  const engine = givenEngine ?? createEngine(config, chainObserver(metrics, logger));
  const timeouts = pgTimeoutsFrom(config);
  const database = openDatabase(
    config.DATABASE_URL,
    config.DATABASE_POOL_SIZE,
    (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server'),
    timeouts,
  );
  registerPoolMetrics(metrics.service, { app: database.pool });
  const now = () => new Date();
  const authenticator = new KeyAuthenticator(database.pool, config.TRANSLATOR_KEY_CACHE_MS);
  const keyChanges = openKeyChangeChannel({
    databaseUrl: config.DATABASE_URL,
    timeouts,
    pool: database.pool,
    onChange: (id) => authenticator.forget(id),
    onError: (error) => logger.warn({ err: error }, 'key change notifications interrupted; reconnecting (cached keys expire meanwhile)'),
  });
  // Offline speech recognition: warm pocketsphinx processes, started at the first stream (absent when the
  // wheel is missing or TRANSLATOR_SPEECH_RECOGNIZERS=0: voice sessions then answer 503 saying so).
  const speechTools =
    config.TRANSLATOR_SPEECH_RECOGNIZERS > 0
      ? detectSpeechTools({ python: config.TRANSLATOR_SPEECH_PYTHON, ffmpeg: 'ffmpeg', espeak: 'espeak-ng' })
      : undefined;
  if (speechTools && !speechTools.recognizer)
    logger.warn({ python: config.TRANSLATOR_SPEECH_PYTHON }, 'offline speech recognition is off: this python cannot import pocketsphinx');
  const recognizer = speechTools?.recognizer
    ? new RecognizerPool(
        speechTools,
        {
          size: config.TRANSLATOR_SPEECH_RECOGNIZERS,
          queueLimit: config.TRANSLATOR_SPEECH_QUEUE,
          queueTimeoutMs: config.TRANSLATOR_SPEECH_QUEUE_SECONDS * 1000,
        },
        (reason) => logger.warn(reason),
      )
    : undefined;
  // Translated speech (espeak-ng, then ffmpeg), shared by voice sessions and voice jobs.
  const synthesizer = new SpeechSynthesizer({ maxProcesses: config.TRANSLATOR_SPEECH_SYNTHESIS_PROCESSES });
  // Each language's speller is built in a thread of its own; server.ts starts the preloaded ones.
  const spellingDictionaries = new SpellingDictionaries(config.TRANSLATOR_SPELLING_LANGUAGES, {
    ...(config.TRANSLATOR_SPELLING_PRELOAD ? { preload: config.TRANSLATOR_SPELLING_PRELOAD } : {}),
    waitMs: config.TRANSLATOR_SPELLING_WAIT_MS,
    onLoadFailed: ({ language, reason, retrying }) =>
      logger.warn(
        { language, reason },
        retrying
          ? 'a spelling dictionary could not be built; trying once more'
          : 'a spelling dictionary could not be built; its texts are answered 503 for a minute',
      ),
  });
  // Source detection: n-grams, cld3 and each key's recent languages, checked against the installed
  // pairs' analysers (warm lt-proc processes, started at the first detection among their languages).
  const detector = createLanguageDetector({ analysers: createWordAnalysers({ modesDir: config.APERTIUM_MODES_DIR }) });
  const resources: Omit<Resources, 'documentWorker' | 'voiceJobWorker' | 'voiceJobs' | 'onDocumentQueued' | 'forgetKey' | 'close'> = {
    db: database.db,
    pool: database.pool,
    authenticator,
    keyChanges,
    logger,
    metrics,
    metricsOnOwnPort: config.METRICS_PORT !== undefined,
    engine,
    catalog: cachedCatalog(engine, CATALOG_REFRESH_MS),
    detector,
    resources: new StoredResources(database.pool),
    meter: new UsageMeter(database.pool, now),
    speechMeter: new SpeechMeter(database.pool, now),
    voice: {
      store: new VoiceSessionStore(database.pool, {
        now,
        newId: randomUUID,
        newToken: () => randomBytes(32).toString('base64url'),
        tokenTtlMs: config.TRANSLATOR_VOICE_TOKEN_SECONDS * 1000,
      }),
      ...(recognizer ? { recognizer } : {}),
      loadSpokenTerms: (id, language) => loadSpokenTerms(database.db, id, language),
      ...(speechTools?.decoder ? { ffmpeg: speechTools.paths.ffmpeg } : {}),
      synthesizer,
      // Gateway mode: sessions are forwarded to the upstream's Voice API with the operator's key.
      ...(config.TRANSLATOR_ENGINE === 'deepl'
        ? {
            gateway: new DeepLVoiceGateway({
              url: config.TRANSLATOR_UPSTREAM_URL!,
              key: config.TRANSLATOR_UPSTREAM_KEY!,
              timeoutMs: config.TRANSLATOR_UPSTREAM_TIMEOUT_MS,
            }),
          }
        : {}),
      connections: new LiveConnections(),
      settings: {
        tokenTtlMs: config.TRANSLATOR_VOICE_TOKEN_SECONDS * 1000,
        idleTimeoutMs: config.TRANSLATOR_VOICE_IDLE_SECONDS * 1000,
        meterEveryMs: 1000,
      },
    },
    inflight: new InflightLimit(config.TRANSLATOR_MAX_INFLIGHT_CHARACTERS),
    writer: new OfflineWriter(spellingDictionaries),
    spelling: spellingDictionaries,
    // Quality evaluation looks words up in the writer's dictionaries, and asks Apertium which it cannot translate.
    quality: {
      dictionaries: spellingWordDictionaries(spellingDictionaries),
      ...(engine instanceof ApertiumEngine ? { unknownWords: engine } : {}),
    },
    glossaryTerms: new GlossaryTerms(database.pool),
    spellingLanguages: config.TRANSLATOR_SPELLING_LANGUAGES,
    now,
    trustProxy: config.TRUST_PROXY,
    maxActiveDeveloperKeys: config.TRANSLATOR_MAX_ACTIVE_DEVELOPER_KEYS,
    maxGlossaries: config.TRANSLATOR_MAX_GLOSSARIES,
    maxSpokenTerms: config.TRANSLATOR_MAX_SPOKEN_TERMS,
    newId: randomUUID,
    newToken: () => randomBytes(32).toString('base64url'),
    maxMemoryFileBytes: config.TRANSLATOR_MAX_TRANSLATION_MEMORY_FILE_BYTES,
    memoryUrlTtlMs: config.TRANSLATOR_TRANSLATION_MEMORY_URL_SECONDS * 1000,
    publicUrl: config.TRANSLATOR_PUBLIC_URL,
    maxDocumentBytes: config.TRANSLATOR_MAX_DOCUMENT_BYTES,
    documentRetentionMs: config.TRANSLATOR_DOCUMENT_RETENTION_SECONDS * 1000,
    documentTools: detectDocumentTools({
      pdfToHtml: config.TRANSLATOR_PDFTOHTML,
      tesseract: config.TRANSLATOR_TESSERACT,
      renderer: config.TRANSLATOR_HTML_RENDERER,
    }),
  };
  const voiceJobLimits = {
    maxBytes: config.TRANSLATOR_MAX_VOICE_JOB_BYTES,
    maxDurationMs: config.TRANSLATOR_MAX_VOICE_JOB_SECONDS * 1000,
    uploadWindowMs: config.TRANSLATOR_VOICE_JOB_UPLOAD_SECONDS * 1000,
    retentionMs: config.TRANSLATOR_VOICE_JOB_RETENTION_SECONDS * 1000,
  };
  // Voice jobs recognize with the voice sessions' recognizer (the warm pool), when this replica has one.
  const voiceJobWorker = new VoiceJobWorker(
    {
      ...resources,
      engine: countingEngine(engine, metrics),
      jobs: new VoiceJobs(database.pool),
      ...(recognizer ? { recognizer } : {}),
      synthesizer,
      limits: voiceJobLimits,
    },
    {
      concurrency: config.TRANSLATOR_VOICE_JOB_WORKERS,
      pollMs: config.TRANSLATOR_VOICE_JOB_POLL_MS,
      leaseMs: config.TRANSLATOR_VOICE_JOB_LEASE_SECONDS * 1000,
    },
  );
  const documentWorker = new DocumentWorker(
    {
      ...resources,
      // Documents' characters counted by engine and pair too, as the API's are (createApp wraps its own).
      engine: countingEngine(engine, metrics),
      jobs: new DocumentJobs(database.pool),
      ...(engine instanceof ApertiumEngine ? { unknownWords: engine } : {}),
    },
    {
      concurrency: config.TRANSLATOR_DOCUMENT_WORKERS,
      pollMs: config.TRANSLATOR_DOCUMENT_POLL_MS,
      leaseMs: config.TRANSLATOR_DOCUMENT_LEASE_SECONDS * 1000,
      retentionMs: config.TRANSLATOR_DOCUMENT_RETENTION_SECONDS * 1000,
    },
  );
  return {
    ...resources,
    documentWorker,
    onDocumentQueued: () => documentWorker.wake(),
    voiceJobWorker,
    voiceJobs: { ...(recognizer ? { recognizer } : {}), synthesizer, limits: voiceJobLimits, onQueued: () => voiceJobWorker.wake() },
    async forgetKey(id) {
      authenticator.forget(id);
      // The change is committed already: other replicas learn of it now, or when their cache expires.
      await keyChanges
        .announce(id)
        .catch((error: unknown) => logger.warn({ err: error }, 'could not announce a key change to other replicas'));
    },
    async close() {
      await documentWorker.close();
      await voiceJobWorker.close();
      await recognizer?.close();
      await keyChanges.close();
      await engine.close();
      await spellingDictionaries.close();
      detector.close();
      await database.close();
    },
  };
}
