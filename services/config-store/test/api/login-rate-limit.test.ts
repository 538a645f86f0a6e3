import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { createLogger } from '@workspace/service-kit';
import { hashPassword } from '../../src/domain/password-hash.js';
import { AppError } from '../../src/domain/app-error.js';
import { configStoreErrorHandler } from '../../src/http/error-handler.js';
import { loginRateLimits } from '../../src/http/login-rate-limit.js';
import { PASSWORD, USERNAME, createTestContext, type TestContext } from '../helpers/test-app.js';

const PAIR_LIMIT = 5;
const ADDRESS_LIMIT = 8;
const USER_CEILING = 12;

let context: TestContext;
let app: TestContext['app'];
beforeAll(async () => {
  context = await createTestContext({
    LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS: PAIR_LIMIT,
    LOGIN_MAX_FAILURES_PER_ADDRESS: ADDRESS_LIMIT,
    LOGIN_MAX_FAILURES_PER_USER: USER_CEILING,
    TRUST_PROXY: true,
  });
  app = context.app;
});
afterAll(() => context.close());

// Behind a trusted proxy the client address comes from X-Forwarded-For, so each test has its own.
const attempt = (from: string, username: string, password: string, target = app) =>
  request(target).post('/login').set('X-Forwarded-For', from).send({ username, password });

// Each test locks out its own user, so the counters of one never reach another.
const createUser = async (username: string, password: string) =>
  context.db.user.create({ data: { username, passwordHash: await hashPassword(password) } });

const tooMany = (scope: string) => `too many failed logins ${scope}; try again within 15 minutes`;

describe('login rate limits', () => {
  it('does not count successful logins', async () => {
    for (let i = 0; i < 8; i += 1) expect((await attempt('198.51.100.1', USERNAME, PASSWORD)).status).toBe(200);
  });

  it('lets the owner log in from their own address while a stranger hammers the account from another', async () => {
    await createUser('owner', 'owner-password');
    for (let i = 0; i < PAIR_LIMIT; i += 1) expect((await attempt('203.0.113.66', 'owner', `guess-${i}`)).status).toBe(401);
    for (let i = 0; i < 10; i += 1) expect((await attempt('203.0.113.66', 'owner', `more-${i}`)).status).toBe(429);
    const owner = await attempt('198.51.100.44', 'owner', 'owner-password');
    expect(owner.status).toBe(200);
    expect(owner.text).toBe('Authorized');
  });

  it('refuses the same user and address after 5 failures, even with the right password, with Retry-After', async () => {
    await createUser('pair-user', 'pair-password');
    for (let i = 0; i < PAIR_LIMIT; i += 1) expect((await attempt('198.51.100.70', 'pair-user', 'wrong')).status).toBe(401);
    const limited = await attempt('198.51.100.70', 'pair-user', 'pair-password');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: tooMany('for this user from this address') });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['set-cookie']).toBeUndefined();
  });

  it('counts case and Unicode spellings of one user name as the same user', async () => {
    const spellings = ['Jos\u00e9', 'jose\u0301', 'JOS\u00c9', 'jos\u00e9', 'JOSE\u0301'];
    for (const spelling of spellings) expect((await attempt('198.51.100.80', spelling, 'wrong')).status).toBe(401);
    expect((await attempt('198.51.100.80', 'jos\u00e9', 'wrong')).body).toEqual({ message: tooMany('for this user from this address') });
  });

  it("refuses every address, the owner's included, once failures for a user from many addresses reach the ceiling", async () => {
    await createUser('target', 'target-password');
    for (let i = 0; i < USER_CEILING; i += 1) expect((await attempt(`192.0.2.${i + 1}`, 'target', 'wrong')).status).toBe(401);
    const limited = await attempt('192.0.2.200', 'target', 'target-password');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: tooMany('for this user') });
    expect(limited.headers['retry-after']).toBeDefined();
    // Other users are not affected.
    expect((await attempt('192.0.2.201', USERNAME, PASSWORD)).status).toBe(200);
  });

  it('limits one address across user names, and leaves other addresses alone', async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i += 1) expect((await attempt('203.0.113.7', `someone-${i}`, 'wrong')).status).toBe(401);
    const limited = await attempt('203.0.113.7', 'someone-else', 'wrong');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: tooMany('from this address') });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attempt('203.0.113.8', 'another-user', 'wrong')).status).toBe(401);
  });
});

describe('delays once a user has many failures', () => {
  it('still lets the owner in with the right password while the delays apply', async () => {
    await createUser('delayed-owner', 'delayed-password');
    const delaying = context.buildApp({ LOGIN_DELAY_AFTER_FAILURES: 3, LOGIN_DELAY_BASE_MILLISECONDS: 1, LOGIN_DELAY_MAX_MILLISECONDS: 4 });
    for (let i = 0; i < 6; i += 1) expect((await attempt(`192.0.2.${100 + i}`, 'delayed-owner', 'wrong', delaying)).status).toBe(401);
    expect((await attempt('198.51.100.90', 'delayed-owner', 'delayed-password', delaying)).status).toBe(200);
  });

  it('makes every attempt for the user, from any address and right or wrong, wait a doubling delay up to the cap', async () => {
    const waits: number[] = [];
    const limits = loginRateLimits({
      redis: context.redis,
      keyPrefix: `${context.keyPrefix}delays:`,
      windowSeconds: 900,
      maxFailuresPerUserAndAddress: 100,
      maxFailuresPerAddress: 100,
      maxFailuresPerUser: 100,
      delay: { afterFailures: 3, baseMilliseconds: 250, maxMilliseconds: 2000 },
      sleep: async (milliseconds) => void waits.push(milliseconds),
    });
    const probe = express();
    probe.set('trust proxy', true);
    probe.post('/login', express.json(), ...limits, (req, res, next) =>
      req.body.password === 'right' ? res.send('Authorized') : next(new AppError('UNAUTHORIZED', 'Unauthorized')),
    );
    probe.use(configStoreErrorHandler(createLogger({ service: 'test', level: 'silent' })));

    for (let i = 0; i < 8; i += 1) expect((await attempt(`192.0.2.${150 + i}`, 'someone', 'wrong', probe)).status).toBe(401);
    expect(waits).toEqual([250, 500, 1000, 2000, 2000]);
    // The owner's attempt waits as long as a guess would, so the wait says nothing about the password.
    expect((await attempt('198.51.100.99', 'someone', 'right', probe)).status).toBe(200);
    expect(waits.at(-1)).toBe(2000);
    expect((await attempt('198.51.100.99', 'someone-else', 'wrong', probe)).status).toBe(401);
    expect(waits).toHaveLength(6);
  });
});
