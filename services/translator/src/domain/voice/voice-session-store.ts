// Sessions and their one-time tokens in PostgreSQL, so any replica can take a connection or a
// reconnection. A token is claimed by one conditional statement: two connections racing on one token
// cannot both win.
import type { ConnectionPool } from '../../db/database.js';
import { hashSecret } from '../keys/key-secret.js';
import type { VoiceSessionRequest } from './session-configuration.js';

/** Gateway mode: the upstream session this one relays to (its latest streaming URL and one-time token). */
export interface UpstreamLink {
  streaming_url: string;
  token: string;
}

export type StoredConfiguration = VoiceSessionRequest & { upstream?: UpstreamLink };

export interface StoredSession {
  id: string;
  keyId: string;
  reportingTag: string | null;
  configuration: StoredConfiguration;
  audioMs: number;
}

export type TokenClaim =
  | { outcome: 'claimed'; session: StoredSession; connectionId: string }
  | { outcome: 'unknown' }
  | { outcome: 'reused' | 'expired' | 'closed'; session: StoredSession };

export type Reconnection =
  | { outcome: 'issued'; sessionId: string; token: string; upstream?: UpstreamLink }
  | { outcome: 'unknown' | 'outdated' | 'closed' };

interface SessionRow {
  id: string;
  api_key_id: string;
  reporting_tag: string | null;
  configuration: StoredConfiguration;
  audio_ms: string;
  status: string;
  used_at: Date | null;
  replaced_at: Date | null;
  expires_at: Date;
}

const FIND_BY_TOKEN = `
SELECT s.id, s.api_key_id, s.reporting_tag, s.configuration, s.audio_ms::text, s.status, t.used_at, t.replaced_at, t.expires_at
  FROM voice_session_tokens t JOIN voice_sessions s ON s.id = t.session_id
 WHERE t.token_hash = $1 FOR UPDATE OF t, s`;

export class VoiceSessionStore {
  constructor(
    private readonly pool: ConnectionPool,
    private readonly options: { now: () => Date; newId: () => string; newToken: () => string; tokenTtlMs: number },
  ) {}

  async create(session: {
    keyId: string;
    reportingTag: string | undefined;
    configuration: StoredConfiguration;
  }): Promise<{ id: string; token: string }> {
    const id = this.options.newId();
    const token = this.options.newToken();
    const now = this.options.now();
    await this.pool.query({
      text: `WITH session AS (
               INSERT INTO voice_sessions (id, api_key_id, reporting_tag, configuration, status, created_at) VALUES ($1, $2, $3, $4, 'open', $5)
             )
             INSERT INTO voice_session_tokens (token_hash, session_id, created_at, expires_at) VALUES ($6, $1, $5, $7)`,
      values: [
        id,
        session.keyId,
        session.reportingTag ?? null,
        JSON.stringify(session.configuration),
        now,
        hashSecret(token),
        this.expiry(now),
      ],
    });
    return { id, token };
  }

  /** The WebSocket's token: used once; a used or replaced one ends its session (DeepL's rule). */
  async claim(token: string): Promise<TokenClaim> {
    return this.transaction(async (query) => {
      const row = (await query<SessionRow>(FIND_BY_TOKEN, [hashSecret(token)]))[0];
      if (!row) return { outcome: 'unknown' };
      const session = toSession(row);
      if (row.status !== 'open') return { outcome: 'closed', session };
      if (row.used_at !== null || row.replaced_at !== null) {
        await query(`UPDATE voice_sessions SET status = 'failed', connection_id = NULL, ended_at = $2 WHERE id = $1`, [
          row.id,
          this.options.now(),
        ]);
        return { outcome: 'reused', session };
      }
      if (row.expires_at.getTime() <= this.options.now().getTime()) return { outcome: 'expired', session };
      const connectionId = this.options.newId();
      await query('UPDATE voice_session_tokens SET used_at = $2 WHERE token_hash = $1', [hashSecret(token), this.options.now()]);
      await query('UPDATE voice_sessions SET connection_id = $2 WHERE id = $1', [row.id, connectionId]);
      return { outcome: 'claimed', session, connectionId };
    });
  }

