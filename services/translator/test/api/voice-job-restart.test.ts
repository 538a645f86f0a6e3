// The proof: a voice job with a 2-minute file completes after a restart in the middle.
// With the real recognizer: worker A (its own connection pool and its own warm pocketsphinx pool, as another
// process) takes the job and checkpoints the segments it has concluded; then it dies as a killed process would:
// its connection pool goes first (it can neither renew its lease nor write), its recognizer process is killed.
// Worker B, as the restarted process, takes the job once A's lease has run out, recognizes only the audio past
// A's checkpoint, and the job completes: the sentences' words heard once each, their Spanish subtitles present.
// With a stand-in recognizer that knows the sentences (no recognition: exact outputs), the same restart
// proves what real recognition cannot show exactly: every sentence once, in order, at its own time.
// The status is answered throughout by an app that runs neither worker.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { decodeToRecognizerPcm } from '../../src/domain/voice-jobs/source-audio.js';
import { RecognizerPool } from '../../src/engine/speech/recognizer-pool.js';
import type { RecognitionOptions, RecognitionStream, SpeechRecognizer } from '../../src/engine/speech/speech-recognizer.js';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesize-speech.js';
import { speechToolsForTests } from '../helpers/spoken-audio.js';
import { auth, createTestContext, type TestContext, textBody } from '../helpers/test-app.js';
import {
  KnownSpeechRecognizer,
  type SpokenSentence,
  speechFile,
  TEST_VOICE_JOB_LIMITS,
  voiceJobWorker,
} from '../helpers/voice-job-fixtures.js';

let ctx: TestContext;
const closers: Array<() => Promise<void>> = [];
const JOBS = '/v1/jobs/voice/translate';
const synthesizer = new SpeechSynthesizer({ maxProcesses: 2 });
// Two minutes of flite's slt reading known sentences, made once for both cases.
let audio: { file: Buffer; layout: SpokenSentence[] };
let pcm: Buffer;

beforeAll(async () => {
  audio = speechFile({ minSeconds: 120 });
  pcm = await decodeToRecognizerPcm(audio.file);
  ctx = await createTestContext({
    // This app queues and answers only; the workers below run on their own pools.
    voiceJobs: {
      recognizer: new KnownSpeechRecognizer(Buffer.alloc(0), []),
      synthesizer,
      limits: TEST_VOICE_JOB_LIMITS,
      onQueued: () => undefined,
    },
  });
}, 120_000);
afterAll(async () => {
  for (const close of closers) await close();
  await ctx.close();
});

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 2-minute file as a job with Spanish subtitles and the English transcript; its id and key. */
async function createLongJob(): Promise<{ jobId: string; key: Awaited<ReturnType<TestContext['createKey']>> }> {
  const key = await ctx.createKey();
  const created = await request(ctx.app)
    .post(JOBS)
    .set(auth(key.secret))
    .send({
      source_file: { name: 'long.wav', content_type: 'audio/wav', content_length: audio.file.length },
      parameters: { source_language: 'en' },
      targets: [
        { language: 'es', type: 'application/x-subrip' },
        { language: 'en', type: 'text/plain' },
      ],
    });
  expect(created.status).toBe(201);
  const uploaded = await request(ctx.app)
    .put(pathOf(created.body.upload_url))
    .set('Authorization', `DeepL-Signature ${created.body.signature}`)
    .send(audio.file);
  expect(uploaded.status).toBe(204);
  return { jobId: created.body.job_id, key };
}

/** A voice-job worker on this test's database, engine and synthesizer, with a short lease, started; closed after the file. */
function startWorker(recognizer: Parameters<typeof voiceJobWorker>[0]['recognizer']): ReturnType<typeof voiceJobWorker> {
  const worker = voiceJobWorker({ databaseUrl: ctx.databaseUrl, engine: ctx.engine, recognizer, synthesizer, worker: { leaseMs: 1500 } });
  closers.push(worker.close);
  worker.worker.start();
  return worker;
}

