// Audio milliseconds are counted per key, day and reporting tag, and a key's speech limit holds: concurrent
// charges never pass it together, and the charge that reaches it is cut to what was left.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { TEST_PG_TIMEOUTS } from '@workspace/service-kit/testing';
import { openDatabase } from '../../src/db/database.js';
import { SpeechMeter, speechMinutes } from '../../src/domain/usage/speech-meter.js';
import { TranslatorError } from '../../src/domain/translator-error.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let handles: ReturnType<typeof openDatabase>;
let meter: SpeechMeter;
const now = () => new Date('2026-12-01T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ engine: enEsEngine(async (texts) => texts.map((text) => ({ text, detectedSource: 'EN' }))), now });
  handles = openDatabase(ctx.databaseUrl, 4, () => undefined, TEST_PG_TIMEOUTS);
  meter = new SpeechMeter(handles.pool, now);
});
afterAll(async () => {
  await handles.close();
  await ctx.close();
});

async function keyWithSpeechLimit(label: string, milliseconds: number | null): Promise<string> {
  const created = (await request(ctx.app).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label }).expect(200)).body;
  if (milliseconds !== null) {
    await request(ctx.app)
      .put('/v2/admin/developer-keys/limits')
      .set(auth(ctx.adminKey))
      .send({ key_id: created.key_id, speech_to_text_milliseconds: milliseconds })
      .expect(200);
  }
  const row = await ctx.db.apiKey.findUniqueOrThrow({ where: { keyId: created.key_id } });
  return row.id;
}

describe('SpeechMeter', () => {
  it('counts every millisecond of a key without a limit, per day and per tag, apart for speech to speech', async () => {
    const keyId = await keyWithSpeechLimit('speech unlimited', null);
    expect(await meter.record({ keyId, milliseconds: 1500, reportingTag: 'team-a' })).toEqual({ meteredMs: 1500, exhausted: false });
    await meter.record({ keyId, milliseconds: 500, kind: 'speech_to_speech' });
    expect(await meter.usedThisPeriod(keyId)).toBe(2000);
    expect(await meter.remainingMs(keyId)).toBeNull();
    const daily = await ctx.db.dailyUsage.findFirstOrThrow({ where: { apiKeyId: keyId } });
    expect([daily.speechToTextMillis, daily.speechToSpeechMillis]).toEqual([1500n, 500n]);
    const tagged = await ctx.db.tagUsage.findFirstOrThrow({ where: { apiKeyId: keyId, tag: 'team-a' } });
    expect(tagged.speechToTextMillis).toBe(1500n);
  });

  it('never passes the limit under concurrent charges, cuts the one that reaches it and then refuses with 456', async () => {
    const keyId = await keyWithSpeechLimit('speech limited', 10_000);
    const results = await Promise.all(Array.from({ length: 12 }, () => meter.record({ keyId, milliseconds: 1000 })));
    expect(results.reduce((sum, result) => sum + result.meteredMs, 0)).toBe(10_000);
    expect(results.filter((result) => result.meteredMs === 0)).toHaveLength(2);
    expect(await meter.usedThisPeriod(keyId)).toBe(10_000);
    await expect(meter.assertAvailable(keyId)).rejects.toBeInstanceOf(TranslatorError);
    expect(await meter.record({ keyId, milliseconds: 200 })).toEqual({ meteredMs: 0, exhausted: true });
  });

  it('gives what is left when a charge is larger than the rest of the limit', async () => {
    const keyId = await keyWithSpeechLimit('speech partial', 2500);
    expect(await meter.record({ keyId, milliseconds: 2000 })).toEqual({ meteredMs: 2000, exhausted: false });
    expect(await meter.record({ keyId, milliseconds: 2000 })).toEqual({ meteredMs: 500, exhausted: true });
  });

  it('reports minutes as DeepL does: milliseconds rounded up', () => {
    expect([speechMinutes(0), speechMinutes(1), speechMinutes(60_000), speechMinutes(60_001)]).toEqual([0, 1, 1, 2]);
  });
});