  /** GET /v3/voice/realtime?token=: a fresh token for the key's open session; the connection on it is dropped. */
  async reconnect(token: string, keyId: string): Promise<Reconnection> {
    return this.transaction(async (query) => {
      const row = (await query<SessionRow>(FIND_BY_TOKEN, [hashSecret(token)]))[0];
      if (!row || row.api_key_id !== keyId) return { outcome: 'unknown' };
      if (row.status !== 'open') return { outcome: 'closed' };
      const now = this.options.now();
      if (row.replaced_at !== null) {
        await query(`UPDATE voice_sessions SET status = 'failed', connection_id = NULL, ended_at = $2 WHERE id = $1`, [row.id, now]);
        return { outcome: 'outdated' };
      }
      const fresh = this.options.newToken();
      await query('UPDATE voice_session_tokens SET replaced_at = $2 WHERE session_id = $1 AND replaced_at IS NULL', [row.id, now]);
      await query('INSERT INTO voice_session_tokens (token_hash, session_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        hashSecret(fresh),
        row.id,
        now,
        this.expiry(now),
      ]);
      await query('UPDATE voice_sessions SET connection_id = NULL WHERE id = $1', [row.id]);
      return {
        outcome: 'issued',
        sessionId: row.id,
        token: fresh,
        ...(row.configuration.upstream ? { upstream: row.configuration.upstream } : {}),
      };
    });
  }

  /** Gateway mode: the upstream's fresh streaming URL and token after a reconnection. */
  async setUpstream(sessionId: string, upstream: UpstreamLink): Promise<void> {
    await this.pool.query({
      text: `UPDATE voice_sessions SET configuration = jsonb_set(configuration::jsonb, '{upstream}', $2::jsonb) WHERE id = $1`,
      values: [sessionId, JSON.stringify(upstream)],
    });
  }

  /** Records the audio taken; false when another connection (a reconnection) took the session over. */
  async progress(sessionId: string, connectionId: string, audioMs: number): Promise<boolean> {
    // Audio taken before a reconnection (which clears connection_id) still moves the next connection's origin.
    const { rows } = await this.pool.query<{ current: boolean }>({
      name: 'translator-voice-progress',
      text: `UPDATE voice_sessions SET audio_ms = GREATEST(audio_ms, $3)
              WHERE id = $1 AND status = 'open' AND (connection_id = $2 OR connection_id IS NULL)
          RETURNING connection_id IS NOT DISTINCT FROM $2::uuid AS current`,
      values: [sessionId, connectionId, audioMs],
    });
    return rows[0]?.current === true;
  }

  /** The connection is gone: `ended` and `failed` take no more connections; `open` waits for a reconnection. */
  async release(sessionId: string, connectionId: string, audioMs: number, status: 'open' | 'ended' | 'failed'): Promise<void> {
    await this.pool.query({
      text: `UPDATE voice_sessions SET audio_ms = GREATEST(audio_ms, $3), connection_id = NULL, status = $4::text,
                    ended_at = CASE WHEN $4::text = 'open' THEN NULL ELSE $5::timestamptz END
              WHERE id = $1 AND status = 'open' AND (connection_id = $2 OR connection_id IS NULL)`,
      values: [sessionId, connectionId, audioMs, status, this.options.now()],
    });
  }

  private expiry(now: Date): Date {
    return new Date(now.getTime() + this.options.tokenTtlMs);
  }

  private async transaction<T>(work: (query: <R>(text: string, values: unknown[]) => Promise<R[]>) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(async <R>(text: string, values: unknown[]) => (await client.query(text, values)).rows as R[]);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

function toSession(row: SessionRow): StoredSession {
  return {
    id: row.id,
    keyId: row.api_key_id,
    reportingTag: row.reporting_tag,
    configuration: row.configuration,
    audioMs: Number(row.audio_ms),
  };
}
