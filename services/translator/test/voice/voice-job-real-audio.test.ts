// A voice translation job end to end on the real recognizer: a short flite file is uploaded, the warm
// pocketsphinx pool hears it, Apertium translates it, and the transcript and subtitles are downloaded.
// Recognition is not exact: the test asks for most of the sentences' words.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { RecognizerPool } from '../../src/engine/speech/recognizer-pool.js';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesize-speech.js';
import { contentWordsHeard, speechToolsForTests } from '../helpers/spoken-audio.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';
import { speechFile, TEST_VOICE_JOB_LIMITS, voiceJobWorker } from '../helpers/voice-job-fixtures.js';

const JOBS = '/v1/jobs/voice/translate';
const SENTENCES = ['the weather is nice today.', 'the dog is happy.'];
const pool = new RecognizerPool(speechToolsForTests(), { size: 1, queueLimit: 2, queueTimeoutMs: 60_000 });
let ctx: TestContext;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  await pool.warm();
  const synthesizer = new SpeechSynthesizer({ maxProcesses: 2 });
  ctx = await createTestContext({
    voiceJobs: { recognizer: pool, synthesizer, limits: TEST_VOICE_JOB_LIMITS, onQueued: () => worker.wake() },
  });
  const { worker, close } = voiceJobWorker({ databaseUrl: ctx.databaseUrl, engine: ctx.engine, recognizer: pool, synthesizer });
  worker.start();
  stopWorker = close;
}, 120_000);
afterAll(async () => {
  await stopWorker();
  await ctx.close();
  await pool.close();
});

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

async function download(result: { download_url: string; signature: string }): Promise<string> {
  const response = await request(ctx.app).get(pathOf(result.download_url)).set('Authorization', `DeepL-Signature ${result.signature}`);
  expect(response.status).toBe(200);
  return response.text;
}

describe('a voice job on the real recognizer', () => {
  it('hears a flite file and delivers its transcript, Spanish subtitles and Spanish text', async () => {
    const { file } = speechFile({ sentences: SENTENCES });
    const key = await ctx.createKey();
    const targets = [
      { language: 'en', type: 'text/plain' },
      { language: 'es', type: 'application/x-subrip' },
      { language: 'es', type: 'text/plain' },
    ];
    const created = await request(ctx.app)
      .post(JOBS)
      .set(auth(key.secret))
      .send({
        source_file: { name: 'talk.wav', content_type: 'audio/wav', content_length: file.length },
        parameters: { source_language: 'en' },
        targets,
      });
    expect(created.status).toBe(201);
    const uploaded = await request(ctx.app)
      .put(pathOf(created.body.upload_url))
      .set('Authorization', `DeepL-Signature ${created.body.signature}`)
      .set('Content-Type', 'application/octet-stream')
      .send(file);
    expect(uploaded.status).toBe(204);
    let status: { results: Array<{ status: string; download_url: string; signature: string }> };
    for (;;) {
      status = (await request(ctx.app).get(`${JOBS}/${created.body.job_id}`).set(auth(key.secret)).expect(200)).body;
      if (status.results.every((result) => ['complete', 'failed'].includes(result.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status.results.map((result) => result.status)).toEqual(['complete', 'complete', 'complete']);
    const [transcript, subtitles, spanish] = await Promise.all(status.results.map(download));
    expect(contentWordsHeard(SENTENCES.join(' '), transcript!)).toBeGreaterThanOrEqual(0.6);
    expect(transcript!.trim().split('\n').length).toBeGreaterThanOrEqual(1);
    expect(subtitles).toMatch(/^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\n/);
    expect(spanish).toMatch(/tiempo|perro|feliz/i);
  }, 180_000);
});
