// Real-time sessions end to end on real speech: flite reads sentences, the bytes go over the real WebSocket
// at the audio's own pace in 100 ms chunks (raw PCM in JSON mode, Ogg Opus in MessagePack mode), the warm
// pocketsphinx pool hears them, Apertium translates each concluded segment, espeak-ng speaks translations,
// PostgreSQL meters the audio. Recognition is not exact: the tests ask for most of the sentence's words.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { RecognizerPool } from '../../src/engine/speech/recognizer-pool.js';
import { childPids } from '../helpers/processes.js';
import {
  contentWordsHeard,
  flitePcm,
  oggOpus,
  pcmDurationMs,
  pcmSilence,
  sendRealTime,
  speechToolsForTests,
} from '../helpers/spoken-audio.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';
import { openVoiceSocket, type VoiceMessage, type VoiceSocket } from '../helpers/voice-client.js';

const SENTENCE = 'the weather is nice today. the house is big and the dog is happy.';
const pool = new RecognizerPool(speechToolsForTests(), { size: 2, queueLimit: 4, queueTimeoutMs: 60_000 });
let ctx: TestContext;
let server: { url: string; close(): Promise<void> };
let speech: Buffer;

beforeAll(async () => {
  await pool.warm();
  ctx = await createTestContext({ speechRecognizer: pool });
  server = await ctx.listen();
  speech = Buffer.concat([pcmSilence(300), flitePcm(SENTENCE), pcmSilence(1200)]);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await pool.close();
});

const typeOf = (message: VoiceMessage) => Object.keys(message)[0]!;

function ffmpegChildren(): number {
  return childPids().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ffmpeg';
    } catch {
      return false;
    }
  }).length;
}

async function newKey(label: string): Promise<{ key: string; key_id: string }> {
  return (await request(server.url).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label }).expect(200)).body;
}

async function runSession(key: string, body: Record<string, unknown>, audio: Buffer, durationMs: number): Promise<VoiceSocket> {
  const answer = await request(server.url).post('/v3/voice/realtime').set(auth(key)).send(body);
  expect(answer.status).toBe(200);
  const format = (body.message_format as 'json' | 'msgpack' | undefined) ?? 'json';
  const socket = await openVoiceSocket(answer.body.streaming_url, answer.body.token, format);
  await sendRealTime((chunk) => socket.sendAudio(chunk), audio, durationMs, 100);
  socket.endOfSource();
  expect((await socket.closed).code).toBe(1000);
  return socket;
}

/** Checks what every session owes: concluded segments in order, each target's translations after them, the ends. */
function expectConsistentStream(socket: VoiceSocket, targets: string[]): { transcript: string; translations: Map<string, string> } {
  const types = socket.messages.map(typeOf);
  expect(types).not.toContain('error');
  const concluded = socket.messages.flatMap((message) => message.source_transcript_update?.concluded ?? []);
  expect(concluded.length).toBeGreaterThan(0);
  for (let index = 1; index < concluded.length; index++)
    expect(concluded[index].start_time).toBeGreaterThanOrEqual(concluded[index - 1].end_time);
  const translations = new Map<string, string>();
  for (const target of targets) {
    const updates = socket.messages.filter((message) => message.target_transcript_update?.language === target);
    const segments = updates.flatMap((message) => message.target_transcript_update.concluded);
    // One translation per concluded source segment, with its times, in its order.
    expect(segments.map((segment) => [segment.start_time, segment.end_time])).toEqual(
      concluded.map((segment) => [segment.start_time, segment.end_time]),
    );
    translations.set(target, segments.map((segment) => segment.text).join(' '));
  }
  const tail = types.slice(types.indexOf('end_of_source_transcript'));
  expect(tail).toEqual([
    'end_of_source_transcript',
    ...targets.map(() => 'end_of_target_transcript'),
    ...tail.filter((type) => type === 'end_of_target_media'),
    'end_of_stream',
  ]);
  return { transcript: concluded.map((segment) => segment.text).join(' '), translations };
}

