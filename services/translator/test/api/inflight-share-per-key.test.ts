// One key sending as many requests at once as it likes holds at most its share of the engine's in-flight
// bound (a quarter): the other keys' translations, improvements and quality evaluations keep their room.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { patient } from '@workspace/service-kit/testing';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { waitFor } from '../helpers/processes.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let release: () => void = () => undefined;
let holding = 0;
const held = new Promise<void>((resolve) => (release = resolve));
const engine = enEsEngine(async (segments) => {
  if (segments.some((text) => text.includes('HOLD'))) {
    holding += 1;
    await held;
  }
  return segments.map((text) => ({ text: `es:${text}`, detectedSource: 'EN' }));
});

// 4,000 characters in flight in all, 1,000 per key.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine, maxInflightCharacters: 4000 });
});
afterAll(() => {
  release();
  return ctx.close();
});

const translate = (key: string, text: string) =>
  request(ctx.app)
    .post('/v2/translate')
    .set(auth(key))
    .send({ text: [text], source_lang: 'EN', target_lang: 'ES' });

const evaluate = (key: string, segment: { source: string; target: string }) =>
  request(ctx.app)
    .post('/v1/quality-evaluation')
    .set(auth(key))
    .send({ metadata: { source_language: 'en', target_language: 'es' }, segments: [segment] });

describe("one key's flood and another key's requests", () => {
  it("refuses the flooding key past its share with a message naming it, and never refuses the other key's requests", async () => {
    const flooding = (await ctx.createKey()).secret;
    const other = (await ctx.createKey()).secret;
    // Ten requests of 397 characters at once: before the per-key share they all went in and filled the
    // bound, and every other key got 429 until they were answered.
    // Which two get in depends on the order their metering finishes: count answers, not positions.
    const refused: request.Response[] = [];
    const flood = Array.from({ length: 10 }, (_, index) =>
      translate(flooding, `HOLD ${index} ${'x'.repeat(390)}`).then((response) => {
        if (response.status === 429) refused.push(response);
        return response;
      }),
    );
    await waitFor(() => holding === 2 && refused.length === 8, patient(30_000));
    expect(refused[0]!.body.message).toMatch(/this key already has 794 characters in flight \(at most 1000 per key\)/);

    // The other key, while the flood holds its share: translations near its own share, and an evaluation.
    for (let round = 0; round < 3; round += 1) {
      const answered = await translate(other, `The cat is black. ${'y'.repeat(880)}`);
      expect(answered.status).toBe(200);
    }
    const evaluation = await evaluate(other, { source: 'The cat is black.', target: 'El gato es negro.' });
    expect(evaluation.status).toBe(202);

    // The flooding key's own evaluation is held to its share like its translations.
    const floodingEvaluation = await evaluate(flooding, { source: 'x'.repeat(150), target: 'y'.repeat(150) });
    expect(floodingEvaluation.status).toBe(429);

    release();
    const answers = await Promise.all(flood);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 200, 429, 429, 429, 429, 429, 429, 429, 429]);
    // Its share is free again once they are answered.
    expect((await translate(flooding, 'The dog is white.')).status).toBe(200);
  });
});
