import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => new Date('2026-11-22T10:00:00Z') });
});
afterAll(() => ctx.close());

describe('GET/POST /v2/languages', () => {
  it('lists source languages without supports_formality, upper-case, from the installed pairs', async () => {
    const response = await request(ctx.app).get('/v2/languages').set(auth(ctx.adminKey)).expect(200);
    expect(response.body).toEqual(
      expect.arrayContaining([
        { language: 'EN', name: 'English' },
        { language: 'ES', name: 'Spanish' },
      ]),
    );
    for (const item of response.body) expect(item).not.toHaveProperty('supports_formality');
    expect(response.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists target languages with supports_formality and DeepL variants instead of bare EN and PT', async () => {
    const response = await request(ctx.app).get('/v2/languages?type=target').set(auth(ctx.adminKey)).expect(200);
    const codes = response.body.map((item: { language: string }) => item.language);
    expect(codes).toEqual(expect.arrayContaining(['ES', 'EN-GB', 'EN-US', 'PT-PT', 'PT-BR']));
    expect(codes).not.toContain('EN');
    expect(codes).not.toContain('PT');
    expect(response.body.find((item: { language: string }) => item.language === 'EN-US')).toEqual({
      language: 'EN-US',
      name: 'English (American)',
      supports_formality: false,
      // Not DeepL's: the sources that reach it only through a third language (GL -> ES -> EN-US).
      pivoted_from: expect.arrayContaining(['GL']),
    });
  });

  it('answers POST with a form body the same way', async () => {
    const response = await request(ctx.app).post('/v2/languages').set(auth(ctx.adminKey)).type('form').send('type=target').expect(200);
    expect(response.body.some((item: { language: string }) => item.language === 'ES')).toBe(true);
  });

  it('refuses an unknown type with 400 naming it', async () => {
    const response = await request(ctx.app).get('/v2/languages?type=both').set(auth(ctx.adminKey)).expect(400);
    expect(response.body.message).toMatch(/'type'/);
  });

  it('refuses a missing key with 403', async () => {
    await request(ctx.app).get('/v2/languages').expect(403);
  });
});

describe('GET/POST /v2/usage', () => {
  it('reports the calling key’s characters this month and its limit', async () => {
    const { secret } = await ctx.createKey({ characterLimit: 5000n });
    await request(ctx.app)
      .post('/v2/translate')
      .set(auth(secret))
      .send({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES' })
      .expect(200);
    const response = await request(ctx.app).get('/v2/usage').set(auth(secret)).expect(200);
    expect(response.body).toEqual({
      character_count: 12,
      character_limit: 5000,
      api_key_character_count: 12,
      api_key_character_limit: 5000,
      start_time: '2026-11-01T00:00:00.000Z',
      end_time: '2026-12-01T00:00:00.000Z',
      // DeepL's speech fields: minutes of voice sessions and jobs (none here); the millisecond ones are deprecated, always 0.
      speech_to_text_milliseconds_count: 0,
      speech_to_text_milliseconds_limit: 0,
      speech_to_text_minutes_count: 0,
    });
    const posted = await request(ctx.app).post('/v2/usage').set(auth(secret)).expect(200);
    expect(posted.body.character_count).toBe(12);
  });

  it('reports DeepL’s unlimited figure for a key without a limit', async () => {
    const response = await request(ctx.app).get('/v2/usage').set(auth(ctx.adminKey)).expect(200);
    expect(response.body.character_limit).toBe(1_000_000_000_000);
  });
});
