import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { PASSWORD, USERNAME, createTestContext, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
let app: TestContext['app'];
beforeAll(async () => {
  context = await createTestContext({ LOGIN_MAX_FAILURES_PER_USER: 3, LOGIN_MAX_FAILURES_PER_ADDRESS: 5, TRUST_PROXY: true });
  app = context.app;
});
afterAll(() => context.close());

// Behind a trusted proxy the client address comes from X-Forwarded-For, so each test has its own.
const attempt = (from: string, username: string, password: string) =>
  request(app).post('/login').set('X-Forwarded-For', from).send({ username, password });

describe('login rate limits', () => {
  it('does not count successful logins', async () => {
    for (let i = 0; i < 8; i += 1) expect((await attempt('198.51.100.1', USERNAME, PASSWORD)).status).toBe(200);
  });

  it('answers 429 with a message once a user name has too many failures, even with the right password', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt(`198.51.100.${10 + i}`, USERNAME, 'wrong')).status).toBe(401);
    const limited = await attempt('198.51.100.20', USERNAME, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('too many failed logins for this user');
    expect(limited.headers['set-cookie']).toBeUndefined();
  });

  it('limits one address across user names, and leaves other addresses alone', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt('203.0.113.7', `someone-${i}`, 'wrong')).status).toBe(401);
    const limited = await attempt('203.0.113.7', `someone-else`, 'wrong');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('from this address');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attempt('203.0.113.8', 'another-user', 'wrong')).status).toBe(401);
  });
});
