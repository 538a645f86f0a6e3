// Real-time voice sessions through HTTP and the real WebSocket, written against DeepL's documents: the
// session request and its validation, the message flow in JSON and MessagePack, reconnection, metering,
// and every bad input ending in DeepL's Error message and a close with nothing left running. Speech is
// heard by a scripted recognizer (the protocol is under test here); PostgreSQL is real.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';
import { openVoiceSocket, ScriptedRecognizer, silence, type VoiceMessage, type VoiceSocket } from '../helpers/voice-client.js';

const recognizer = new ScriptedRecognizer(['the weather is nice today', 'the house is big']);
let ctx: TestContext;
let server: { url: string; close(): Promise<void> };
let key: string;

beforeAll(async () => {
  ctx = await createTestContext({
    engine: enEsEngine(async (texts) => texts.map((text) => ({ text: `es:${text}`, detectedSource: 'EN' }))),
    speechRecognizer: recognizer,
    voiceSettings: { idleTimeoutMs: 1500 },
  });
  server = await ctx.listen();
  key = (await ctx.createKey({ label: 'voice' })).secret;
});
afterAll(() => ctx.close());

async function requestSession(body: object, secret = key) {
  return request(server.url).post('/v3/voice/realtime').set(auth(secret)).send(body);
}

async function connect(
  body: object = {},
): Promise<{ socket: VoiceSocket; session: { streaming_url: string; token: string; session_id: string } }> {
  const format = (body as { message_format?: 'json' | 'msgpack' }).message_format ?? 'json';
  const answer = await requestSession({
    source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000',
    target_languages: ['es'],
    ...body,
  });
  expect(answer.status).toBe(200);
  return { socket: await openVoiceSocket(answer.body.streaming_url, answer.body.token, format), session: answer.body };
}

async function stream(socket: VoiceSocket, ms: number, chunkMs = 100): Promise<void> {
  for (let sent = 0; sent < ms; sent += chunkMs) socket.sendAudio(silence(chunkMs));
}

const typeOf = (message: VoiceMessage) => Object.keys(message)[0]!;
const errorOf = (socket: VoiceSocket) => socket.messages.find((message) => typeOf(message) === 'error')?.error;

