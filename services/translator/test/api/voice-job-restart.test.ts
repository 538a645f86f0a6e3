// The proof: a voice job with a 2-minute file completes after a restart in the middle. Worker A
// (its own connection pool, as another process) takes the job, checkpoints the sentences it has
// recognized, then dies: its recognizer stops concluding and its pool is closed, so it renews nothing.
// Worker B takes the job once A's lease has run out, goes on from A's checkpoint (not from zero), and the
// job completes with every sentence once, in order, at its own time; the status was answered throughout by
// an app that ran neither worker.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { decodeToRecognizerPcm } from '../../src/domain/voice-jobs/source-audio.js';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesize-speech.js';
import { auth, createTestContext, type TestContext, textBody } from '../helpers/test-app.js';
import { KnownSpeechRecognizer, speechFile, TEST_VOICE_JOB_LIMITS, voiceJobWorker } from '../helpers/voice-job-fixtures.js';

let ctx: TestContext;
const closers: Array<() => Promise<void>> = [];
const JOBS = '/v1/jobs/voice/translate';
const synthesizer = new SpeechSynthesizer({ maxProcesses: 2 });

beforeAll(async () => {
  ctx = await createTestContext({
    // This app queues and answers only; the workers below run on their own pools.
    voiceJobs: {
      recognizer: new KnownSpeechRecognizer(Buffer.alloc(0), []),
      synthesizer,
      limits: TEST_VOICE_JOB_LIMITS,
      onQueued: () => undefined,
    },
  });
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await ctx.close();
});

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

describe('a voice job across a restart', () => {
  it('completes a 2-minute file after the worker processing it died, from its checkpoint', async () => {
    const audio = speechFile({ minSeconds: 120 });
    const pcm = await decodeToRecognizerPcm(audio.file);
    expect(pcm.length / 32).toBeGreaterThanOrEqual(120_000);
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
    const jobId: string = created.body.job_id;

    // Worker A hears the first minute and then hangs.
    const first = new KnownSpeechRecognizer(pcm, audio.layout, 60_000);
    const a = voiceJobWorker({
      databaseUrl: ctx.databaseUrl,
      engine: ctx.engine,
      recognizer: first,
      synthesizer,
      worker: { leaseMs: 1500 },
    });
    closers.push(a.close);
    a.worker.start();
    let checkpoint = 0;
    while (checkpoint === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      checkpoint = (await ctx.db.voiceJob.findUniqueOrThrow({ where: { id: jobId } })).recognizedMs;
    }
    const processing = await request(ctx.app).get(`${JOBS}/${jobId}`).set(auth(key.secret));
    expect(processing.body.results).toEqual([{ status: 'processing' }, { status: 'processing' }]);
    // A's checkpoints reach the last sentence it concluded before hanging; then it dies.
    const lastHeard = audio.layout.filter((sentence) => sentence.endMs <= 60_000).at(-1)!.endMs;
    while (checkpoint < lastHeard) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      checkpoint = (await ctx.db.voiceJob.findUniqueOrThrow({ where: { id: jobId } })).recognizedMs;
    }
    await a.closePool();

    // Worker B, as the restarted process: takes the job once A's lease has lapsed.
    const second = new KnownSpeechRecognizer(pcm, audio.layout);
    const b = voiceJobWorker({
      databaseUrl: ctx.databaseUrl,
      engine: ctx.engine,
      recognizer: second,
      synthesizer,
      worker: { leaseMs: 1500 },
    });
    closers.push(b.close);
    b.worker.start();
    let results: Array<{ status: string; download_url: string; signature: string }> = [];
    while (!results.every((result) => result.status === 'complete') || results.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      results = (await request(ctx.app).get(`${JOBS}/${jobId}`).set(auth(key.secret))).body.results;
    }
    expect(second.streamStarts).toEqual([lastHeard]);
    const row = await ctx.db.voiceJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(row.attempts).toBe(2);

    const [srt, transcript] = await Promise.all(
      results.map((result) =>
        request(ctx.app)
          .get(pathOf(result.download_url))
          .set('Authorization', `DeepL-Signature ${result.signature}`)
          .buffer(true)
          .parse(textBody),
      ),
    );
    expect(transcript!.body).toBe(`${audio.layout.map((sentence) => sentence.text.replace(/\.$/, '')).join('\n')}\n`);
    const timings = srt!.body
      .trim()
      .split('\n\n')
      .map((block: string) => block.split('\n')[1]);
    expect(timings).toHaveLength(audio.layout.length);
    const toMs = (time: string) => {
      const [h, m, rest] = time.split(':');
      const [s, ms] = rest!.split(',');
      return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
    };
    timings.forEach((line: string, index: number) => {
      const [start, end] = line.split(' --> ').map(toMs);
      expect([start, end]).toEqual([audio.layout[index]!.startMs, audio.layout[index]!.endMs]);
    });
    // The minutes are metered once, by the worker that completed the job.
    const usage = await ctx.db.dailyUsage.findFirstOrThrow({ where: { apiKeyId: key.id } });
    expect(Math.abs(Number(usage.speechToTextMillis) - pcm.length / 32)).toBeLessThan(5);
  }, 300_000);
});
