// Gateway mode (TRANSLATOR_ENGINE=deepl): POST and GET /v3/voice/realtime forwarded to the upstream with the
// operator's key, and the WebSocket relayed both ways, in JSON and MessagePack, to the upstream's streaming
// URL; metering and the speech limit stay this service's. The upstream is a fake written here from DeepL's
// documents (an HTTP server and a WebSocket server on 127.0.0.1), which "hears" the bytes it receives and
// answers in Japanese, a language the offline engine does not have.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decode, encode } from '@msgpack/msgpack';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { WebSocketServer, type WebSocket } from 'ws';
import { DeepLVoiceGateway } from '../../src/engine/deepl/deepl-voice.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';
import { openVoiceSocket, silence, type VoiceMessage } from '../helpers/voice-client.js';

const OPERATOR_KEY = 'operator-secret-key:fx';

interface UpstreamRecord {
  sessions: Array<{ authorization: string | undefined; body: Record<string, unknown> }>;
  reconnections: string[];
  connections: Array<{ token: string; frames: number; binaryFrames: number }>;
}

const record: UpstreamRecord = { sessions: [], reconnections: [], connections: [] };
let upstream: Server;
let upstreamUrl: string;
let tokens = 0;
let ctx: TestContext;
let server: { url: string; close(): Promise<void> };

function startUpstream(): Promise<void> {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `DeepL-Auth-Key ${OPERATOR_KEY}`) return answer(403, { message: 'Wrong key' });
      if (url.pathname !== '/v3/voice/realtime') return answer(404, { message: 'Not found' });
      const wsUrl = `${upstreamUrl.replace('http', 'ws')}/v3/voice/realtime/connect`;
      if (req.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        record.sessions.push({ authorization: req.headers.authorization, body });
        if (body.glossary_id === 'missing') return answer(404, { message: 'Glossary not found.' });
        return answer(200, { streaming_url: wsUrl, token: `up-${++tokens}`, session_id: 'upstream-session' });
      }
      record.reconnections.push(url.searchParams.get('token') ?? '');
      return answer(200, { streaming_url: wsUrl, token: `up-${++tokens}`, session_id: 'upstream-session' });
    });
  });
  const sockets = new WebSocketServer({ server: upstream });
  sockets.on('connection', (socket: WebSocket, req) => serveUpstreamSocket(socket, new URL(req.url ?? '/', 'http://upstream')));
  return new Promise((resolve) =>
    upstream.listen(0, '127.0.0.1', () => {
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

// Hears the audio's byte count: each chunk concludes a segment of its duration (16 kHz s16le), translated into ja.
function serveUpstreamSocket(socket: WebSocket, url: URL): void {
  const connection = { token: url.searchParams.get('token') ?? '', frames: 0, binaryFrames: 0 };
  record.connections.push(connection);
  let heardMs = 0;
  let binary = false;
  const send = (message: object) => (binary ? socket.send(encode(message), { binary: true }) : socket.send(JSON.stringify(message)));
  socket.on('message', (data, isBinary) => {
    connection.frames++;
    if (isBinary) connection.binaryFrames++;
    binary = isBinary;
    const message = (isBinary ? decode(data as Buffer) : JSON.parse(String(data))) as VoiceMessage;
    if (message.source_media_chunk) {
      const audio = isBinary ? (message.source_media_chunk.data as Uint8Array) : Buffer.from(message.source_media_chunk.data, 'base64');
      const start = heardMs;
      heardMs += audio.length / 32;
      const times = { start_time: start, end_time: heardMs };
      send({ source_transcript_update: { concluded: [{ language: 'en', text: `heard ${audio.length} bytes`, ...times }], tentative: [] } });
      send({ target_transcript_update: { language: 'ja', concluded: [{ text: `${audio.length}バイト`, ...times }], tentative: [] } });
    }
    if (message.end_of_source_media) {
      send({ end_of_source_transcript: {} });
      send({ end_of_target_transcript: { language: 'ja' } });
      send({ end_of_stream: {} });
      socket.close(1000, 'end of stream');
    }
  });
}

beforeAll(async () => {
  await startUpstream();
  ctx = await createTestContext({ voiceGateway: new DeepLVoiceGateway({ url: upstreamUrl, key: OPERATOR_KEY }) });
  server = await ctx.listen();
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => {
    upstream.closeAllConnections();
    upstream.close(() => resolve());
  });
});

const typeOf = (message: VoiceMessage) => Object.keys(message)[0]!;

async function newKey(label: string) {
  return (await request(server.url).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label }).expect(200)).body as {
    key: string;
    key_id: string;
  };
}

