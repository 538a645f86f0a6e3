// Keys without a character limit are metered in group commits: many concurrent requests, several keys
// and reporting tags, and every character and request is counted exactly once in each place reports read.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ConnectionPool } from '../../src/db/database.js';
import { UsageBatcher } from '../../src/domain/usage/usage-batcher.js';
import { UsageMeter } from '../../src/domain/usage/usage-meter.js';
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

describe('usage committed while the engine works', () => {
  it('requests in the engine together share one commit of their usage, each counted once', async () => {
    // The engine answers nobody until all of them are in it, as a busy engine's queue holds them.
    const concurrent = 12;
    let waiting: Array<() => void> = [];
    const engine = enEsEngine(async (segments) => {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === concurrent) for (const release of waiting.splice(0)) release();
      });
      return segments.map((text) => ({ text, detectedSource: 'EN' }));
    });
    // The real pool, with its usage statements counted.
    let usageStatements = 0;
    const counting = (pool: ConnectionPool) =>
      new Proxy(pool, {
        get: (target, name, receiver) =>
          name === 'query'
            ? (config: { name?: string }, ...rest: unknown[]) => {
                if (config?.name === 'translator-add-usage') usageStatements += 1;
                return (target.query as (...args: unknown[]) => unknown)(config, ...rest);
              }
            : Reflect.get(target, name, receiver),
      });
    // No entry is hurried by the wait limit, however slowly the requests arrive on a busy machine.
    const busy = await createTestContext({
      engine,
      meter: (pool, now) => new UsageMeter(counting(pool), now, new UsageBatcher(counting(pool), { maxWaitMs: 120_000 })),
    });
    try {
      const key = await busy.createKey({ characterLimit: null });
      const responses = await Promise.all(
        Array.from({ length: concurrent }, (_, i) =>
          request(busy.app)
            .post('/v2/translate')
            .set(auth(key.secret))
            .send({ text: [`Text number ${i}.`], source_lang: 'EN', target_lang: 'ES' }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array.from({ length: concurrent }, () => 200));
      // The first request was alone when it came (committed at once); the others waited for the engine together.
      expect(usageStatements).toBeLessThanOrEqual(2);
      const usage = await request(busy.app).get('/v2/usage').set(auth(key.secret)).expect(200);
      const characters = Array.from({ length: concurrent }, (_, i) => `Text number ${i}.`.length).reduce((a, b) => a + b, 0);
      expect(usage.body.character_count).toBe(characters);
      const [daily] = await busy.db.dailyUsage.findMany({ where: { apiKeyId: key.id } });
      expect(daily!.requests).toBe(concurrent);
    } finally {
      waiting = [];
      await busy.close();
    }
  });
});
