// The languages nspell could not load (French, Italian, Portuguese, Catalan, Basque) corrected through
// /v2/write/rephrase and /v2/write/correct once configured, and /readyz waiting for the preloaded dictionaries.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const engine = enEsEngine(async () => {
  throw new Error('text improvement must not translate');
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine, spellingLanguages: ['EN', 'FR', 'IT', 'PT'], spellingPreload: ['FR'] });
});
afterAll(() => ctx.close());

describe('spelling languages loaded in threads', () => {
  it('is not ready until the preloaded French dictionary is in, and ready once a French request has loaded it', async () => {
    const before = await request(ctx.app).get('/readyz');
    expect(before.status).toBe(503);
    expect(before.body.checks.spelling).toBe('failing');

    const response = await request(ctx.app)
      .post('/v2/write/rephrase')
      .set(auth(ctx.adminKey))
      .send({ text: ['Nous avons fini le travial hier.'], target_lang: 'fr' });
    // The message too: a 503 says which part was not ready (a stressed CI run once got one, unexplained).
    expect({ status: response.status, message: response.body.message }).toEqual({ status: 200, message: undefined });
    expect(response.body.improvements[0]).toEqual({
      text: 'Nous avons fini le travail hier.',
      detected_source_language: 'fr',
      target_language: 'fr',
    });

    const after = await request(ctx.app).get('/readyz').expect(200);
    expect(after.body.checks.spelling).toBe('ok');
  });

  it.each([
    ['it', 'Abbiamo finito il lavoor ieri.', 'Abbiamo finito il lavoro ieri.'],
    ['pt-PT', 'Terminamos o trabalo ontem.', 'Terminamos o trabalho ontem.'],
  ])('corrects %s through /v2/write/correct', async (language, text, corrected) => {
    const response = await request(ctx.app)
      .post('/v2/write/correct')
      .set(auth(ctx.adminKey))
      .send({ text: [text], target_lang: language })
      .expect(200);
    expect(response.body.improvements[0].text).toBe(corrected);
  });
});