describe('voice sessions through the deepl gateway', () => {
  it.each(['json', 'msgpack'] as const)(
    'forwards the session request with the operator key and relays a %s session both ways, metered here',
    async (format) => {
      const { key, key_id } = await newKey(`gateway ${format}`);
      const body = {
        source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000',
        source_language: 'en',
        target_languages: ['ja'],
        message_format: format,
      };
      const answer = await request(server.url).post('/v3/voice/realtime').set(auth(key)).send(body);
      expect(answer.status).toBe(200);
      // The client streams to this service, never to the upstream, and never sees the upstream's token.
      expect(answer.body.streaming_url).toBe(`${server.url.replace('http', 'ws')}/v3/voice/realtime/connect`);
      expect(answer.body.token).not.toMatch(/^up-/);
      const forwarded = record.sessions.at(-1)!;
      expect(forwarded.authorization).toBe(`DeepL-Auth-Key ${OPERATOR_KEY}`);
      expect(forwarded.body).toEqual(body);

      const socket = await openVoiceSocket(answer.body.streaming_url, answer.body.token, format);
      for (let index = 0; index < 12; index++) socket.sendAudio(silence(250));
      socket.endOfSource();
      expect((await socket.closed).code).toBe(1000);
      const types = socket.messages.map(typeOf);
      expect(types.filter((type) => type === 'source_transcript_update')).toHaveLength(12);
      expect(socket.messages.filter((message) => message.target_transcript_update?.language === 'ja')).toHaveLength(12);
      expect(types.slice(-3)).toEqual(['end_of_source_transcript', 'end_of_target_transcript', 'end_of_stream']);
      const connection = record.connections.at(-1)!;
      expect(connection.frames).toBe(13);
      expect(connection.binaryFrames).toBe(format === 'msgpack' ? 13 : 0);

      const row = await ctx.db.apiKey.findUniqueOrThrow({ where: { keyId: key_id }, include: { dailyUsage: true } });
      expect(Number(row.dailyUsage[0]?.speechToTextMillis)).toBe(3000);
    },
    60_000,
  );

  it("answers the upstream's refusal with its status and message, and creates no session", async () => {
    const { key, key_id } = await newKey('gateway refused');
    const answer = await request(server.url)
      .post('/v3/voice/realtime')
      .set(auth(key))
      .send({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', target_languages: ['ja'], glossary_id: 'missing' });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/Glossary not found/);
    expect(await ctx.db.voiceSession.count({ where: { apiKey: { keyId: key_id } } })).toBe(0);
  });

  it('forwards a reconnection, and the next connection relays to the upstream token it answered', async () => {
    const { key } = await newKey('gateway reconnect');
    const first = await request(server.url)
      .post('/v3/voice/realtime')
      .set(auth(key))
      .send({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', target_languages: ['ja'] })
      .expect(200);
    const upstreamToken = `up-${tokens}`;
    const socket = await openVoiceSocket(first.body.streaming_url, first.body.token);
    socket.sendAudio(silence(250));
    await socket.waitFor((message) => typeOf(message) === 'source_transcript_update');
    const again = await request(server.url)
      .get(`/v3/voice/realtime?token=${encodeURIComponent(first.body.token)}`)
      .set(auth(key))
      .expect(200);
    expect(again.body.session_id).toBe(first.body.session_id);
    expect(record.reconnections.at(-1)).toBe(upstreamToken);
    await socket.closed;
    const resumed = await openVoiceSocket(again.body.streaming_url, again.body.token);
    resumed.sendAudio(silence(250));
    resumed.endOfSource();
    expect((await resumed.closed).code).toBe(1000);
    expect(record.connections.at(-1)!.token).toBe(`up-${tokens}`);
  }, 60_000);

  it('refuses a session with 456 when the key has used its speech milliseconds, without asking the upstream', async () => {
    const { key, key_id } = await newKey('gateway spent');
    await request(server.url)
      .put('/v2/admin/developer-keys/limits')
      .set(auth(ctx.adminKey))
      .send({ key_id, speech_to_text_milliseconds: 500 })
      .expect(200);
    const answer = await request(server.url)
      .post('/v3/voice/realtime')
      .set(auth(key))
      .send({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', target_languages: ['ja'] })
      .expect(200);
    const socket = await openVoiceSocket(answer.body.streaming_url, answer.body.token);
    for (let index = 0; index < 8; index++) socket.sendAudio(silence(250));
    const closed = await socket.closed;
    expect(socket.messages.find((message) => typeOf(message) === 'error')?.error).toMatchObject({ error_code: 456 });
    expect(closed.code).toBe(1008);
    const sessions = record.sessions.length;
    const refused = await request(server.url)
      .post('/v3/voice/realtime')
      .set(auth(key))
      .send({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', target_languages: ['ja'] });
    expect(refused.status).toBe(456);
    expect(record.sessions.length).toBe(sessions);
  }, 60_000);
});
