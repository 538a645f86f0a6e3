import { translatorValidationMessage } from '@workspace/contracts';
import type { Express, Request } from 'express';
import { requestVoiceSession, type RequestVoiceSessionDeps } from '../../domain/voice/request-voice-session.js';
import { VoiceSessionRequest } from '../../domain/voice/session-configuration.js';
import { TranslatorError } from '../../domain/translator-error.js';
import { keyOf } from '../authenticate.js';
import { REPORTING_TAG_HEADER, reportingTag } from './translate.js';

export const VOICE_CONNECT_PATH = '/v3/voice/realtime/connect';

export interface VoiceRouteDeps extends RequestVoiceSessionDeps {
  publicUrl?: string | undefined;
}

/** ws:// or wss:// as the client reached this service (X-Forwarded-Proto and -Host under TRUST_PROXY). */
export function streamingUrl(deps: Pick<VoiceRouteDeps, 'publicUrl'>, req: Request): string {
  const base = (deps.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  return `${base.replace(/^http/, 'ws')}${VOICE_CONNECT_PATH}`;
}

const RECONNECTION_REFUSED = {
  unknown: () => new TranslatorError('NOT_FOUND', 'No voice session of this key has this token.'),
  closed: () => new TranslatorError('BAD_REQUEST', 'The voice session has ended and cannot be resumed; request a new session.'),
  outdated: () =>
    new TranslatorError(
      'BAD_REQUEST',
      'The token is outdated (a newer one was issued): the session was ended for security; request a new session.',
    ),
};

export function registerVoiceRealtimeRoutes(app: Express, deps: VoiceRouteDeps): void {
  app.post('/v3/voice/realtime', async (req, res) => {
    const parsed = VoiceSessionRequest.safeParse(req.body ?? {});
    if (!parsed.success) throw new TranslatorError('BAD_REQUEST', translatorValidationMessage(parsed.error));
    const tag = reportingTag(req.headers[REPORTING_TAG_HEADER]);
    const session = await requestVoiceSession(deps, parsed.data, { key: keyOf(res), reportingTag: tag, body: req.body });
    res.json({ streaming_url: streamingUrl(deps, req), token: session.token, session_id: session.sessionId });
  });

  app.get('/v3/voice/realtime', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!token) throw new TranslatorError('BAD_REQUEST', "Parameter 'token' not specified: send the session's latest token.");
    const reconnection = await deps.voice.store.reconnect(token, keyOf(res).id);
    if (reconnection.outcome !== 'issued') throw RECONNECTION_REFUSED[reconnection.outcome]();
    await deps.voice.connections.disconnect(reconnection.sessionId);
    // Gateway mode: the upstream session is reconnected too; the relay's next connection uses its new token.
    if (deps.voice.gateway && reconnection.upstream) {
      const upstream = await deps.voice.gateway.reconnect(reconnection.upstream.token);
      await deps.voice.store.setUpstream(reconnection.sessionId, { streaming_url: upstream.streamingUrl, token: upstream.token });
    }
    res.json({ streaming_url: streamingUrl(deps, req), token: reconnection.token, session_id: reconnection.sessionId });
  });
}
