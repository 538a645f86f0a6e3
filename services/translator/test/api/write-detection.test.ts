// Source detection in POST /v2/write/rephrase and /v2/write/correct: the same detection as translation
// (n-grams with the Apertium analysers' known words), so a one-word text gets its own language back.
// deepl-node's own suite (docs/deepl-node-suite.md) rephrases "Protonenstrahl" and expects `de`; with Dutch among
// the spelling languages (as by default), n-grams alone answered `nl`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createLanguageDetector } from '../../src/languages/detect-language.js';
import { createWordAnalysers } from '../../src/languages/word-analysers.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const detector = createLanguageDetector({ analysers: createWordAnalysers({ modesDir: '/usr/share/apertium/modes', timeoutMs: 60_000 }) });
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ detector, spellingLanguages: ['EN', 'DE', 'ES', 'NL'] });
});
afterAll(async () => {
  await ctx.close();
  detector.close();
});

const improve = (route: string, body: object, key = ctx.adminKey) => request(ctx.app).post(route).set(auth(key)).send(body);

describe('source detection in the write routes', () => {
  it('answers de for a German compound that n-grams alone call Dutch, with and without a target language', async () => {
    const withTarget = await improve('/v2/write/rephrase', { text: ['Protonenstrahl'], target_lang: 'de' }).expect(200);
    expect(withTarget.body.improvements).toEqual([{ text: 'Protonenstrahl', detected_source_language: 'de', target_language: 'de' }]);
    const withoutTarget = await improve('/v2/write/rephrase', { text: ['Protonenstrahl'] }).expect(200);
    expect(withoutTarget.body.improvements[0]).toMatchObject({ detected_source_language: 'de', target_language: 'de' });
  });

  it('detects each text of a correct batch on its own, a one-word greeting included', async () => {
    // A key of its own: the admin key's recent German (above) would rightly tip an ambiguous text.
    const { secret } = await ctx.createKey({});
    const response = await improve('/v2/write/correct', { text: ['Hello.', 'Protonenstrahl', 'Gracias por todo.'] }, secret).expect(200);
    expect(response.body.improvements.map((item: { detected_source_language: string }) => item.detected_source_language)).toEqual([
      'en',
      'de',
      'es',
    ]);
  });
});
