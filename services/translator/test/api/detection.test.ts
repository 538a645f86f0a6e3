// Source detection through POST /v2/translate: each text of a batch gets its own detected language,
// with the served pairs' analysers checking short strings the way the service runs them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createLanguageDetector } from '../../src/languages/detect-language.js';
import { createWordAnalysers } from '../../src/languages/word-analysers.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const detector = createLanguageDetector({ analysers: createWordAnalysers({ modesDir: '/usr/share/apertium/modes', timeoutMs: 60_000 }) });
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ detector });
});
afterAll(async () => {
  await ctx.close();
  detector.close();
});

const translate = (body: object) => request(ctx.app).post('/v2/translate').set(auth(ctx.adminKey)).send(body);

describe('source detection in POST /v2/translate', () => {
  it('detects each text of a batch on its own: two short UI strings in two languages answer two languages', async () => {
    const response = await translate({ text: ['Save changes', 'Guardar cambios'], target_lang: 'ES' }).expect(200);
    expect(response.body.translations.map((t: { detected_source_language: string }) => t.detected_source_language)).toEqual(['EN', 'ES']);
    // The Spanish text is already in the target language and comes back unchanged.
    expect(response.body.translations[1].text).toBe('Guardar cambios');
  });

  it('detects a one-word greeting that n-grams alone call Italian', async () => {
    const response = await translate({ text: ['Hello.', 'Gracias'], target_lang: 'ES' }).expect(200);
    expect(response.body.translations.map((t: { detected_source_language: string }) => t.detected_source_language)).toEqual(['EN', 'ES']);
  });
});
