// A character limit set through the administration API holds under concurrency: 20 requests at once
// against a key with room for 10 of them get exactly 10 answers and 10 refusals (456), the refused
// ones never reach the engine and nothing of theirs is metered.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let segmentsTranslated = 0;
const engine = enEsEngine(async (segments) => {
  segmentsTranslated += segments.length;
  await new Promise((resolve) => setTimeout(resolve, 5));
  return segments.map((text) => ({ text: `es:${text}`, detectedSource: 'EN' }));
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine, now: () => new Date('2026-11-22T10:00:00Z') });
});
afterAll(() => ctx.close());

async function limitedKey(characters: number): Promise<string> {
  const created = (
    await request(ctx.app)
      .post('/v2/admin/developer-keys')
      .set(auth(ctx.adminKey))
      .send({ label: `limit ${characters}` })
      .expect(200)
  ).body;
  await request(ctx.app)
    .put('/v2/admin/developer-keys/limits')
    .set(auth(ctx.adminKey))
    .send({ key_id: created.key_id, characters })
    .expect(200);
  return created.key;
}

const tenCharacters = (key: string, i: number) =>
  request(ctx.app)
    .post('/v2/translate')
    .set(auth(key))
    .send({ text: [`text ${String(i).padStart(5, '0')}`], source_lang: 'EN', target_lang: 'ES' });

describe('a character limit under 20 concurrent requests', () => {
  it('lets exactly as many through as fit, refuses the rest with 456 before translating, meters only what was answered', async () => {
    const key = await limitedKey(105);
    segmentsTranslated = 0;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => tenCharacters(key, i)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 456)).toHaveLength(10);
    for (const refused of responses.filter((response) => response.status === 456)) expect(refused.body.message).toMatch(/Quota/);
    expect(segmentsTranslated).toBe(10);

    const usage = (await request(ctx.app).get('/v2/usage').set(auth(key)).expect(200)).body;
    expect(usage).toMatchObject({ character_count: 100, character_limit: 105 });
    const report = (
      await request(ctx.app).get('/v2/admin/analytics?start_date=2026-11-22&end_date=2026-11-22&group_by=key').set(auth(ctx.adminKey))
    ).body;
    const row = report.usage_report.key_usages.find((usage: { api_key_label: string }) => usage.api_key_label === 'limit 105');
    expect(row.usage.text_translation_characters).toBe(100);
  });

  it('counts what a key used before its limit was set against the new limit', async () => {
    const created = (
      await request(ctx.app).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label: 'late limit' }).expect(200)
    ).body;
    await Promise.all(Array.from({ length: 5 }, (_, i) => tenCharacters(created.key, i).expect(200)));
    await request(ctx.app)
      .put('/v2/admin/developer-keys/limits')
      .set(auth(ctx.adminKey))
      .send({ key_id: created.key_id, characters: 80 })
      .expect(200);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => tenCharacters(created.key, i)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect((await request(ctx.app).get('/v2/usage').set(auth(created.key))).body.character_count).toBe(80);
  });
});
