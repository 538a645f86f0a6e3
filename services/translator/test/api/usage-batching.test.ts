// Keys without a character limit are metered in group commits: many concurrent requests, several keys
// and reporting tags, and every character and request is counted exactly once in each place reports read.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const echoEngine = enEsEngine(async (segments) => segments.map((text) => ({ text, detectedSource: 'EN' })));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine: echoEngine });
});
afterAll(() => ctx.close());

describe('usage of keys without a limit', () => {
  it('60 concurrent requests over 3 keys and 2 tags are each counted once per key, day and tag', async () => {
    const keys = await Promise.all([0, 1, 2].map(() => ctx.createKey({ characterLimit: null })));
    const sent = Array.from({ length: 60 }, (_, i) => ({
      key: keys[i % 3]!,
      tag: i % 2 ? 'team-a' : 'team-b',
      text: 'ü'.repeat(1 + (i % 7)),
    }));
    const responses = await Promise.all(
      sent.map(({ key, tag, text }) =>
        request(ctx.app)
          .post('/v2/translate')
          .set(auth(key.secret))
          .set('X-DeepL-Reporting-Tag', tag)
          .send({ text: [text], source_lang: 'EN', target_lang: 'ES' }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(sent.map(() => 200));

    for (const key of keys) {
      const mine = sent.filter((s) => s.key === key);
      const characters = mine.reduce((sum, s) => sum + s.text.length, 0);
      const [period] = await ctx.db.periodUsage.findMany({ where: { apiKeyId: key.id } });
      const [daily] = await ctx.db.dailyUsage.findMany({ where: { apiKeyId: key.id } });
      expect(Number(period!.characters)).toBe(characters);
      expect([Number(daily!.textTranslationCharacters), daily!.requests]).toEqual([characters, mine.length]);
      const tagged = await ctx.db.tagUsage.findMany({ where: { apiKeyId: key.id }, orderBy: { tag: 'asc' } });
      expect(tagged.map((row) => [row.tag, Number(row.textTranslationCharacters), row.requests])).toEqual(
        ['team-a', 'team-b'].map((tag) => {
          const rows = mine.filter((s) => s.tag === tag);
          return [tag, rows.reduce((sum, s) => sum + s.text.length, 0), rows.length];
        }),
      );
    }
  });

  it('GET /v2/usage shows what the group commits counted', async () => {
    const key = await ctx.createKey({ characterLimit: null });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        request(ctx.app)
          .post('/v2/translate')
          .set(auth(key.secret))
          .send({ text: ['Hello world.'], target_lang: 'ES', source_lang: 'EN' })
          .expect(200),
      ),
    );
    const usage = await request(ctx.app).get('/v2/usage').set(auth(key.secret)).expect(200);
    expect(usage.body.character_count).toBe(60);
  });
});
