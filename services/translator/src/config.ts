import { availableParallelism } from 'node:os';
import {
  envBoolean,
  envInteger,
  envOptional,
  envPort,
  envTrustProxy,
  loadConfig,
  metricsSettings,
  pgTimeoutSettings,
} from '@workspace/service-kit';
import { z } from 'zod';
import { isStageAllocatorSetting } from './engine/apertium/stage-allocator.js';
import { STAGE_SCHEDULING } from './engine/apertium/stage-scheduling.js';
import { DEFAULT_SPELLING_LANGUAGES, DEFAULT_SPELLING_WAIT_MS, SPELLING_SOURCES } from './write/spelling-dictionaries.js';

/** `EN-ES,ES-EN` -> pairs whose chains start at boot. */
const pairList = z
  .string()
  .default('EN-ES')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toUpperCase())
      .filter(Boolean)
      .map((item) => {
        const [source = '', ...target] = item.split('-');
        return { source, target: target.join('-') };
      }),
  )
  .refine((pairs) => pairs.every((pair) => pair.source && pair.target), 'must look like EN-ES,ES-EN');

/** `EN,ES,fr` -> languages with a spelling dictionary (SPELLING_SOURCES); the default is written as set. */
const spellingLanguages = (fallback?: string) =>
  (fallback === undefined ? z.string() : z.string().default(fallback))
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine(
      (languages) => languages.every((language) => SPELLING_SOURCES[language] !== undefined),
      `must be a comma-separated list of ${Object.keys(SPELLING_SOURCES).join(', ')}`,
    );

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: envPort(8090),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().url('must be a postgresql:// URL').default('postgresql://postgres@127.0.0.1:5432/translator'),
    DATABASE_POOL_SIZE: envInteger(10, { min: 1, max: 200 }),
    /** Bounded waits on PostgreSQL (connect, acquire, statement): DATABASE_*_TIMEOUT_MS, see service-kit's pg-pool.ts. */
    ...pgTimeoutSettings(),
    MIGRATE_ON_START: envBoolean(true),
    TRUST_PROXY: envTrustProxy(),
    /** METRICS_ENABLED, METRICS_PORT: /metrics on PORT by default, or on its own port (service-kit's metrics-settings.ts). */
    ...metricsSettings(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRANSLATOR_ADMIN_KEY: envOptional().refine((key) => key === undefined || key.length >= 16, 'must be at least 16 characters'),
    TRANSLATOR_ENGINE: z.enum(['apertium', 'deepl', 'libretranslate']).default('apertium'),
    TRANSLATOR_UPSTREAM_URL: envOptional().pipe(z.string().url('must be an http(s):// URL').optional()),
    TRANSLATOR_UPSTREAM_KEY: envOptional(),
    TRANSLATOR_UPSTREAM_TIMEOUT_MS: envInteger(30_000, { min: 100 }),
    /** Characters accepted into the engine at once; beyond it requests get 429 (deepl-node retries). */
    TRANSLATOR_MAX_INFLIGHT_CHARACTERS: envInteger(4_000_000, { min: 1000 }),
    APERTIUM_MODES_DIR: z.string().default('/usr/share/apertium/modes'),
    /** Each chain is 6-15 processes that already run in parallel: about one per two cores. */
    APERTIUM_CHAINS_PER_PAIR: envInteger(Math.max(1, Math.floor(availableParallelism() / 2)), { min: 1, max: 16 }),
    /** `batch` runs the chains' processes under SCHED_BATCH, so they do not preempt the service (stage-scheduling.ts). */
    APERTIUM_STAGE_SCHEDULING: z.enum(STAGE_SCHEDULING).default('batch'),
    /** The malloc the chains' processes run with: `tcmalloc` (if installed), `system`, or a library's absolute path (stage-allocator.ts). */
    APERTIUM_STAGE_ALLOCATOR: z
      .string()
      .default('tcmalloc')
      .refine(isStageAllocatorSetting, 'must be tcmalloc, system or the absolute path of a malloc library'),
    /** How long a replica reuses a key it looked up; a deactivation elsewhere applies within this time. */
    TRANSLATOR_KEY_CACHE_MS: envInteger(1000, { min: 0, max: 60_000 }),
    /** Developer keys active at once (DeepL allows 25); creating one more answers 400. */
    TRANSLATOR_MAX_ACTIVE_DEVELOPER_KEYS: envInteger(25, { min: 1, max: 100_000 }),
    /** Glossaries the organization may hold (DeepL: 1000 per account); one more answers 400. */
    TRANSLATOR_MAX_GLOSSARIES: envInteger(1000, { min: 1, max: 1_000_000 }),
    /** Largest translation-memory file an import takes (TMX, TSV or CSV); a larger one answers 413. */
    TRANSLATOR_MAX_TRANSLATION_MEMORY_FILE_BYTES: envInteger(10 * 1024 * 1024, { min: 1024, max: 512 * 1024 * 1024 }),
    /** How long a translation-memory upload or download URL works. */
    TRANSLATOR_TRANSLATION_MEMORY_URL_SECONDS: envInteger(3600, { min: 10, max: 7 * 24 * 3600 }),
    /** This service's address as clients reach it, for upload/download URLs; unset: taken from each request's Host. */
    TRANSLATOR_PUBLIC_URL: envOptional().pipe(z.string().url('must be an http(s):// URL').optional()),
    /** Largest document POST /v2/document takes; a larger one answers 413. */
    TRANSLATOR_MAX_DOCUMENT_BYTES: envInteger(30 * 1024 * 1024, { min: 1024, max: 512 * 1024 * 1024 }),
    /** Documents this process translates at once (its share of the job table); 0: this replica only answers. */
    TRANSLATOR_DOCUMENT_WORKERS: envInteger(2, { min: 0, max: 64 }),
    /** How often an idle worker looks for jobs queued elsewhere (an upload here wakes it at once). */
    TRANSLATOR_DOCUMENT_POLL_MS: envInteger(5000, { min: 100, max: 600_000 }),
    /** A job whose worker stopped renewing its lease for this long is taken again (its process died). */
    TRANSLATOR_DOCUMENT_LEASE_SECONDS: envInteger(60, { min: 1, max: 3600 }),
    /** How long a document (uploaded or translated) is kept when it is not downloaded. */
    TRANSLATOR_DOCUMENT_RETENTION_SECONDS: envInteger(24 * 3600, { min: 60, max: 30 * 24 * 3600 }),
    /** Programs PDF and image translation run, looked for once at boot (a missing one: those uploads answer 400 naming it). */
    TRANSLATOR_PDFTOHTML: z.string().min(1).default('pdftohtml'),
    TRANSLATOR_TESSERACT: z.string().min(1).default('tesseract'),
    TRANSLATOR_HTML_RENDERER: z.string().min(1).default('chromium'),
    /** How long the token POST /v3/voice/realtime answers opens the session's WebSocket. */
    TRANSLATOR_VOICE_TOKEN_SECONDS: envInteger(60, { min: 5, max: 3600 }),
    /** A voice session that receives no audio for this long ends (DeepL: 30 s). */
    TRANSLATOR_VOICE_IDLE_SECONDS: envInteger(30, { min: 1, max: 3600 }),
    /** Voice jobs this process works at once (recognition, translation, speech); 0: this replica only answers. */
    TRANSLATOR_VOICE_JOB_WORKERS: envInteger(1, { min: 0, max: 16 }),
    /** How often an idle voice job worker looks for jobs uploaded elsewhere (an upload here wakes it at once). */
    TRANSLATOR_VOICE_JOB_POLL_MS: envInteger(5000, { min: 100, max: 600_000 }),
    /** A voice job whose worker stopped renewing its lease for this long is taken again, from its checkpoint. */
    TRANSLATOR_VOICE_JOB_LEASE_SECONDS: envInteger(60, { min: 1, max: 3600 }),
    /** Largest voice job source file (DeepL: 1 GB); the file is kept in PostgreSQL until the job is done. */
    TRANSLATOR_MAX_VOICE_JOB_BYTES: envInteger(100 * 1024 * 1024, { min: 1024, max: 1024 * 1024 * 1024 }),
    /** Longest voice job source audio (DeepL: 3 hours). */
    TRANSLATOR_MAX_VOICE_JOB_SECONDS: envInteger(3 * 3600, { min: 1, max: 24 * 3600 }),
    /** How long a voice job's upload URL works (DeepL: 5 minutes). */
    TRANSLATOR_VOICE_JOB_UPLOAD_SECONDS: envInteger(300, { min: 10, max: 24 * 3600 }),
    /** How long a voice job's results can be downloaded after its upload (DeepL: 1 hour); then it is deleted. */
    TRANSLATOR_VOICE_JOB_RETENTION_SECONDS: envInteger(3600, { min: 60, max: 30 * 24 * 3600 }),
    /** Translated speech (espeak-ng, then ffmpeg) syntheses running at once in this process. */
    TRANSLATOR_SPEECH_SYNTHESIS_PROCESSES: envInteger(2, { min: 1, max: 64 }),
    /** Warm pocketsphinx recognizers (one stream each at a time; 0: no offline recognition here). */
    TRANSLATOR_SPEECH_RECOGNIZERS: envInteger(2, { min: 0, max: 64 }),
    /** Streams that may wait for a busy recognizer; one more answers 429. */
    TRANSLATOR_SPEECH_QUEUE: envInteger(8, { min: 0, max: 10_000 }),
    /** How long a stream waits for a recognizer before it answers 503. */
    TRANSLATOR_SPEECH_QUEUE_SECONDS: envInteger(30, { min: 1, max: 3600 }),
    /** The python3 with the pocketsphinx wheel (npm start and npm test set up one under .local/speech-venv). */
    TRANSLATOR_SPEECH_PYTHON: z.string().min(1).default('python3'),
    /** Spoken-terms collections the organization may hold. */
    TRANSLATOR_MAX_SPOKEN_TERMS: envInteger(1000, { min: 1, max: 1_000_000 }),
    APERTIUM_WARM_PAIRS: pairList,
    /** A chain idle this long is stopped (the warm pairs keep one); 0 keeps every chain. */
    APERTIUM_IDLE_SECONDS: envInteger(600, { min: 0 }),
    /** Languages /v2/write/rephrase and /v2/write/correct correct offline, each with its Hunspell dictionary. */
    TRANSLATOR_SPELLING_LANGUAGES: spellingLanguages(DEFAULT_SPELLING_LANGUAGES.join(',')),
    /** Those loaded at start-up, before /readyz answers 200 (unset: all); the others load on first use. */
    TRANSLATOR_SPELLING_PRELOAD: spellingLanguages().optional(),
    /** How long a request waits for a dictionary still loading before it is answered 503 with Retry-After. */
    TRANSLATOR_SPELLING_WAIT_MS: envInteger(DEFAULT_SPELLING_WAIT_MS, { min: 0, max: 600_000 }),
  })
  .superRefine((config, ctx) => {
    if (config.TRANSLATOR_ENGINE !== 'apertium' && !config.TRANSLATOR_UPSTREAM_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRANSLATOR_UPSTREAM_URL'],
        message: `is required when TRANSLATOR_ENGINE=${config.TRANSLATOR_ENGINE}`,
      });
    }
    if (config.TRANSLATOR_ENGINE === 'deepl' && !config.TRANSLATOR_UPSTREAM_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TRANSLATOR_UPSTREAM_KEY'], message: 'is required when TRANSLATOR_ENGINE=deepl' });
    }
    const notCorrected = (config.TRANSLATOR_SPELLING_PRELOAD ?? []).filter(
      (language) => !config.TRANSLATOR_SPELLING_LANGUAGES.includes(language),
    );
    if (notCorrected.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRANSLATOR_SPELLING_PRELOAD'],
        message: `names ${notCorrected.join(', ')}, which TRANSLATOR_SPELLING_LANGUAGES does not list`,
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}
