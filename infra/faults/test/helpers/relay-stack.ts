// webhook-relay as it runs in production: the API process (API + ingest) and, apart, the worker
// process, on a database and a Redis of the test's own; an endpoint subscribed to a receiver.
import { randomBytes } from 'node:crypto';
import { databaseUrl } from './databases.js';
import { startService, type ServiceProcess } from './processes.js';
import { pastTransientUnavailable } from './transient.js';

export const BOOTSTRAP_KEY = 'whk_faults_bootstrap_key_00000001';
const auth = { authorization: `Bearer ${BOOTSTRAP_KEY}`, 'content-type': 'application/json' };

export interface RelayStack {
  /** Known once the API has started; restarts keep its ports. */
  readonly apiUrl: string;
  env: Record<string, string>;
  startApi(): Promise<ServiceProcess>;
  startWorker(): Promise<ServiceProcess>;
  /** An endpoint without a provider, subscribed to `receiverUrl`; returns its ingest URL. */
  route(receiverUrl: string): Promise<{ ingestUrl: string; destinationId: string }>;
}

export async function relayStack(options: { database: string; redisUrl: string; appDatabaseUrl?: string }): Promise<RelayStack> {
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl(options.database),
    ...(options.appDatabaseUrl ? { DATABASE_APP_URL: options.appDatabaseUrl } : {}),
    REDIS_URL: options.redisUrl,
    RELAY_QUEUE_PREFIX: `faults-${randomBytes(3).toString('hex')}`,
    RELAY_MASTER_KEY: randomBytes(32).toString('base64'),
    RELAY_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY,
    RELAY_BOOTSTRAP_PLAN: 'enterprise',
    RELAY_WORKERS_IN_PROCESS: 'false',
    RELAY_EGRESS_ALLOW: '127.0.0.1/32',
    RELAY_RECONCILE_INTERVAL_MS: '500',
    RELAY_RETRY_SCHEDULE: '200ms,500ms,1s,2s,5s',
  };
  const apiUrl = () => {
    if (!env.PORT) throw new Error('relayStack: startApi() first');
    return `http://127.0.0.1:${env.PORT}`;
  };
  const post = async (path: string, body: unknown) => {
    const response = await pastTransientUnavailable(() =>
      fetch(`${apiUrl()}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) }),
    );
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  return {
    get apiUrl() {
      return apiUrl();
    },
    env,
    async startApi() {
      const api = await startService({
        service: 'webhook-relay',
        env,
        ports: { PORT: 'webhook-relay API listening', INGEST_PORT: 'webhook-relay ingest listening' },
      });
      env.PORT = String(api.ports.PORT);
      env.INGEST_PORT = String(api.ports.INGEST_PORT);
      return api;
    },
    startWorker: () =>
      startService({
        service: 'webhook-relay',
        entry: 'dist/worker.js',
        env,
        ports: { WORKER_HEALTH_PORT: 'webhook-relay worker probes listening' },
      }),
    async route(receiverUrl) {
      const endpoint = await post('/v1/endpoints', { name: 'faults' });
      const destination = await post('/v1/destinations', { name: 'receiver', url: receiverUrl, timeout_ms: 5000 });
      await post('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
      return { ingestUrl: endpoint.ingest_url!, destinationId: destination.id! };
    },
  };
}

/** The bodies of a destination's deliveries in outbox order: the order FIFO must hold. */
export const OUTBOX_ORDER = `
SELECT convert_from(p.body, 'UTF8') AS body
  FROM deliveries d
  JOIN events e ON e.id = d.event_id
  JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256
 WHERE d.destination_id = $1 AND d.replay_of IS NULL
 ORDER BY d.position`;

export const STORED_BODIES = `
SELECT convert_from(p.body, 'UTF8') AS body
  FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256`;
