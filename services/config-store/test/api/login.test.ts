import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { SESSION_COOKIE } from '../../src/http/session-middleware.js';
import { PASSWORD, USERNAME, createTestContext, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const sessionCookie = (response: request.Response): string | undefined =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));

describe('POST /login', () => {
  it('answers 200 "Authorized" and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const response = await request(context.app).post('/login').send({ username: USERNAME, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.text).toBe('Authorized');
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('accepts "name" as an alias of "username", as the spec sample sends it', async () => {
    const response = await request(context.app).post('/login').send({ name: USERNAME, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.text).toBe('Authorized');
  });

  it.each([
    ['a wrong password', { username: USERNAME, password: 'wrong' }],
    ['an unknown user', { username: 'nobody', password: PASSWORD }],
  ])('answers 401 "Unauthorized" and sets no cookie for %s', async (_case, body) => {
    const response = await request(context.app).post('/login').send(body);
    expect(response.status).toBe(401);
    expect(response.text).toBe('Unauthorized');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['no password', { username: USERNAME }, 'password is required'],
    ['no user name', { password: PASSWORD }, 'username is required'],
    ['a numeric password', { username: USERNAME, password: 123 }, 'password must be a string'],
  ])('answers 400 naming the problem for %s', async (_case, body, message) => {
    const response = await request(context.app).post('/login').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await request(context.app).post('/login').set('Content-Type', 'application/json').send('{"username":');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('not valid JSON');
  });

  it('issues a new session id at login, so an earlier id is not carried over', async () => {
    const agent = request.agent(context.app);
    const first = sessionCookie(await agent.post('/login').send({ username: USERNAME, password: PASSWORD }));
    const second = sessionCookie(await agent.post('/login').send({ username: USERNAME, password: PASSWORD }));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second!.split(';')[0]).not.toBe(first!.split(';')[0]);
    const stale = await request(context.app).get('/configurations/').set('Cookie', first!.split(';')[0]!);
    expect(stale.status).toBe(403);
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const app = context.buildApp({ TRUST_PROXY: true });
    const response = await request(app).post('/login').set('X-Forwarded-Proto', 'https').send({ username: USERNAME, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(sessionCookie(response)).toMatch(/Secure/);
  });
});

describe('POST /logout', () => {
  it('answers 200 "Success" and the old session cookie is refused afterwards', async () => {
    const login = await request(context.app).post('/login').send({ username: USERNAME, password: PASSWORD });
    const cookie = sessionCookie(login)!.split(';')[0]!;
    expect((await request(context.app).get('/configurations/').set('Cookie', cookie)).status).toBe(200);

    const logout = await request(context.app).post('/logout').set('Cookie', cookie);
    expect(logout.status).toBe(200);
    expect(logout.text).toBe('Success');

    const replay = await request(context.app).get('/configurations/').set('Cookie', cookie);
    expect(replay.status).toBe(403);
  });

  it('answers 403 without a session', async () => {
    expect((await request(context.app).post('/logout')).status).toBe(403);
  });
});
