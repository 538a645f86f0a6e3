// A request the engine cannot serve costs nothing: its metered characters are given back.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { EngineError } from '../../src/engine/engine-error.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const failingEngine = enEsEngine(async () => {
  throw new EngineError('RESTARTED', 'the chain was restarted');
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine: failingEngine });
});
afterAll(() => ctx.close());

describe('metering when the engine fails', () => {
  it('answers 503 with Retry-After and refunds the characters everywhere they were counted', async () => {
    const { id, secret } = await ctx.createKey({ characterLimit: 100n });
    const response = await request(ctx.app)
      .post('/v2/translate')
      .set(auth(secret))
      .set('X-DeepL-Reporting-Tag', 'team-b')
      .send({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES' })
      .expect(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.body.message).toMatch(/temporarily unavailable/);
    const [period] = await ctx.db.periodUsage.findMany({ where: { apiKeyId: id } });
    const [daily] = await ctx.db.dailyUsage.findMany({ where: { apiKeyId: id } });
    const [tagged] = await ctx.db.tagUsage.findMany({ where: { apiKeyId: id } });
    expect(Number(period!.characters)).toBe(0);
    expect([Number(daily!.textTranslationCharacters), daily!.requests]).toEqual([0, 0]);
    expect([Number(tagged!.textTranslationCharacters), tagged!.requests]).toEqual([0, 0]);
  });
});
