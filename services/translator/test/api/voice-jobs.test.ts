// DeepL's Voice Translate Job API end to end over HTTP, on the real PostgreSQL, Apertium and espeak-ng:
// create, upload with the signature, poll, download each target once. The recognizer knows the flite
// sentences of the file (the pocketsphinx pool has its own tests); timings, translation, subtitles,
// speech, metering and every refusal are the service's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { decodeToRecognizerPcm } from '../../src/domain/voice-jobs/source-audio.js';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesize-speech.js';
import { auth, createTestContext, type TestContext, textBody } from '../helpers/test-app.js';
import { KnownSpeechRecognizer, speechFile, TEST_VOICE_JOB_LIMITS, voiceJobWorker } from '../helpers/voice-job-fixtures.js';

let ctx: TestContext;
let stopWorker: () => Promise<void>;
let audio: ReturnType<typeof speechFile>;
const dir = mkdtempSync(join(tmpdir(), 'voice-jobs-test-'));
const JOBS = '/v1/jobs/voice/translate';

beforeAll(async () => {
  audio = speechFile();
  const recognizer = new KnownSpeechRecognizer(await decodeToRecognizerPcm(audio.file), audio.layout);
  const synthesizer = new SpeechSynthesizer({ maxProcesses: 2 });
  ctx = await createTestContext({ voiceJobs: { recognizer, synthesizer, limits: TEST_VOICE_JOB_LIMITS, onQueued: () => worker.wake() } });
  const { worker, close } = voiceJobWorker({ databaseUrl: ctx.databaseUrl, engine: ctx.engine, recognizer, synthesizer });
  worker.start();
  stopWorker = close;
}, 120_000);
afterAll(async () => {
  await stopWorker();
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const sourceFile = (file: Buffer, contentType = 'audio/wav') => ({
  name: 'talk.wav',
  content_type: contentType,
  content_length: file.length,
});

async function createJob(key: string, targets: Array<{ language: string; type: string }>, file = audio.file) {
  const created = await request(ctx.app)
    .post(JOBS)
    .set(auth(key))
    .send({ source_file: sourceFile(file), parameters: { source_language: 'en' }, targets });
  expect(created.status).toBe(201);
  return created.body as { job_id: string; upload_url: string; signature: string };
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

async function upload(job: { upload_url: string; signature: string }, file = audio.file) {
  return request(ctx.app)
    .put(pathOf(job.upload_url))
    .set('Authorization', `DeepL-Signature ${job.signature}`)
    .set('Content-Type', 'application/octet-stream')
    .send(file);
}

async function finished(key: string, jobId: string) {
  for (;;) {
    const status = await request(ctx.app).get(`${JOBS}/${jobId}`).set(auth(key));
    expect(status.status).toBe(200);
    if (status.body.results.every((result: { status: string }) => ['complete', 'downloaded', 'failed'].includes(result.status)))
      return status.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function download(result: { download_url: string; signature: string }) {
  const response = await request(ctx.app)
    .get(pathOf(result.download_url))
    .set('Authorization', `DeepL-Signature ${result.signature}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return response;
}

function srtCues(srt: string) {
  return srt
    .trim()
    .split(/\n\n/)
    .map((block) => {
      const [index, times, ...text] = block.split('\n');
      const [start, end] = times!.split(' --> ').map((time) => {
        const [h, m, rest] = time.split(':');
        const [s, ms] = rest!.split(',');
        return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
      });
      return { index: Number(index), start: start!, end: end!, text: text.join('\n') };
    });
}

describe('a voice translation job', () => {
  it('translates a file into a transcript, subtitles and speech per target, each downloaded once', async () => {
    const key = await ctx.createKey();
    const targets = [
      { language: 'es', type: 'text/plain' },
      { language: 'es', type: 'application/x-subrip' },
      { language: 'en', type: 'text/plain' },
      { language: 'es', type: 'audio/ogg;codecs=opus' },
      { language: 'es', type: 'audio/pcm;encoding=s16le;rate=16000' },
    ];
    const job = await createJob(key.secret, targets);
    expect(job.upload_url).toMatch(new RegExp(`/voice-job-files/${job.job_id}/source$`));

    const pending = await request(ctx.app).get(`${JOBS}/${job.job_id}`).set(auth(key.secret));
    expect(pending.body).toMatchObject({
      job_id: job.job_id,
      product: 'voice',
      operation: 'translate',
      source_file: sourceFile(audio.file),
      parameters: { source_language: 'en' },
      targets,
      results: targets.map(() => ({ status: 'pending' })),
    });
    expect((await upload(job)).status).toBe(204);

    const done = await finished(key.secret, job.job_id);
    expect(done.results.map((result: { status: string }) => result.status)).toEqual(targets.map(() => 'complete'));
    const [spanishText, spanishSrt, englishText, spanishOgg, spanishPcm] = await Promise.all(done.results.map(download));

    expect(englishText!.status).toBe(200);
    expect(englishText!.headers['content-type']).toMatch(/^text\/plain/);
    expect(englishText!.body.toString()).toBe(`${audio.layout.map((sentence) => sentence.text.replace(/\.$/, '')).join('\n')}\n`);
    const spanish = spanishText!.body.toString();
    expect(spanish).toContain('El perro es feliz');
    expect(spanish).toMatch(/casa es grande/);

    const cues = srtCues(spanishSrt!.body.toString());
    expect(cues.map((cue) => cue.index)).toEqual(audio.layout.map((_sentence, index) => index + 1));
    cues.forEach((cue, index) => {
      expect(cue.start).toBe(audio.layout[index]!.startMs);
      expect(cue.end).toBe(audio.layout[index]!.endMs);
      if (index > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[index - 1]!.end);
    });
    expect(cues.map((cue) => cue.text).join('\n')).toBe(spanish.trim());

    const oggPath = join(dir, 'es.ogg');
    writeFileSync(oggPath, spanishOgg!.body);
    const probed = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'json', oggPath]).toString(),
    );
    expect(probed.streams[0].codec_name).toBe('opus');
    // The speech is laid over the source's timeline: at least as long as the source.
    const sourceMs = audio.layout.at(-1)!.endMs + 1000;
    expect(spanishPcm!.body.length / 32).toBeGreaterThanOrEqual(sourceMs - 50);

    // Downloaded results are marked, and downloaded once; the job is deleted with its last result.
    expect((await download(done.results[0])).status).toBe(404);
    expect(await ctx.db.voiceJob.count({ where: { id: job.job_id } })).toBe(0);
    expect((await request(ctx.app).get(`${JOBS}/${job.job_id}`).set(auth(key.secret))).status).toBe(404);

    // Billed by the source's duration, as speech-to-speech (translated speech was among the targets).
    const usage = await ctx.db.dailyUsage.findFirstOrThrow({ where: { apiKeyId: key.id } });
    expect(Number(usage.speechToSpeechMillis)).toBeGreaterThanOrEqual(sourceMs - 50);
    expect(Number(usage.speechToTextMillis)).toBe(0);
  }, 180_000);

  it('gives signed URLs with include=signed_url, which work without a header', async () => {
    const key = await ctx.createKey();
    const created = await request(ctx.app)
      .post(`${JOBS}?include=signed_url`)
      .set(auth(key.secret))
      .send({ source_file: sourceFile(audio.file), targets: [{ language: 'es', type: 'text/plain' }] });
    expect(created.status).toBe(201);
    expect((await request(ctx.app).put(pathOf(created.body.signed_upload_url)).send(audio.file)).status).toBe(204);
    await finished(key.secret, created.body.job_id);
    const status = await request(ctx.app).get(`${JOBS}/${created.body.job_id}?include=signed_url`).set(auth(key.secret));
    const text = await request(ctx.app).get(pathOf(status.body.results[0].signed_download_url)).buffer(true).parse(textBody);
    expect(text.status).toBe(200);
    expect(text.body).toContain('El perro es feliz');
    const usage = await ctx.db.dailyUsage.findFirstOrThrow({ where: { apiKeyId: key.id } });
    expect(Number(usage.speechToTextMillis)).toBeGreaterThan(0);
  }, 120_000);
});

describe('refusals', () => {
  const create = (key: string, body: unknown) =>
    request(ctx.app)
      .post(JOBS)
      .set(auth(key))
      .send(body as object);
  const target = [{ language: 'es', type: 'text/plain' }];

  it('answers 400 naming the field, as DeepL words it, and creates nothing', async () => {
    const key = await ctx.createKey();
    const cases: Array<[unknown, RegExp]> = [
      [
        { source_file: sourceFile(audio.file), targets: [{ language: 'es', type: 'video/mp4' }] },
        /^\/targets\/0\/type: Value is not valid$/,
      ],
      [{ source_file: sourceFile(audio.file), targets: [] }, /^\/targets: Value is not valid$/],
      [{ targets: target }, /^\/source_file: Value is required$/],
      [
        { source_file: { ...sourceFile(audio.file), content_type: 'video/mp4' }, targets: target },
        /^\/source_file\/content_type: Value is not valid$/,
      ],
      [
        { source_file: sourceFile(audio.file), parameters: { source_language: 'de' }, targets: target },
        /source_language: speech recognition here hears EN only/,
      ],
      [
        { source_file: sourceFile(audio.file), targets: [{ language: 'xx', type: 'text/plain' }] },
        /^\/targets\/0\/language: no translation from EN to 'xx'/,
      ],
      [
        { source_file: sourceFile(audio.file), targets: [{ language: 'es', type: 'text/plain' }], parameters: { formality: 'very' } },
        /^\/parameters\/formality: Value is not valid$/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await create(key.secret, body);
      expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message: expect.stringMatching(message) });
    }
    const tooLarge = await create(key.secret, {
      source_file: { ...sourceFile(audio.file), content_length: 60 * 1024 * 1024 },
      targets: target,
    });
    expect(tooLarge.status).toBe(413);
    const unknownGlossary = await create(key.secret, {
      source_file: sourceFile(audio.file),
      parameters: { glossary_id: 'nope' },
      targets: target,
    });
    expect(unknownGlossary.status).toBe(404);
    expect(await ctx.db.voiceJob.count({ where: { apiKeyId: key.id } })).toBe(0);
  });

  it('needs an API key for the job routes, and the signature for the files', async () => {
    expect((await request(ctx.app).post(JOBS).send({})).status).toBe(403);
    const key = await ctx.createKey();
    const job = await createJob(key.secret, target);
    expect((await request(ctx.app).put(pathOf(job.upload_url)).send(audio.file)).status).toBe(403);
    const wrong = await request(ctx.app).put(pathOf(job.upload_url)).set('Authorization', 'DeepL-Signature nope').send(audio.file);
    expect(wrong.status).toBe(403);
    // Another key's job is as unknown as one that never existed.
    const other = await ctx.createKey();
    expect((await request(ctx.app).get(`${JOBS}/${job.job_id}`).set(auth(other.secret))).status).toBe(404);
    expect((await request(ctx.app).get(`${JOBS}/not-a-job`).set(auth(key.secret))).status).toBe(404);
  });

  it('refuses an upload of another size or that is not audio, and takes the right one after', async () => {
    const key = await ctx.createKey();
    const job = await createJob(key.secret, target);
    const short = await upload(job, audio.file.subarray(0, 1000));
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/is 1000 bytes, but the job declared source_file.content_length/);
    const noise = Buffer.alloc(audio.file.length, 7);
    const notAudio = await upload(job, noise);
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.message).toMatch(/^The uploaded file is not readable as audio\/wav/);
    expect((await upload(job)).status).toBe(204);
    expect((await upload(job)).status).toBe(404);
    await finished(key.secret, job.job_id);
  }, 120_000);

  it('answers 456 when the key has no speech milliseconds left', async () => {
    const key = await ctx.createKey();
    await ctx.db.apiKey.update({ where: { id: key.id }, data: { speechToTextLimitMillis: 1000n } });
    const job = await createJob(key.secret, target);
    // The file lasts longer than the second the key has left.
    const refused = await upload(job);
    expect(refused.status).toBe(456);
    await ctx.db.apiKey.update({ where: { id: key.id }, data: { speechToTextLimitMillis: 0n } });
    const spent = await create(key.secret, { source_file: sourceFile(audio.file), targets: target });
    expect(spent.status).toBe(456);
  });
});