async function checkpointOf(jobId: string): Promise<number> {
  return (await ctx.db.voiceJob.findUniqueOrThrow({ where: { id: jobId } })).recognizedMs;
}

/**
 * Polls the status (through the app) until every result is complete; then the job's attempts (read before the
 * downloads: the last download deletes the job) and the results' bodies.
 */
async function completedResults(jobId: string, secret: string): Promise<{ attempts: number; bodies: string[] }> {
  let results: Array<{ status: string; download_url: string; signature: string }> = [];
  while (results.length === 0 || !results.every((result) => result.status === 'complete')) {
    await pause(200);
    results = (await request(ctx.app).get(`${JOBS}/${jobId}`).set(auth(secret))).body.results;
    expect(results.filter((result) => result.status === 'failed')).toEqual([]);
  }
  const { attempts } = await ctx.db.voiceJob.findUniqueOrThrow({ where: { id: jobId } });
  const bodies = await Promise.all(
    results.map((result) =>
      request(ctx.app)
        .get(pathOf(result.download_url))
        .set('Authorization', `DeepL-Signature ${result.signature}`)
        .buffer(true)
        .parse(textBody),
    ),
  );
  return { attempts, bodies: bodies.map((response) => response.body as string) };
}

const toMs = (time: string) => {
  const [h, m, rest] = time.split(':');
  const [s, ms] = rest!.split(',');
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
};

/** The subtitles' cues as [start, end] in ms, and their text. */
function cues(srt: string): Array<{ startMs: number; endMs: number; text: string }> {
  return srt
    .trim()
    .split('\n\n')
    .map((block) => {
      const [, timing, ...text] = block.split('\n');
      const [startMs, endMs] = timing!.split(' --> ').map(toMs);
      return { startMs: startMs!, endMs: endMs!, text: text.join(' ') };
    });
}

