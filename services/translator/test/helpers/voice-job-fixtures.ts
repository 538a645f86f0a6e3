// Voice jobs under test: speech files made with flite (known sentences at known times), a recognizer that
// knows them (until the pocketsphinx pool is here: it checks the jobs' plumbing, offsets and resumption,
// not recognition) and a worker on a database pool of its own, as another replica would run one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@workspace/service-kit';
import { TEST_PG_TIMEOUTS } from '@workspace/service-kit/testing';
import { openDatabase } from '../../src/db/database.js';
import { cachedCatalog } from '../../src/domain/languages/cached-catalog.js';
import { InflightLimit } from '../../src/domain/translation/inflight-limit.js';
import { StoredResources } from '../../src/domain/translation/translation-resources.js';
import { SpeechMeter } from '../../src/domain/usage/speech-meter.js';
import { UsageMeter } from '../../src/domain/usage/usage-meter.js';
import type { VoiceJobLimits } from '../../src/domain/voice-jobs/voice-job-deps.js';
import { VoiceJobWorker, type VoiceJobWorkerOptions } from '../../src/domain/voice-jobs/voice-job-worker.js';
import { VoiceJobs } from '../../src/domain/voice-jobs/voice-jobs.js';
import {
  RECOGNIZER_BYTES_PER_MS,
  type RecognitionOptions,
  type RecognitionStream,
  type SpeechRecognizer,
} from '../../src/engine/speech/speech-recognizer.js';
import type { SpeechSynthesizer } from '../../src/engine/speech/synthesize-speech.js';
import type { TranslationEngine } from '../../src/engine/engine.js';
import { createLanguageDetector } from '../../src/languages/detect-language.js';

export const SENTENCES = [
  'the dog is happy.',
  'the weather is nice today.',
  'the house is big and the garden is green.',
  'my brother reads a book in the kitchen every morning.',
  'the children play in the park near the river.',
  'we will travel to the city by train next week.',
];

export interface SpokenSentence {
  text: string;
  startMs: number;
  endMs: number;
}

