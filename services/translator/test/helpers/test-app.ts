import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createLogger, keepIdleConnectionsOpen, type Logger } from '@workspace/service-kit';
import { createTestDatabase, TEST_PG_TIMEOUTS, testServerUrl } from '@workspace/service-kit/testing';
import { createApp, type AppDeps } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { KeyAuthenticator } from '../../src/domain/keys/authenticate-key.js';
import { openKeyChangeChannel } from '../../src/domain/keys/key-change-channel.js';
import { createKey, type CreatedKey } from '../../src/domain/keys/create-key.js';
import { cachedCatalog } from '../../src/domain/languages/cached-catalog.js';
import { GlossaryTerms } from '../../src/domain/write/glossary-terms.js';
import { InflightLimit } from '../../src/domain/translation/inflight-limit.js';
import { StoredResources } from '../../src/domain/translation/translation-resources.js';
import type { ConnectionPool } from '../../src/db/database.js';
import { UsageMeter } from '../../src/domain/usage/usage-meter.js';
import { SpeechMeter } from '../../src/domain/usage/speech-meter.js';
import { DEFAULT_VOICE_SETTINGS, LiveConnections, type VoiceSettings } from '../../src/domain/voice/voice-runtime.js';
import { VoiceSessionStore } from '../../src/domain/voice/voice-session-store.js';
import type { SpeechRecognizer } from '../../src/engine/speech/speech-recognizer.js';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesize-speech.js';
import type { VoiceGateway } from '../../src/engine/deepl/deepl-voice.js';
import { loadSpokenTerms } from '../../src/domain/spoken-terms/read-spoken-terms.js';
import { attachVoiceStreaming } from '../../src/http/routes/voice-streaming.js';
import { detectDocumentTools, type DocumentToolPaths } from '../../src/domain/documents/converters/document-tools.js';
import { DocumentJobs } from '../../src/domain/documents/document-jobs.js';
import { DocumentWorker, type DocumentWorkerOptions } from '../../src/domain/documents/document-worker.js';
import type { VoiceJobServices } from '../../src/domain/voice-jobs/voice-job-deps.js';
import { ApertiumEngine } from '../../src/engine/apertium/apertium-engine.js';
import type { TranslationEngine } from '../../src/engine/engine.js';
import { createLanguageDetector, type LanguageDetector } from '../../src/languages/detect-language.js';
import type { TranslatorMetrics } from '../../src/metrics/translator-metrics.js';
import { OfflineWriter } from '../../src/write/offline-writer.js';
import { DEFAULT_SPELLING_LANGUAGES, SpellingDictionaries } from '../../src/write/spelling-dictionaries.js';
import { spellingWordDictionaries } from '../../src/domain/quality-evaluation/spelling-word-dictionaries.js';
import { TEMPLATE } from './template.js';

