import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { createLogger } from '@workspace/service-kit';
import { createTestDatabase, TEST_PG_TIMEOUTS, testServerUrl } from '@workspace/service-kit/testing';
import { createApp } from '../../src/app.js';
import { openDatabase, type ConnectionPool, type Database } from '../../src/db/prisma.js';
import { RedisSessionStore } from '@workspace/service-kit/sessions';
import type { Deps } from '../../src/deps.js';
import { hashPassword } from '../../src/domain/password-hash.js';
import { TEMPLATE } from './template.js';

export const USERNAME = 'admin';
export const PASSWORD = 'correct horse battery staple';

export type TestConfig = Deps['config'];

export const DEFAULT_TEST_CONFIG: TestConfig = {
  REDIS_KEY_PREFIX: 'unused:',
  SESSION_TTL_SECONDS: 3600,
  TRUST_PROXY: false,
  LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS: 1000,
  LOGIN_MAX_FAILURES_PER_USER: 1000,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 1000,
  LOGIN_FAILURE_WINDOW_SECONDS: 900,
  LOGIN_DELAY_AFTER_FAILURES: 1000,
  LOGIN_DELAY_BASE_MILLISECONDS: 0,
  LOGIN_DELAY_MAX_MILLISECONDS: 0,
};

export interface TestContext {
  db: Database;
  pool: ConnectionPool;
  redis: Redis;
  keyPrefix: string;
  // A new app on the same database and Redis: a second replica, or the service after a restart.
  buildApp(config?: Partial<TestConfig>, deps?: Partial<Deps>): ReturnType<typeof createApp>;
  app: ReturnType<typeof createApp>;
  loggedInAgent(app?: ReturnType<typeof createApp>): Promise<ReturnType<typeof request.agent>>;
  close(): Promise<void>;
}

// Own database (cloned from the migrated template) and own Redis key prefix per test file.
export async function createTestContext(config: Partial<TestConfig> = {}): Promise<TestContext> {
  const database = await createTestDatabase({
    serverUrl: testServerUrl(),
    templateName: TEMPLATE.templateName,
    prefix: 'config_store_test',
  });
  const handles = openDatabase(database.url, 5, () => undefined, TEST_PG_TIMEOUTS);
  const { db, pool } = handles;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const subscribers: Redis[] = [];
  const keyPrefix = `config-store-test:${randomUUID()}:`;
  const logger = createLogger({ service: 'config-store-test', level: 'silent' });
  await db.user.create({ data: { username: USERNAME, passwordHash: await hashPassword(PASSWORD) } });

  // Each app gets its own session store and change subscription, as a separate replica would.
  const buildApp = (overrides: Partial<TestConfig> = {}, depsOverrides: Partial<Deps> = {}) => {
    const merged = { ...DEFAULT_TEST_CONFIG, ...config, ...overrides, REDIS_KEY_PREFIX: keyPrefix };
    const subscriber = new Redis(redisUrl);
    subscribers.push(subscriber);
    const sessionStore = new RedisSessionStore(redis, {
      prefix: keyPrefix,
      ttlSeconds: merged.SESSION_TTL_SECONDS,
      cacheMilliseconds: 2000,
      subscriber,
    });
    void sessionStore.listenForChanges();
    return createApp({ db, pool, redis, logger, sessionStore, sessionSecrets: ['test-session-secret'], config: merged, ...depsOverrides });
  };
  const app = buildApp();

  return {
    db,
    pool,
    redis,
    keyPrefix,
    buildApp,
    app,
    async loggedInAgent(target = app) {
      const agent = request.agent(target);
      await agent.post('/login').send({ username: USERNAME, password: PASSWORD }).expect(200);
      return agent;
    },
    async close() {
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      for (const subscriber of subscribers) subscriber.disconnect();
      await redis.quit();
      await handles.close();
      await database.drop();
    },
  };
}

export const record = (name: string, overrides: Partial<{ hostname: string; port: number; username: string }> = {}) => ({
  name,
  hostname: `${name}.example.com`,
  port: 5432,
  username: 'app',
  ...overrides,
});
