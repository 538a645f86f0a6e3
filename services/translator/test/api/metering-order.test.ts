// When the engine is asked relative to the meter's commit. A key with a character limit may be refused
// (456), so its text reaches the engine only after the meter said yes. A key without one cannot be
// refused: its text goes to the engine while the meter commits, and the answer still waits for both.
// The meter is held back by a lock on period_usage taken from another transaction.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { EngineError } from '../../src/engine/engine-error.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let engineCalls = 0;
let engineFails = false;
const recordingEngine = enEsEngine(async (segments) => {
  engineCalls += 1;
  if (engineFails) throw new EngineError('RESTARTED', 'the chain was restarted');
  return segments.map((text) => ({ text: `es:${text}`, detectedSource: 'EN' }));
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine: recordingEngine });
});
afterAll(() => ctx.close());

/** Holds period_usage locked against writes until `release` is called; resolves once the lock is held. */
async function holdMeter(): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockHeld = new Promise<void>((resolve) => (locked = resolve));
  const transaction = ctx.db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('LOCK TABLE period_usage IN EXCLUSIVE MODE');
      locked();
      await released;
    },
    { timeout: 20_000 },
  );
  await lockHeld;
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}

/** Time given to a request that must not reach the engine while the meter is held. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function usage(keyId: string): Promise<{ period: number; daily: number; requests: number }> {
  const [period] = await ctx.db.periodUsage.findMany({ where: { apiKeyId: keyId } });
  const [daily] = await ctx.db.dailyUsage.findMany({ where: { apiKeyId: keyId } });
  return { period: Number(period?.characters ?? 0), daily: Number(daily?.textTranslationCharacters ?? 0), requests: daily?.requests ?? 0 };
}

describe('the engine and the meter', () => {
  it('a key without a limit: the engine translates while the meter commits, and the answer waits for the commit', async () => {
    const { id, secret } = await ctx.createKey({ characterLimit: null });
    engineCalls = 0;
    const meter = await holdMeter();
    let answered = false;
    const pending = request(ctx.app)
      .post('/v2/translate')
      .set(auth(secret))
      .send({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES' })
      .then((response) => {
        answered = true;
        return response;
      });
    try {
      // On a loaded machine the request may take a while to get there: wait for the engine, not a fixed time.
      for (let waited = 0; engineCalls === 0 && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(engineCalls).toBe(1);
      expect(answered).toBe(false);
    } finally {
      await meter.release();
    }
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.body.translations[0].text).toBe('es:Hello world.');
    expect(await usage(id)).toEqual({ period: 12, daily: 12, requests: 1 });
  });

  it('a key with a limit: the engine is asked only after the meter has admitted the characters', async () => {
    const { id, secret } = await ctx.createKey({ characterLimit: 1000n });
    engineCalls = 0;
    const meter = await holdMeter();
    const pending = request(ctx.app)
      .post('/v2/translate')
      .set(auth(secret))
      .send({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES' });
    const answer = pending.then((response) => response);
    try {
      await settle();
      expect(engineCalls).toBe(0);
    } finally {
      await meter.release();
    }
    expect((await answer).status).toBe(200);
    expect(engineCalls).toBe(1);
    expect(await usage(id)).toEqual({ period: 12, daily: 12, requests: 1 });
  });

  it('a key without a limit whose translation fails gets back what the meter counted meanwhile', async () => {
    const { id, secret } = await ctx.createKey({ characterLimit: null });
    engineFails = true;
    try {
      await request(ctx.app)
        .post('/v2/translate')
        .set(auth(secret))
        .send({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES' })
        .expect(503);
    } finally {
      engineFails = false;
    }
    expect(await usage(id)).toEqual({ period: 0, daily: 0, requests: 0 });
  });
});