export interface TestContext {
  db: Database;
  /** The test file's own database, for a second replica in the same test. */
  databaseUrl: string;
  app: ReturnType<typeof createApp>;
  engine: TranslationEngine;
  /** An admin key, as TRANSLATOR_ADMIN_KEY would give. */
  adminKey: string;
  /** A developer key, inserted directly (the admin API that creates them is a later piece of work). */
  createKey(options?: { characterLimit?: bigint | null; label?: string }): Promise<CreatedKey>;
  /** Translates uploaded documents (started unless `documentWorker: false`). */
  documentWorker: DocumentWorker;
  /** A worker of its own on the same database, as another replica or a restarted process would run. */
  newDocumentWorker(options?: Partial<DocumentWorkerOptions> & { engine?: TranslationEngine }): DocumentWorker;
  /** The app on a real port, for clients that need a URL (deepl-node). */
  listen(): Promise<{ url: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

// Own database per test file (cloned from the migrated template); the real Apertium engine unless
// another is given. `now` is injectable so usage periods can be tested on fixed dates.
export async function createTestContext(
  options: {
    engine?: TranslationEngine;
    now?: () => Date;
    maxInflightCharacters?: number;
    /** Meters usage on the test's pool (a UsageMeter on it unless given). */
    meter?: (pool: ConnectionPool, now: () => Date) => UsageMeter;
    maxActiveDeveloperKeys?: number;
    maxGlossaries?: number;
    maxSpokenTerms?: number;
    maxMemoryFileBytes?: number;
    memoryUrlTtlMs?: number;
    /** The translator's metrics, recorded by the app and served on /metrics (none unless given). */
    metrics?: TranslatorMetrics;
    /** Where the service logs (unless given: errors in CI, so a failure there leaves its cause; silent elsewhere; TEST_LOG_LEVEL sets it). */
    logger?: Logger;
    maxDocumentBytes?: number;
    documentWorker?: boolean | Partial<DocumentWorkerOptions>;
    /** The PDF and image tools (pdftohtml, tesseract, chromium by default); a path that does not exist stands for a missing tool. */
    documentToolPaths?: DocumentToolPaths;
    /** Voice jobs' recognizer, speech and limits (none: no /v1/jobs/voice routes). */
    voiceJobs?: VoiceJobServices;
    /** Hears voice sessions' audio (none: sessions answer 503). */
    speechRecognizer?: SpeechRecognizer;
    voiceSettings?: Partial<VoiceSettings>;
    /** Speaks voice sessions' translated speech (espeak-ng, two at once, unless given). */
    speechSynthesizer?: SpeechSynthesizer;
    /** Gateway mode: voice sessions forwarded to this upstream. */
    voiceGateway?: VoiceGateway;
    /** Source detection (n-grams and history only unless given: no analyser processes). */
    detector?: LanguageDetector;
    /** TRANSLATOR_SPELLING_LANGUAGES (the default list unless given). */
    spellingLanguages?: readonly string[];
    /** TRANSLATOR_SPELLING_PRELOAD: given, /readyz waits for these dictionaries (the test loads them). */
    spellingPreload?: readonly string[];
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase({ serverUrl: testServerUrl(), templateName: TEMPLATE.templateName, prefix: 'translator_test' });
  const handles = openDatabase(database.url, 5, () => undefined, TEST_PG_TIMEOUTS);
  const engine = options.engine ?? new ApertiumEngine({ chainsPerPair: 1 });
  const now = options.now ?? (() => new Date());
  const authenticator = new KeyAuthenticator(handles.pool, 1000);
  const keyChanges = openKeyChangeChannel({ databaseUrl: database.url, pool: handles.pool, onChange: (id) => authenticator.forget(id) });
  const spellingLanguages = options.spellingLanguages ?? DEFAULT_SPELLING_LANGUAGES;
  // Loaded on each language's first use, in their threads; a test's first rephrase waits for its load
  // however slow the loaded machine is (a service answers 503 after TRANSLATOR_SPELLING_WAIT_MS).
  const spellingDictionaries = new SpellingDictionaries(spellingLanguages, {
    waitMs: 120_000,
    // Rare, and retried once: said on stderr whatever the log level, so a run that fails on it says why.
    onLoadFailed: (failure) => process.stderr.write(`spelling dictionary not built: ${JSON.stringify(failure)}\n`),
    ...(options.spellingPreload ? { preload: options.spellingPreload } : {}),
  });
  const deps: AppDeps = {
    db: handles.db,
    pool: handles.pool,
    authenticator,
    logger:
      options.logger ??
      createLogger({ service: 'translator-test', level: process.env.TEST_LOG_LEVEL ?? (process.env.CI ? 'error' : 'silent') }),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    engine,
    catalog: cachedCatalog(engine, 60_000),
    detector: options.detector ?? createLanguageDetector(),
    resources: new StoredResources(handles.pool),
    meter: options.meter ? options.meter(handles.pool, now) : new UsageMeter(handles.pool, now),
    speechMeter: new SpeechMeter(handles.pool, now),
    voice: {
      store: new VoiceSessionStore(handles.pool, {
        now,
        newId: randomUUID,
        newToken: () => randomBytes(32).toString('base64url'),
        tokenTtlMs: options.voiceSettings?.tokenTtlMs ?? DEFAULT_VOICE_SETTINGS.tokenTtlMs,
      }),
      ...(options.speechRecognizer ? { recognizer: options.speechRecognizer } : {}),
      loadSpokenTerms: (id, language) => loadSpokenTerms(handles.db, id, language),
      ffmpeg: 'ffmpeg',
      synthesizer: options.speechSynthesizer ?? new SpeechSynthesizer({ maxProcesses: 2 }),
      ...(options.voiceGateway ? { gateway: options.voiceGateway } : {}),
      connections: new LiveConnections(),
      settings: { ...DEFAULT_VOICE_SETTINGS, ...options.voiceSettings },
    },
    inflight: new InflightLimit(options.maxInflightCharacters ?? 4_000_000),
    writer: new OfflineWriter(spellingDictionaries),
    quality: {
      dictionaries: spellingWordDictionaries(spellingDictionaries),
      ...(engine instanceof ApertiumEngine ? { unknownWords: engine } : {}),
    },
    glossaryTerms: new GlossaryTerms(handles.pool),
    spellingLanguages,
    ...(options.spellingPreload ? { spelling: spellingDictionaries } : {}),
    now,
    trustProxy: false,
    maxActiveDeveloperKeys: options.maxActiveDeveloperKeys ?? 25,
    maxGlossaries: options.maxGlossaries ?? 1000,
    maxSpokenTerms: options.maxSpokenTerms ?? 1000,
    newId: randomUUID,
    newToken: () => randomBytes(32).toString('base64url'),
    maxMemoryFileBytes: options.maxMemoryFileBytes ?? 10 * 1024 * 1024,
    memoryUrlTtlMs: options.memoryUrlTtlMs ?? 3600_000,
    forgetKey: async (id) => {
      authenticator.forget(id);
      await keyChanges.announce(id);
    },
    maxDocumentBytes: options.maxDocumentBytes ?? 30 * 1024 * 1024,
    documentRetentionMs: 3600_000,
    documentTools: detectDocumentTools(options.documentToolPaths),
    onDocumentQueued: () => documentWorker.wake(),
    ...(options.voiceJobs ? { voiceJobs: options.voiceJobs } : {}),
  };
  const workers: DocumentWorker[] = [];
  const newDocumentWorker = (workerOptions: Partial<DocumentWorkerOptions> & { engine?: TranslationEngine } = {}) => {
    const workerEngine = workerOptions.engine ?? engine;
    const worker = new DocumentWorker(
      {
        ...deps,
        engine: workerEngine,
        jobs: new DocumentJobs(handles.pool),
        ...(workerEngine instanceof ApertiumEngine ? { unknownWords: workerEngine } : {}),
      },
      { concurrency: 2, pollMs: 500, leaseMs: 30_000, retentionMs: 3600_000, ...workerOptions },
    );
    workers.push(worker);
    return worker;
  };
  const documentWorker = newDocumentWorker(typeof options.documentWorker === 'object' ? options.documentWorker : {});
  if (options.documentWorker !== false) documentWorker.start();
  const app = createApp(deps);
  const admin = await createKey(handles.db, { isAdmin: true, label: 'test admin' });
  const servers: Server[] = [];
  const voiceClosers: Array<() => Promise<void>> = [];
  keyChanges.start();
  await keyChanges.listening();
  return {
    db: handles.db,
    databaseUrl: database.url,
    app,
    engine,
    adminKey: admin.secret,
    createKey: (keyOptions = {}) => createKey(handles.db, keyOptions),
    documentWorker,
    newDocumentWorker,
    async listen() {
      // As the service runs it (src/server.ts): deepl-node's 5 s document polls outlast Node's default idle timeout.
      const server = keepIdleConnectionsOpen(createServer(app));
      const voiceStreaming = attachVoiceStreaming(server, deps);
      voiceClosers.push(() => voiceStreaming.close());
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    },
    async close() {
      for (const closeVoice of voiceClosers) await closeVoice();
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      for (const worker of workers) await worker.close();
      if (!options.engine) await engine.close();
      await spellingDictionaries.close();
      await keyChanges.close();
      await handles.close();
      await database.drop();
    },
  };
}

export const auth = (key: string) => ({ Authorization: `DeepL-Auth-Key ${key}` });

/**
 * Options for the official deepl-node client against a test server: one retry, and a 30 s request timeout
 * instead of its 5 s default, because a test's first request may start an Apertium chain or load a spelling
 * dictionary while the rest of the suite loads the same 2 cores. The tests hold the wire contract, not speed.
 */
export const deeplClientOptions = (serverUrl: string) => ({ serverUrl, maxRetries: 1, minTimeout: 30_000 });

/** A supertest parser that keeps any body (a TMX download, for one) as one string in `response.body`. */
export function textBody(res: unknown, done: (error: Error | null, body: string) => void): void {
  const stream = res as NodeJS.ReadableStream; // in Node, superagent hands parsers the response stream
  let data = '';
  stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
  stream.on('end', () => done(null, data));
}
