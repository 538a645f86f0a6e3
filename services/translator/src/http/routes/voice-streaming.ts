// The WebSocket of voice sessions, on the service's own HTTP server: GET /v3/voice/realtime/connect?token=
// upgrades when the token names a session; an unknown token is refused before the upgrade (401), a used,
// expired or closed one gets DeepL's Error message and a close (the session's format is known then).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@workspace/service-kit';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SpokenTerm } from '../../engine/speech/speech-recognizer.js';
import { TranslatorError } from '../../domain/translator-error.js';
import { prepareSegmentTranslator } from '../../domain/voice/segment-translator.js';
import { VoiceConnection } from '../../domain/voice/voice-connection.js';
import { VoiceRelay } from '../../domain/voice/voice-relay.js';
import { VoiceSessionError } from '../../domain/voice/voice-errors.js';
import { encodeMessage } from '../../domain/voice/voice-messages.js';
import type { StoredSession } from '../../domain/voice/voice-session-store.js';
import type { RequestVoiceSessionDeps } from '../../domain/voice/request-voice-session.js';
import { VOICE_CONNECT_PATH } from './voice-realtime.js';

// Larger than a 100 KB chunk in base64 inside JSON, so an oversized chunk gets its Error message; a frame
// beyond this is cut off by the ws library (close 1009).
const MAX_FRAME_BYTES = 1024 * 1024;

export interface VoiceStreamingDeps extends RequestVoiceSessionDeps {
  logger: Logger;
}

export function attachVoiceStreaming(server: Server, deps: VoiceStreamingDeps): { close(): Promise<void> } {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== VOICE_CONNECT_PATH) return refuse(socket, 404, `Not found: no WebSocket at ${url.pathname}.`);
    void upgrade(deps, sockets, req, socket, head, url.searchParams.get('token') ?? '').catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'voice session connection failed');
      refuse(socket, 503, 'Voice sessions are temporarily unavailable; retry shortly.');
    });
  });
  return {
    async close() {
      await deps.voice.connections.closeAll();
      sockets.close();
    },
  };
}

async function upgrade(
  deps: VoiceStreamingDeps,
  sockets: WebSocketServer,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  token: string,
) {
  if (!token) return refuse(socket, 401, "Parameter 'token' not specified: connect with the token POST /v3/voice/realtime answered.");
  const claim = await deps.voice.store.claim(token);
  if (claim.outcome === 'unknown') return refuse(socket, 401, 'Invalid token: request a session with POST /v3/voice/realtime.');
  const accept = () => new Promise<WebSocket>((resolve) => sockets.handleUpgrade(req, socket, head, resolve));
  if (claim.outcome !== 'claimed') {
    const error =
      claim.outcome === 'reused'
        ? new VoiceSessionError('token_reused', 'The token was used already: the session was ended for security. Request a new session.')
        : claim.outcome === 'expired'
          ? new VoiceSessionError(
              'token_expired',
              'The token has expired: request a reconnection token (GET /v3/voice/realtime?token=) or a new session.',
            )
          : new VoiceSessionError('session_closed', 'The session has ended: request a new session.');
    return refuseSession(await accept(), claim.session, error);
  }
  if (claim.session.configuration.upstream) {
    const relay = new VoiceRelay(await accept(), claim.session, claim.connectionId, {
      speechMeter: deps.speechMeter,
      store: deps.voice.store,
      meterEveryMs: deps.voice.settings.meterEveryMs,
      onError: (error) => deps.logger.warn({ err: error, sessionId: claim.session.id }, 'voice session relay failed'),
    });
    return deps.voice.connections.add(relay);
  }
  const { recognizer } = deps.voice;
  const language = (claim.session.configuration.source_language ?? 'en').toUpperCase();
  const translator = await prepareSegmentTranslator(deps, claim.session.configuration, language);
  const terms = await sessionTerms(deps, claim.session, language);
  const socketOpen = await accept();
  if (!recognizer)
    return refuseSession(socketOpen, claim.session, new VoiceSessionError('unavailable', 'Speech recognition is not available.'));
  const connection = new VoiceConnection(socketOpen, claim.session, claim.connectionId, {
    recognizer,
    speechMeter: deps.speechMeter,
    store: deps.voice.store,
    translator,
    ...(deps.voice.ffmpeg ? { ffmpeg: deps.voice.ffmpeg } : {}),
    ...(terms.length > 0 ? { terms } : {}),
    ...(deps.voice.synthesizer ? { synthesizer: deps.voice.synthesizer } : {}),
    idleTimeoutMs: deps.voice.settings.idleTimeoutMs,
    meterEveryMs: deps.voice.settings.meterEveryMs,
    onError: (error) => deps.logger.error({ err: error, sessionId: claim.session.id }, 'voice session failed'),
  });
  deps.voice.connections.add(connection);
}

// The session's spoken terms as they are now; a collection deleted since the session was requested leaves
// recognition without them (said in the log) rather than refusing a session that was promised.
async function sessionTerms(deps: VoiceStreamingDeps, session: StoredSession, language: string): Promise<SpokenTerm[]> {
  const id = session.configuration.spoken_terms_id;
  if (id === undefined || !deps.voice.loadSpokenTerms) return [];
  try {
    return await deps.voice.loadSpokenTerms(id, language);
  } catch (error) {
    if (!(error instanceof TranslatorError) || error.code !== 'NOT_FOUND') throw error;
    deps.logger.warn({ sessionId: session.id, spokenTermsId: id }, "the session's spoken terms were deleted; recognizing without them");
    return [];
  }
}

function refuseSession(socket: WebSocket, session: StoredSession, error: VoiceSessionError): void {
  const format = session.configuration.message_format;
  socket.send(encodeMessage(format, { error: error.body() }), { binary: format === 'msgpack' }, () =>
    socket.close(error.closeCode, error.kind),
  );
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  const reason = { 401: 'Unauthorized', 404: 'Not Found', 503: 'Service Unavailable' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
