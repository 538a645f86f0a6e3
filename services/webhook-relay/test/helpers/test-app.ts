import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type pg from 'pg';
import request from 'supertest';
import { createLogger, createPgPool } from '@workspace/service-kit';
import { RedisSessionStore } from '@workspace/service-kit/sessions';
import { createTestDatabase, TEST_PG_TIMEOUTS, testServerUrl } from '@workspace/service-kit/testing';
import { createApp } from '../../src/app.js';
import { APP_DATABASE_ROLE } from '../../src/config.js';
import { MasterKeyProvider } from '../../src/crypto/master-key-provider.js';
import { TenantKeyring } from '../../src/crypto/tenant-keyring.js';
import { LONG_STATEMENTS, openDatabase, type ConnectionPool, type Database } from '../../src/db/prisma.js';
import { TenantDatabase } from '../../src/db/tenant-database.js';
import { sessionSecretsFrom } from '../../src/dashboard/dashboard-sessions.js';
import type { Deps } from '../../src/deps.js';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { EventNotices } from '../../src/live/event-notices.js';
import { LiveEvents } from '../../src/live/live-events.js';
import { ensureBootstrapTenant } from '../../src/domain/tenants/ensure-bootstrap-tenant.js';
import { systemRuntime, type Runtime } from '../../src/domain/runtime.js';
import { SealedValues } from '../../src/domain/sealed-values.js';
import { TEMPLATE } from './template.js';
import { mcpSettings, type McpSettings } from '../../src/mcp/mcp-settings.js';
import { oauthSettings } from '../../src/mcp/oauth/oauth-settings.js';

export const INGEST_BASE = 'https://in.example.test';
export const TEST_MASTER_KEY = Buffer.alloc(32, 7);

/** The MCP server's settings for a relay whose public URL is `publicUrl`, keys derived from TEST_MASTER_KEY. */
export function testMcpSettings(publicUrl: string, accessTokenTtlSeconds = 900): McpSettings {
  return mcpSettings(
    oauthSettings({ publicUrl, masterKeys: [TEST_MASTER_KEY], accessTokenTtlSeconds, refreshTokenTtlSeconds: 30 * 24 * 3600 }),
    [],
    [],
  );
}

/** The system runtime with a clock tests can move. */
export function testRuntime(start = new Date('2026-11-23T10:00:00.000Z')): Runtime & { advance(ms: number): void } {
  let now = start.getTime();
  return { ...systemRuntime, now: () => new Date(now), advance: (ms) => void (now += ms) };
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  db: Database;
  /** As the application role, like the service. */
  pool: ConnectionPool;
  /** As the owner (postgres): what an administrator or an attacker with the owner's password could do. */
  ownerPool: pg.Pool;
  databaseUrl: string;
  appRoleUrl: string;
  runtime: ReturnType<typeof testRuntime>;
  /** A new tenant (on the free plan unless told) and a key that opens it. */
  newTenant(plan?: string): Promise<{ tenantId: string; apiKey: string; auth: { Authorization: string } }>;
  /** Redis for the dashboard's sessions and the live feed (connects on first use), under this context's own prefix. */
  redis: Redis;
  /** What ingest publishes for the live feed (createIngest's `notices`). */
  notices: EventNotices;
  /** The Redis key prefix of this context's live feed (its channels and watch). */
  livePrefix: string;
  close(): Promise<void>;
}

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function appRoleUrlOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.username = APP_DATABASE_ROLE;
  url.password = '';
  return url.toString();
}

// Own database per test file, cloned from the migrated template; the app connects as webhook_relay_app.
export async function createTestContext(overrides: Partial<Deps> = {}): Promise<TestContext> {
  const database = await createTestDatabase({
    serverUrl: testServerUrl(),
    templateName: TEMPLATE.templateName,
    prefix: 'webhook_relay_test',
  });
  const appRoleUrl = appRoleUrlOf(database.url);
  const handles = openDatabase(appRoleUrl, 5, () => undefined, { ...TEST_PG_TIMEOUTS, longStatements: LONG_STATEMENTS });
  // An error listener, as every pool needs: an idle connection closed by the server must not crash the run.
  const ownerPool = createPgPool(database.url, 2, () => undefined, TEST_PG_TIMEOUTS);
  // Tests move their runtime's clock days ahead and run retention passes at it: the database lets a pass's clock
  // lead its own by 5 minutes at most (relay_retention_now), so a test database allows ten years.
  await ownerPool.query('UPDATE retention_clock SET max_lead_seconds = 10 * 365 * 86400');
  const runtime = testRuntime();
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const prefix = `relay-test-${randomBytes(6).toString('hex')}`;
  const ignore = () => {};
  const live = new LiveEvents(() => redis.duplicate(), prefix, ignore, { commands: redis });
  const notices = new EventNotices(redis, prefix, ignore);
  const deps: Deps = {
    pool: handles.pool,
    tenants: new TenantDatabase(handles.db),
    sealed: new SealedValues(new TenantKeyring({ provider: new MasterKeyProvider({ current: TEST_MASTER_KEY }) })),
    runtime,
    logger: createLogger({ service: 'webhook-relay-test', level: (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent' }),
    config: { ingestBaseUrl: INGEST_BASE, IDEMPOTENCY_TTL_SECONDS: 3600, TRUST_PROXY: false },
    // As the test config allows it (RELAY_EGRESS_ALLOW=127.0.0.1/32): local receivers are 127.0.0.1.
    egressGuard: new EgressGuard(parseCidrList('127.0.0.1/32')),
    dashboard: {
      store: new RedisSessionStore(redis, { prefix: `${prefix}:dashboard-session:`, ttlSeconds: 3600, cacheMilliseconds: 0 }),
      secrets: sessionSecretsFrom([TEST_MASTER_KEY]),
      ttlSeconds: 3600,
    },
    live,
    // The MCP server on a nominal public URL (test/mcp serves it on a real one).
    mcp: testMcpSettings('http://127.0.0.1:8100'),
    ...overrides,
  };
  return {
    app: createApp(deps),
    deps,
    db: handles.db,
    pool: handles.pool,
    ownerPool,
    databaseUrl: database.url,
    appRoleUrl,
    runtime,
    redis,
    notices,
    livePrefix: prefix,
    async newTenant(plan = 'free') {
      const apiKey = `whk_${randomBytes(32).toString('base64url')}`;
      await ensureBootstrapTenant({ pool: deps.pool, tenants: deps.tenants, runtime: deps.runtime, apiKey, plan });
      const { rows } = await deps.pool.query<{ tenant_id: string }>('SELECT tenant_id FROM relay_find_api_key(sha256($1::bytea))', [
        Buffer.from(apiKey),
      ]);
      return { tenantId: rows[0]!.tenant_id, apiKey, auth: { Authorization: `Bearer ${apiKey}` } };
    },
    async close() {
      try {
        await live.close();
        notices.close();
        redis.disconnect();
        await ownerPool.end();
        await handles.close();
      } finally {
        await database.drop();
      }
    },
  };
}

export type TestTenant = Awaited<ReturnType<TestContext['newTenant']>>;

/** A fresh context with one tenant in it: what most test files start from. */
export async function createContextWithTenant(): Promise<{ context: TestContext; tenant: TestTenant }> {
  const context = await createTestContext();
  return { context, tenant: await context.newTenant() };
}

export const api = (context: TestContext) => request(context.app);
