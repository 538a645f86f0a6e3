import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { createLogger } from '@workspace/service-kit';
import { createTestDatabase, testServerUrl } from '@workspace/service-kit/testing';
import { createApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/prisma.js';
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
  LOGIN_MAX_FAILURES_PER_USER: 1000,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 1000,
  LOGIN_FAILURE_WINDOW_SECONDS: 900,
};

export interface TestContext {
  db: Database;
  redis: Redis;
  keyPrefix: string;
  // A new app on the same database and Redis: a second replica, or the service after a restart.
  buildApp(config?: Partial<TestConfig>): ReturnType<typeof createApp>;
  app: ReturnType<typeof createApp>;
  loggedInAgent(app?: ReturnType<typeof createApp>): Promise<ReturnType<typeof request.agent>>;
  close(): Promise<void>;
}

// Own database (cloned from the migrated template) and own Redis key prefix per test file.
export async function createTestContext(config: Partial<TestConfig> = {}): Promise<TestContext> {
  const database = await createTestDatabase({ serverUrl: testServerUrl(), templateName: TEMPLATE.templateName, prefix: 'config_store_test' });
  const db = createDatabase(database.url, 5);
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 3 });
  const keyPrefix = `config-store-test:${randomUUID()}:`;
  const logger = createLogger({ service: 'config-store-test', level: 'silent' });
  await db.user.create({ data: { username: USERNAME, passwordHash: await hashPassword(PASSWORD) } });

  const buildApp = (overrides: Partial<TestConfig> = {}) =>
    createApp({
      db,
      redis,
      logger,
      sessionSecrets: ['test-session-secret'],
      config: { ...DEFAULT_TEST_CONFIG, ...config, ...overrides, REDIS_KEY_PREFIX: keyPrefix },
    });
  const app = buildApp();

  return {
    db,
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
      await redis.quit();
      await db.$disconnect();
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