/** Sentences read by flite's slt voice one after another with a second of silence between, as WAV (16 kHz mono). */
export function speechFile(options: { minSeconds?: number; sentences?: string[] } = {}): { file: Buffer; layout: SpokenSentence[] } {
  const sentences = options.sentences ?? SENTENCES;
  const dir = mkdtempSync(join(tmpdir(), 'voice-job-audio-'));
  try {
    const parts: string[] = [];
    const layout: SpokenSentence[] = [];
    let at = 0;
    for (let index = 0; at < (options.minSeconds ?? 0) * 1000 || index < sentences.length; index++) {
      // Past the list, the sentences come round again with their number, so that no stretch of audio repeats.
      const base = sentences[index % sentences.length]!;
      const text = index < sentences.length ? base : `${base.replace(/\.$/, '')} number ${index}.`;
      const wav = join(dir, `s${index}.wav`);
      execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', wav]);
      const padded = join(dir, `p${index}.wav`);
      execFileSync('sox', [wav, '-r', '16000', '-c', '1', padded, 'pad', '0', '1']);
      const spokenMs = Math.round(Number(execFileSync('soxi', ['-D', wav]).toString()) * 1000);
      layout.push({ text, startMs: at, endMs: at + spokenMs });
      at += spokenMs + 1000;
      parts.push(padded);
    }
    const whole = join(dir, 'whole.wav');
    execFileSync('sox', [...parts, whole]);
    return { file: readFileSync(whole), layout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Hears exactly the sentences of `layout` in `pcm` (the file decoded as the worker decodes it): it finds where
 * in the file its stream starts from the first bytes written, and concludes each sentence whose audio it has
 * received whole. `stallAfterMs` (in the file): concludes nothing past it and never finishes, as a process
 * that hangs would.
 */
export class KnownSpeechRecognizer implements SpeechRecognizer {
  readonly languages = ['EN'] as const;
  /** Where in the file each stream opened began, in ms. */
  readonly streamStarts: number[] = [];

  constructor(
    private readonly pcm: Buffer,
    private readonly layout: SpokenSentence[],
    private readonly stallAfterMs = Number.POSITIVE_INFINITY,
  ) {}

  async open(options: RecognitionOptions): Promise<RecognitionStream> {
    const { pcm, layout, stallAfterMs, streamStarts } = this;
    let received = 0;
    let originMs: number | undefined;
    let next = 0;
    let aborted = false;
    const head: Buffer[] = [];
    const conclude = (untilMs: number) => {
      if (originMs === undefined) return;
      while (next < layout.length && layout[next]!.endMs <= untilMs && layout[next]!.endMs <= stallAfterMs) {
        const sentence = layout[next++]!;
        if (sentence.startMs < originMs) continue;
        options.listener.concluded({
          text: sentence.text.replace(/\.$/, ''),
          startMs: sentence.startMs - originMs,
          endMs: sentence.endMs - originMs,
        });
      }
    };
    return {
      write(chunk: Buffer) {
        if (aborted) return;
        received += chunk.length;
        if (originMs === undefined) {
          // Where the stream starts in the file: found from its first seconds, which hold speech as well as silence.
          head.push(chunk);
          if (received < LOCATE_BYTES) return;
          originMs = pcm.indexOf(Buffer.concat(head).subarray(0, LOCATE_BYTES)) / RECOGNIZER_BYTES_PER_MS;
          streamStarts.push(originMs);
        }
        conclude(originMs + received / RECOGNIZER_BYTES_PER_MS);
      },
      finish() {
        if (originMs === undefined && head.length > 0) {
          originMs = pcm.indexOf(Buffer.concat(head)) / RECOGNIZER_BYTES_PER_MS;
          streamStarts.push(originMs);
        }
        if (originMs !== undefined && originMs + received / RECOGNIZER_BYTES_PER_MS > stallAfterMs)
          return new Promise<void>(() => undefined);
        conclude(Number.POSITIVE_INFINITY);
        return Promise.resolve();
      },
      abort() {
        aborted = true;
      },
      get receivedMs() {
        return received / RECOGNIZER_BYTES_PER_MS;
      },
    };
  }

  async close(): Promise<void> {}
}

const LOCATE_BYTES = 3000 * RECOGNIZER_BYTES_PER_MS;

export const TEST_VOICE_JOB_LIMITS: VoiceJobLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxDurationMs: 10 * 60_000,
  uploadWindowMs: 300_000,
  retentionMs: 3600_000,
};

/** A voice job worker on its own connection pool to the test database; `close` stops it and closes that pool. */
export function voiceJobWorker(options: {
  databaseUrl: string;
  engine: TranslationEngine;
  recognizer: SpeechRecognizer;
  synthesizer: SpeechSynthesizer;
  worker?: Partial<VoiceJobWorkerOptions>;
}): { worker: VoiceJobWorker; closePool: () => Promise<void>; close: () => Promise<void> } {
  const handles = openDatabase(options.databaseUrl, 3, () => undefined, TEST_PG_TIMEOUTS);
  const now = () => new Date();
  const worker = new VoiceJobWorker(
    {
      pool: handles.pool,
      engine: options.engine,
      catalog: cachedCatalog(options.engine, 60_000),
      detector: createLanguageDetector(),
      resources: new StoredResources(handles.pool),
      meter: new UsageMeter(handles.pool, now),
      inflight: new InflightLimit(4_000_000),
      speechMeter: new SpeechMeter(handles.pool, now),
      now,
      jobs: new VoiceJobs(handles.pool),
      recognizer: options.recognizer,
      synthesizer: options.synthesizer,
      limits: TEST_VOICE_JOB_LIMITS,
      logger: createLogger({ service: 'translator-test', level: 'silent' }),
    },
    { concurrency: 1, pollMs: 200, leaseMs: 30_000, ...options.worker },
  );
  let poolClosed = false;
  const closePool = async () => {
    if (!poolClosed) await handles.close();
    poolClosed = true;
  };
  return {
    worker,
    closePool,
    async close() {
      await worker.close();
      await closePool();
    },
  };
}
