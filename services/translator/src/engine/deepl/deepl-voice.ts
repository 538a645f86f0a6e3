// The gateway's half of DeepL's Voice API: POST /v3/voice/realtime (a session) and GET
// /v3/voice/realtime?token= (a reconnection) forwarded to the upstream with the operator's key. The
// upstream's answer (its streaming URL and one-time token) stays on this service: the client streams to
// this service, which relays the WebSocket (src/domain/voice/voice-relay.ts).
import { EngineError } from '../engine-error.js';
import { baseUrl, upstreamJson } from '../http/upstream-request.js';

export interface UpstreamVoiceSession {
  streamingUrl: string;
  token: string;
  sessionId: string;
}

export interface VoiceGateway {
  /** The session request's JSON body as the client sent it; the upstream validates it again. */
  requestSession(body: Record<string, unknown>): Promise<UpstreamVoiceSession>;
  /** A fresh streaming URL and token for the upstream session of `token` (the latest one). */
  reconnect(token: string): Promise<UpstreamVoiceSession>;
}

const UPSTREAM = 'the DeepL voice upstream';
/** The client's mistakes, passed on with the upstream's own message and status. */
const REJECTED = new Set([400, 404, 413, 456]);

export class DeepLVoiceGateway implements VoiceGateway {
  private readonly url: string;

  constructor(private readonly options: { url: string; key: string; timeoutMs?: number; fetch?: typeof fetch }) {
    this.url = baseUrl(options.url);
  }

  requestSession(body: Record<string, unknown>): Promise<UpstreamVoiceSession> {
    return this.call('POST', '/v3/voice/realtime', JSON.stringify(body));
  }

  reconnect(token: string): Promise<UpstreamVoiceSession> {
    return this.call('GET', `/v3/voice/realtime?token=${encodeURIComponent(token)}`);
  }

  private async call(method: 'GET' | 'POST', path: string, body?: string): Promise<UpstreamVoiceSession> {
    const answer = (await upstreamJson({
      fetch: this.options.fetch ?? globalThis.fetch,
      url: `${this.url}${path}`,
      method,
      headers: { authorization: `DeepL-Auth-Key ${this.options.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
      timeoutMs: this.options.timeoutMs ?? 30_000,
      rejectedStatuses: REJECTED,
      upstream: UPSTREAM,
      redact: [this.options.key],
    })) as { streaming_url?: unknown; token?: unknown; session_id?: unknown } | undefined;
    if (typeof answer?.streaming_url !== 'string' || typeof answer.token !== 'string' || !/^wss?:\/\//.test(answer.streaming_url))
      throw new EngineError('UNAVAILABLE', `${UPSTREAM} answered ${method} /v3/voice/realtime without a streaming_url and token`);
    return {
      streamingUrl: answer.streaming_url,
      token: answer.token,
      sessionId: typeof answer.session_id === 'string' ? answer.session_id : '',
    };
  }
}
