import pg from 'pg';
import { pgClientConfig, type PgTimeouts } from '@workspace/service-kit';
import type { ConnectionPool } from '../../db/database.js';

// Tells every replica at once that a key was deactivated or got new limits, so each drops its cached
// answer for it (authenticate-key.ts) instead of serving it until the cache expires. PostgreSQL
// LISTEN/NOTIFY: no other moving part. Should the listening connection drop, the cache's short
// lifetime (TRANSLATOR_KEY_CACHE_MS) still bounds how long a replica can lag; it reconnects.
const CHANNEL = 'translator_key_changes';
const RECONNECT_MS = 1000;

export interface KeyChangeChannel {
  /** Announces a change of the key with this internal id, to every replica including this one. */
  announce(id: string): Promise<void>;
  /** Starts listening (once the database exists: after migrations at boot). */
  start(): void;
  /** Resolves once this replica listens (changes announced before that reach it only through cache expiry). */
  listening(): Promise<void>;
  close(): Promise<void>;
}

export function openKeyChangeChannel(options: {
  databaseUrl: string;
  /** Bounds on connecting and on LISTEN (service-kit's defaults when not given). */
  timeouts?: PgTimeouts;
  pool: ConnectionPool;
  onChange: (id: string) => void;
  onError?: (error: Error) => void;
}): KeyChangeChannel {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  const connect = (): void => {
    const listener = new pg.Client(pgClientConfig(options.databaseUrl, options.timeouts));
    let failed = false;
    const reconnect = (error: Error) => {
      if (failed) return;
      failed = true;
      options.onError?.(error);
      listener.removeAllListeners();
      void listener.end().catch(() => undefined);
      if (client === listener) client = undefined;
      if (!closed) retry = setTimeout(connect, RECONNECT_MS);
    };
    listener.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) options.onChange(message.payload);
    });
    listener.on('error', reconnect);
    client = listener;
    listener
      .connect()
      .then(
        () => listener.query(`LISTEN ${CHANNEL}`).then(markListening),
        (error: Error) => reconnect(error),
      )
      .catch(reconnect);
  };
  return {
    start() {
      if (!client && !closed) connect();
    },
    async announce(id) {
      await options.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, id]);
    },
    listening: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