describe('a real-time session on flite speech', () => {
  it('in JSON mode with raw PCM: hears the sentence, translates it into ES and FR, and meters its audio', async () => {
    const { key, key_id } = await newKey('real audio json');
    const socket = await runSession(
      key,
      { source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', source_language: 'en', target_languages: ['es', 'fr'] },
      speech,
      pcmDurationMs(speech),
    );
    const { transcript, translations } = expectConsistentStream(socket, ['es', 'fr']);
    expect(contentWordsHeard(SENTENCE, transcript)).toBeGreaterThanOrEqual(0.6);
    expect(translations.get('es')).toMatch(/tiempo|perro|casa/i);
    expect(translations.get('fr')).toMatch(/temps|chien|maison/i);
    const row = await ctx.db.apiKey.findUniqueOrThrow({ where: { keyId: key_id }, include: { dailyUsage: true } });
    expect(Number(row.dailyUsage[0]?.speechToTextMillis)).toBe(Math.round(pcmDurationMs(speech)));
    const usage = (await request(server.url).get('/v2/usage').set(auth(key)).expect(200)).body;
    expect(usage.speech_to_text_minutes_count).toBe(1);
  }, 120_000);

  it('in MessagePack mode with Ogg Opus: decodes through one ffmpeg child, hears the sentence, speaks the ES translation, and leaves no ffmpeg running', async () => {
    const { key, key_id } = await newKey('real audio msgpack');
    const before = ffmpegChildren();
    const socket = await runSession(
      key,
      {
        source_media_content_type: 'audio/ogg;codecs=opus',
        message_format: 'msgpack',
        target_languages: ['es'],
        target_media_languages: ['es'],
        target_media_content_type: 'audio/ogg;codecs=opus',
        target_media_voice: 'male',
      },
      oggOpus(speech),
      pcmDurationMs(speech),
    );
    const { transcript, translations } = expectConsistentStream(socket, ['es']);
    expect(contentWordsHeard(SENTENCE, transcript)).toBeGreaterThanOrEqual(0.6);
    expect(translations.get('es')).toMatch(/tiempo|perro|casa/i);
    const media = socket.messages
      .filter((message) => typeOf(message) === 'target_media_chunk')
      .map((message) => message.target_media_chunk);
    expect(media.length).toBeGreaterThan(0);
    expect(media[0]).toMatchObject({ language: 'es', content_type: 'audio/ogg;codecs=opus' });
    expect(media.map((chunk) => chunk.text).join(' ')).toBe(translations.get('es'));
    const file = join(mkdtempSync(join(tmpdir(), 'translator-media-')), 'first.ogg');
    writeFileSync(file, Buffer.from(media[0].data[0]));
    const probed = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate', '-of', 'json', file], { encoding: 'utf8' }),
    );
    expect(probed.streams[0]).toMatchObject({ codec_name: 'opus' });
    expect(media[0].duration).toBeGreaterThan(300);
    expect(socket.messages.map(typeOf)).toContain('end_of_target_media');
    // Translated speech is billed as speech-to-speech.
    const row = await ctx.db.apiKey.findUniqueOrThrow({ where: { keyId: key_id }, include: { dailyUsage: true } });
    expect(Number(row.dailyUsage[0]?.speechToSpeechMillis)).toBeGreaterThan(pcmDurationMs(speech) - 200);
    for (let i = 0; i < 100 && ffmpegChildren() > before; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ffmpegChildren()).toBe(before);
  }, 120_000);

  it("kills the session's ffmpeg when the client goes away mid-stream", async () => {
    const { key } = await newKey('real audio vanishing');
    const before = ffmpegChildren();
    const answer = await request(server.url)
      .post('/v3/voice/realtime')
      .set(auth(key))
      .send({ source_media_content_type: 'audio/ogg;codecs=opus', target_languages: ['es'] })
      .expect(200);
    const socket = await openVoiceSocket(answer.body.streaming_url, answer.body.token);
    const ogg = oggOpus(speech);
    await sendRealTime((chunk) => socket.sendAudio(chunk), ogg.subarray(0, Math.floor(ogg.length / 4)), 1000, 100);
    expect(ffmpegChildren()).toBe(before + 1);
    socket.socket.terminate();
    for (let i = 0; i < 100 && ffmpegChildren() > before; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ffmpegChildren()).toBe(before);
  }, 120_000);

  it('answers Ogg that does not decode with the 4000403 Error after end_of_source_media, and leaves no ffmpeg running', async () => {
    const { key } = await newKey('real audio garbage');
    const before = ffmpegChildren();
    const answer = await request(server.url)
      .post('/v3/voice/realtime')
      .set(auth(key))
      .send({ source_media_content_type: 'audio/ogg;codecs=opus', target_languages: ['es'] })
      .expect(200);
    const socket = await openVoiceSocket(answer.body.streaming_url, answer.body.token);
    for (let index = 0; index < 5; index++) socket.sendAudio(Buffer.alloc(400, index + 1));
    socket.endOfSource();
    const closed = await socket.closed;
    expect(socket.messages.find((message) => typeOf(message) === 'error')?.error).toMatchObject({ error_code: 400, reason_code: 4000403 });
    expect(closed.code).toBe(1003);
    for (let i = 0; i < 100 && ffmpegChildren() > before; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ffmpegChildren()).toBe(before);
  }, 120_000);

  it("applies a spoken-terms collection to the session's recognizer", async () => {
    const { key } = await newKey('real audio terms');
    const collection = await request(server.url)
      .post('/v3/spoken_terms')
      .set(auth(key))
      .send({ name: 'news', dictionaries: [{ language: 'en', terms: ['Zelensky'] }] })
      .expect(201);
    const audio = Buffer.concat([pcmSilence(300), flitePcm('President Zelensky spoke on Monday.'), pcmSilence(1200)]);
    const socket = await runSession(
      key,
      {
        source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000',
        target_languages: ['es'],
        spoken_terms_id: collection.body.spoken_terms_id,
      },
      audio,
      pcmDurationMs(audio),
    );
    const { transcript } = expectConsistentStream(socket, ['es']);
    expect(transcript.toLowerCase()).toContain('zelensky');
  }, 120_000);

  it('refuses a session whose spoken_terms_id names no collection with 404', async () => {
    const { key } = await newKey('real audio missing terms');
    const answer = await request(server.url)
      .post('/v3/voice/realtime')
      .set(auth(key))
      .send({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', spoken_terms_id: '00000000-0000-4000-8000-000000000000' });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/Spoken terms/);
  }, 120_000);
});