/** Records how much audio each stream opened on the recognizer received: where a worker started in the file. */
class RecordingRecognizer implements SpeechRecognizer {
  readonly languages: readonly string[];
  readonly streams: RecognitionStream[] = [];
  constructor(private readonly inner: SpeechRecognizer) {
    this.languages = inner.languages;
  }
  async open(options: RecognitionOptions): Promise<RecognitionStream> {
    const stream = await this.inner.open(options);
    this.streams.push(stream);
    return stream;
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('a voice job across a restart', () => {
  it('completes a 2-minute file on the real recognizer after the worker processing it was killed, from its checkpoint', async () => {
    const durationMs = pcm.length / 32;
    expect(durationMs).toBeGreaterThanOrEqual(120_000);
    const { jobId, key } = await createLongJob();

    // Worker A hears the file until its checkpoint passes 30 s of audio, then dies.
    const poolA = new RecognizerPool(speechToolsForTests(), { size: 1, queueLimit: 1, queueTimeoutMs: 60_000 });
    closers.push(() => poolA.close());
    await poolA.warm();
    const a = startWorker(poolA);
    while ((await checkpointOf(jobId)) < 30_000) await pause(200);
    const processing = await request(ctx.app).get(`${JOBS}/${jobId}`).set(auth(key.secret));
    expect(processing.body.results).toEqual([{ status: 'processing' }, { status: 'processing' }]);
    await a.closePool();
    for (const pid of poolA.processIds) process.kill(pid, 'SIGKILL');
    await a.worker.close();
    await poolA.close();
    const checkpoint = await checkpointOf(jobId);
    expect(checkpoint).toBeGreaterThanOrEqual(30_000);
    expect(checkpoint).toBeLessThan(durationMs);

    // Worker B, as the restarted process, on a recognizer of its own: takes the job once A's lease has lapsed.
    const poolB = new RecognizerPool(speechToolsForTests(), { size: 1, queueLimit: 1, queueTimeoutMs: 60_000 });
    closers.push(() => poolB.close());
    const recognizerB = new RecordingRecognizer(poolB);
    const b = startWorker(recognizerB);
    const { attempts, bodies } = await completedResults(jobId, key.secret);
    const [srt, transcript] = bodies;
    await b.close();
    expect(attempts).toBe(2);
    // B recognized only the audio past A's checkpoint: one stream, from there to the end.
    expect(recognizerB.streams.map((stream) => Math.round(stream.receivedMs))).toEqual([Math.round(durationMs - checkpoint)]);

    // The sentences' words were heard, and once: the audio before the checkpoint was not heard twice.
    const spoken = audio.layout.map((sentence) => sentence.text).join(' ');
    const count = (text: string, word: string) => text.toLowerCase().match(new RegExp(`\\b${word}\\b`, 'g'))?.length ?? 0;
    const keyWords = ['weather', 'house', 'garden', 'brother', 'kitchen', 'children', 'park', 'river', 'city', 'train'];
    for (const word of keyWords) expect(count(transcript!, word)).toBeLessThanOrEqual(count(spoken, word));
    const heard = keyWords.reduce((sum, word) => sum + count(transcript!, word), 0);
    const said = keyWords.reduce((sum, word) => sum + count(spoken, word), 0);
    expect(heard / said).toBeGreaterThanOrEqual(0.7);
    // Spanish subtitles: one cue per transcript line, in order, inside the file, translated.
    const spanish = cues(srt!);
    expect(spanish).toHaveLength(transcript!.trim().split('\n').length);
    spanish.forEach((cue, index) => {
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      expect(cue.endMs).toBeLessThanOrEqual(Math.ceil(durationMs));
      if (index > 0) expect(cue.startMs).toBeGreaterThanOrEqual(spanish[index - 1]!.endMs);
    });
    expect(spanish.some((cue) => cue.startMs < checkpoint)).toBe(true);
    expect(spanish.some((cue) => cue.startMs > checkpoint)).toBe(true);
    const translatedKeyWords = [/tiempo/i, /perro/i, /casa/i, /jard[ií]n/i, /cocina/i, /r[ií]o/i, /tren/i];
    expect(translatedKeyWords.filter((word) => word.test(srt!)).length).toBeGreaterThanOrEqual(5);
    // The minutes are metered once, by the worker that completed the job.
    const usage = await ctx.db.dailyUsage.findFirstOrThrow({ where: { apiKeyId: key.id } });
    expect(Math.abs(Number(usage.speechToTextMillis) - durationMs)).toBeLessThan(5);
  }, 600_000);

  it('puts every sentence once, in order, at its own time, when the job is resumed (a stand-in recognizer that knows them)', async () => {
    const { jobId, key } = await createLongJob();

    // Worker A hears the first minute and then hangs.
    const first = new KnownSpeechRecognizer(pcm, audio.layout, 60_000);
    const a = startWorker(first);
    // A's checkpoints reach the last sentence it concluded before hanging; then it dies.
    const lastHeard = audio.layout.filter((sentence) => sentence.endMs <= 60_000).at(-1)!.endMs;
    while ((await checkpointOf(jobId)) < lastHeard) await pause(100);
    await a.closePool();

    // Worker B, as the restarted process: takes the job once A's lease has lapsed.
    const second = new KnownSpeechRecognizer(pcm, audio.layout);
    const b = startWorker(second);
    const { attempts, bodies } = await completedResults(jobId, key.secret);
    const [srt, transcript] = bodies;
    await b.close();
    expect(second.streamStarts).toEqual([lastHeard]);
    expect(attempts).toBe(2);
    expect(transcript).toBe(`${audio.layout.map((sentence) => sentence.text.replace(/\.$/, '')).join('\n')}\n`);
    expect(cues(srt!).map((cue) => [cue.startMs, cue.endMs])).toEqual(audio.layout.map((sentence) => [sentence.startMs, sentence.endMs]));
    const usage = await ctx.db.dailyUsage.findFirstOrThrow({ where: { apiKeyId: key.id } });
    expect(Math.abs(Number(usage.speechToTextMillis) - pcm.length / 32)).toBeLessThan(5);
  }, 300_000);
});