async function expectNothingRunning() {
  // The recognizer is given back before the session's connection counts as closed.
  for (let i = 0; i < 100 && (recognizer.active > 0 || (ctx as unknown as { voiceConnections?: number }).voiceConnections); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(recognizer.active).toBe(0);
}

describe('POST /v3/voice/realtime', () => {
  it('answers a ws:// streaming URL on this host, a token and a session id', async () => {
    const answer = await requestSession({ source_media_content_type: 'audio/pcm; encoding=s16le; rate=16000', target_languages: ['es'] });
    expect(answer.status).toBe(200);
    expect(answer.body.streaming_url).toBe(`${server.url.replace('http', 'ws')}/v3/voice/realtime/connect`);
    expect(answer.body.token).toEqual(expect.any(String));
    expect(answer.body.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{}, /source_media_content_type/],
    [{ source_media_content_type: 'audio/wav' }, /source_media_content_type.*not supported/],
    [{ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', message_format: 'xml' }, /message_format/],
    [{ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', source_language: 'de' }, /English|EN only/],
    [
      { source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', target_languages: ['es', 'de', 'fr', 'it', 'nl', 'pl'] },
      /at most 5/,
    ],
    [{ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', target_languages: ['de'] }, /no translation from EN/],
    [{ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', formality: 'very' }, /formality/],
    [
      {
        source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000',
        target_media_languages: ['es'],
        target_media_content_type: 'audio/wav',
      },
      /target_media_content_type.*not supported/,
    ],
    [{ source_media_content_type: 'audio/ogg;codecs=vorbis' }, /source_media_content_type.*not supported/],
  ])('refuses %j with 400 naming what to fix', async (body, message) => {
    const answer = await requestSession(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
  });

  it('refuses a request without a key (403) and a glossary that does not exist (404)', async () => {
    await request(server.url)
      .post('/v3/voice/realtime')
      .send({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000' })
      .expect(403);
    const answer = await requestSession({
      source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000',
      target_languages: ['es'],
      glossary_id: '7c4f1080-cfe2-41d4-8269-0e6ec15a0354',
    });
    expect(answer.status).toBe(404);
  });
});

describe.each(['json', 'msgpack'] as const)('a session in %s', (format) => {
  it('streams transcripts and translations in order, then the end messages, end of stream and a normal close', async () => {
    const { socket, session } = await connect({ message_format: format });
    await stream(socket, 2500);
    socket.endOfSource();
    const closed = await socket.closed;
    expect(closed.code).toBe(1000);
    const types = socket.messages.map(typeOf);
    expect(types.slice(-3)).toEqual(['end_of_source_transcript', 'end_of_target_transcript', 'end_of_stream']);
    const concluded = socket.messages.flatMap((message) => message.source_transcript_update?.concluded ?? []);
    expect(concluded.map((segment: { text: string }) => segment.text)).toEqual([
      'the weather is nice today',
      'the house is big',
      'the weather is nice today',
    ]);
    expect(concluded.map((segment: { start_time: number; end_time: number }) => [segment.start_time, segment.end_time])).toEqual([
      [0, 1000],
      [1000, 2000],
      [2000, 2500],
    ]);
    expect(concluded.every((segment: { language: string }) => segment.language === 'en')).toBe(true);
    const translated = socket.messages.filter((message) => typeOf(message) === 'target_transcript_update');
    expect(translated.map((message) => message.target_transcript_update.language)).toEqual(['es', 'es', 'es']);
    expect(translated.map((message) => message.target_transcript_update.concluded[0].text)).toEqual([
      'es:the weather is nice today',
      'es:the house is big',
      'es:the weather is nice today',
    ]);
    // Each translation follows its source segment and carries its times.
    const firstTranslation = types.indexOf('target_transcript_update');
    expect(firstTranslation).toBeGreaterThan(types.indexOf('source_transcript_update'));
    expect(translated[1]!.target_transcript_update.concluded[0]).toMatchObject({ start_time: 1000, end_time: 2000 });
    const tentative = socket.messages.flatMap((message) => message.source_transcript_update?.tentative ?? []);
    expect(tentative[0]).toMatchObject({ language: 'en', text: 'the' });
    await expectNothingRunning();
    // The ended session is recorded as ended: it cannot be resumed.
    const resume = await request(server.url)
      .get(`/v3/voice/realtime?token=${encodeURIComponent(session.token)}`)
      .set(auth(key));
    expect(resume.status).toBe(400);
    expect(resume.body.message).toMatch(/has ended/);
  });
});

describe('metering', () => {
  it('meters the audio of a session for its key and reporting tag, in the analytics as speech_to_text_minutes', async () => {
    const created = (await request(server.url).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label: 'metered voice' }))
      .body;
    const answer = await request(server.url)
      .post('/v3/voice/realtime')
      .set({ ...auth(created.key), 'X-DeepL-Reporting-Tag': 'voice-team' })
      .send({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', target_languages: ['es'] })
      .expect(200);
    const socket = await openVoiceSocket(answer.body.streaming_url, answer.body.token);
    await stream(socket, 3000);
    socket.endOfSource();
    await socket.closed;
    const row = await ctx.db.apiKey.findUniqueOrThrow({ where: { keyId: created.key_id }, include: { dailyUsage: true, tagUsage: true } });
    expect(row.dailyUsage[0]?.speechToTextMillis).toBe(3000n);
    expect(row.tagUsage.find((usage) => usage.tag === 'voice-team')?.speechToTextMillis).toBe(3000n);
    const today = new Date().toISOString().slice(0, 10);
    const report = (
      await request(server.url)
        .get(`/v2/admin/analytics?start_date=${today}&end_date=${today}&group_by=key`)
        .set(auth(ctx.adminKey))
        .expect(200)
    ).body;
    const usage = report.usage_report.key_usages.find((entry: { api_key_label: string }) => entry.api_key_label === 'metered voice');
    expect(usage.usage.speech_to_text_minutes).toBe(1);
    const tags = (
      await request(server.url)
        .get(`/v2/admin/analytics/custom-tags?start_date=${today}&end_date=${today}`)
        .set(auth(ctx.adminKey))
        .expect(200)
    ).body;
    const tagged = tags.custom_tag_usage_report.usage.find((entry: { custom_tag: string }) => entry.custom_tag === 'voice-team');
    expect(tagged.breakdown.speech_to_text_minutes).toBe(1);
    const usageNow = (await request(server.url).get('/v2/usage').set(auth(created.key)).expect(200)).body;
    expect(usageNow.speech_to_text_minutes_count).toBe(1);
  });

  it('ends a running session with a 456 Error when the key runs out, and refuses the next session with 456', async () => {
    const created = (await request(server.url).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label: 'short voice' }))
      .body;
    await request(server.url)
      .put('/v2/admin/developer-keys/limits')
      .set(auth(ctx.adminKey))
      .send({ key_id: created.key_id, speech_to_text_milliseconds: 1500 })
      .expect(200);
    const answer = await requestSession({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000' }, created.key);
    expect(answer.status).toBe(200);
    const socket = await openVoiceSocket(answer.body.streaming_url, answer.body.token);
    await stream(socket, 3000);
    const closed = await socket.closed;
    expect(errorOf(socket)).toMatchObject({ error_code: 456, request_type: 'source_media_chunk' });
    expect(closed.code).toBe(1008);
    const refused = await requestSession({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000' }, created.key);
    expect(refused.status).toBe(456);
    const usage = await ctx.db.apiKey.findUniqueOrThrow({ where: { keyId: created.key_id }, include: { periodUsage: true } });
    expect(usage.periodUsage[0]?.speechMillis).toBe(1500n);
    await expectNothingRunning();
  });
});

describe('reconnection', () => {
  it('gives a fresh token that resumes the session where it stopped, and drops the connection streaming on the old one', async () => {
    const { socket, session } = await connect();
    await stream(socket, 1000);
    await socket.waitFor((message) => message.source_transcript_update?.concluded.length > 0);
    const fresh = await request(server.url)
      .get(`/v3/voice/realtime?token=${encodeURIComponent(session.token)}`)
      .set(auth(key))
      .expect(200);
    expect(fresh.body.session_id).toBe(session.session_id);
    expect(fresh.body.token).not.toBe(session.token);
    await socket.closed;
    const resumed = await openVoiceSocket(fresh.body.streaming_url, fresh.body.token);
    await stream(resumed, 1000);
    resumed.endOfSource();
    expect((await resumed.closed).code).toBe(1000);
    const concluded = resumed.messages.flatMap((message) => message.source_transcript_update?.concluded ?? []);
    expect(concluded[0]).toMatchObject({ start_time: 1000, end_time: 2000 });
    // The replaced token is outdated: using it ends the session.
    await request(server.url)
      .get(`/v3/voice/realtime?token=${encodeURIComponent(session.token)}`)
      .set(auth(key))
      .expect(400);
    await expectNothingRunning();
  });
});

describe('bad input ends the session with DeepL Error message and a close', () => {
  const cases: Array<[string, (socket: VoiceSocket) => void, number, number]> = [
    ['a BINARY frame in a json session', (socket) => socket.socket.send(Buffer.from([1, 2, 3]), { binary: true }), 4000401, 1003],
    ['malformed JSON', (socket) => socket.socket.send('{"source_media_chunk":'), 4000400, 1008],
    ['an unknown message', (socket) => socket.socket.send(JSON.stringify({ start_stream: {} })), 4000402, 1008],
    ['audio that is not base64', (socket) => socket.socket.send(JSON.stringify({ source_media_chunk: { data: '***' } })), 4000400, 1008],
    ['a PCM chunk of an odd number of bytes', (socket) => socket.sendAudio(Buffer.alloc(3201)), 4000403, 1003],
    [
      'a WAV file instead of raw PCM',
      (socket) => socket.sendAudio(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(3196)])),
      4000403,
      1003,
    ],
    ['a chunk longer than one second', (socket) => socket.sendAudio(silence(1500)), 4130000, 1009],
    ['a chunk after end_of_source_media', (socket) => (socket.endOfSource(), socket.endOfSource()), 4000404, 1008],
  ];
  it.each(cases)('%s', async (_name, misbehave, reasonCode, closeCode) => {
    const { socket } = await connect();
    misbehave(socket);
    const closed = await socket.closed;
    expect(errorOf(socket)).toMatchObject({ reason_code: reasonCode, error_message: expect.any(String) });
    expect(closed.code).toBe(closeCode);
    await expectNothingRunning();
  });

  it('a MessagePack session refuses TEXT frames', async () => {
    const { socket } = await connect({ message_format: 'msgpack' });
    socket.socket.send(JSON.stringify({ end_of_source_media: {} }));
    expect((await socket.closed).code).toBe(1003);
    expect(errorOf(socket)).toMatchObject({ error_code: 400, reason_code: 4000401 });
  });

  it('a client that stops sending is timed out with 408', async () => {
    const { socket } = await connect();
    await stream(socket, 200);
    const closed = await socket.closed;
    expect(errorOf(socket)).toMatchObject({ error_code: 408 });
    expect(closed.code).toBe(1008);
    await expectNothingRunning();
  });

  it('a second connection on one token ends the session; an unknown token is refused before the upgrade', async () => {
    const { socket, session } = await connect();
    const second = await openVoiceSocket(session.streaming_url, session.token);
    await second.closed;
    expect(errorOf(second)).toMatchObject({ error_code: 401, reason_code: 4010001 });
    // The first connection's session is over: its next progress save finds it gone.
    await stream(socket, 1500);
    await socket.closed;
    await expect(openVoiceSocket(session.streaming_url, 'not-a-token')).rejects.toThrow(/401/);
    await expectNothingRunning();
  });

  it('a client that disconnects mid-stream leaves nothing running', async () => {
    const { socket } = await connect();
    await stream(socket, 500);
    socket.socket.terminate();
    await expectNothingRunning();
  });
});
