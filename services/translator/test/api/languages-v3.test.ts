// GET /v3/languages and /v3/languages/resources (DeepL's v3 language lists): what this instance serves per
// resource, from its engine's pairs (pivots marked), its spelling languages and style rules, its speech
// recognizer and voices; 400 for a resource DeepL does not have; and, with the deepl engine, the upstream's
// own answer for the resources it serves (the instance's view when the upstream has no such route).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DeepLEngine } from '../../src/engine/deepl/deepl-engine.js';
import type { TranslationEngine } from '../../src/engine/engine.js';
import type { SpeechRecognizer } from '../../src/engine/speech/speech-recognizer.js';
import { type FakeUpstream, sendJson, startFakeUpstream } from '../helpers/fake-upstream.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

// EN <-> ES directly, CA from ES directly and from EN only through ES (an Apertium pivot).
const engine: TranslationEngine = {
  name: 'apertium',
  detectsSource: false,
  translate: async () => {
    throw new Error('listing languages must not translate');
  },
  languages: async () => ({
    pairs: [
      { source: 'EN', target: 'ES' },
      { source: 'EN', target: 'CA', pivot: true },
      { source: 'ES', target: 'CA' },
      { source: 'ES', target: 'EN' },
      { source: 'ES', target: 'EN-GB' },
      { source: 'ES', target: 'EN-US' },
    ],
    formalityTargets: ['ES'],
  }),
  checkReady: async () => undefined,
  close: async () => undefined,
};
const englishEars = {
  languages: ['EN'],
  open: async () => Promise.reject(new Error('not used')),
  close: async () => undefined,
} as SpeechRecognizer;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine, speechRecognizer: englishEars });
});
afterAll(() => ctx.close());

const languages = async (query: string, app = ctx.app, key = ctx.adminKey) =>
  (await request(app).get(`/v3/languages${query}`).set(auth(key)).expect(200)).body as Array<Record<string, unknown>>;
const byLang = (list: Array<Record<string, unknown>>) => Object.fromEntries(list.map((item) => [item.lang, item]));

describe('GET /v3/languages', () => {
  it('lists translate_text sources and targets in BCP 47 with their features, and marks pivoted targets', async () => {
    const list = byLang(await languages('?resource=translate_text'));
    expect(Object.keys(list)).toEqual(['ca', 'en', 'en-GB', 'en-US', 'es']);
    expect(list.en).toEqual({
      lang: 'en',
      name: 'English',
      usable_as_source: true,
      usable_as_target: false,
      status: 'stable',
      features: {
        auto_detection: { status: 'stable' },
        glossary: { status: 'stable' },
        tag_handling: { status: 'stable' },
        translation_memory: { status: 'stable' },
      },
    });
    expect(list.es).toMatchObject({
      usable_as_source: true,
      usable_as_target: true,
      features: expect.objectContaining({ formality: { status: 'stable' } }),
    });
    expect(list['en-US']).toMatchObject({ usable_as_source: false, usable_as_target: true });
    expect(list['en-US']!.features).not.toHaveProperty('formality');
    // Offline, style rules do not change a translation (Apertium follows no instructions): not claimed.
    expect(list['en-US']!.features).not.toHaveProperty('style_rules');
    expect(list.ca).toMatchObject({ usable_as_target: true, pivoted_from: ['en'] });
    expect(list.es).not.toHaveProperty('pivoted_from');
  });

  it('lists write languages as the spelling languages, with styles and tones where rules exist', async () => {
    const list = byLang(await languages('?resource=write'));
    expect(Object.keys(list)).toEqual(expect.arrayContaining(['en', 'es', 'de']));
    expect(list.en!.features).toEqual({
      auto_detection: { status: 'stable' },
      tone: { status: 'stable' },
      writing_style: { status: 'stable' },
    });
    expect(list.de!.features).toEqual({ auto_detection: { status: 'stable' } });
    expect(list).not.toHaveProperty('ja');
  });

  it('lists voice as English heard (transcription, spoken terms) into the targets English reaches', async () => {
    const list = byLang(await languages('?resource=voice'));
    expect(list.en).toMatchObject({
      usable_as_source: true,
      features: { transcription: { status: 'stable' }, spoken_terms: { status: 'stable' }, glossary: { status: 'stable' } },
    });
    expect(list.es).toMatchObject({
      usable_as_source: false,
      usable_as_target: true,
      features: expect.objectContaining({ translated_speech: { status: 'stable' } }),
    });
    expect(list.ca).toMatchObject({ usable_as_target: true, pivoted_from: ['en'] });
    // English heard comes out as English (the transcript itself): its variants are targets too.
    expect(list['en-US']).toMatchObject({ usable_as_target: true });
    expect(list['en-US']).not.toHaveProperty('pivoted_from');
  });

  it('lists glossary and translation-memory languages as every served base language, and style rules as their targets', async () => {
    for (const resource of ['glossary', 'translation_memory']) {
      const list = await languages(`?resource=${resource}`);
      expect(list.map((item) => item.lang)).toEqual(['ca', 'en', 'es']);
      for (const item of list) expect(item).toMatchObject({ usable_as_source: true, usable_as_target: true, features: {} });
    }
    const rules = await languages('?resource=style_rules');
    expect(rules.map((item) => item.lang)).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'zh']);
  });

  it('takes include once or repeated', async () => {
    expect(await languages('?resource=glossary&include=beta&include=external')).toEqual(await languages('?resource=glossary'));
    expect(await languages('?resource=glossary&include=beta')).toEqual(await languages('?resource=glossary'));
  });

  it.each([
    ['', /'resource' not specified/],
    ['?resource=translate', /Value for 'resource' not supported.*'translate_text'/],
    ['?resource=glossary&include=alpha', /'include' not supported/],
    ['?resource=glossary&resource=write', /'resource' given 2 times/],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    const response = await request(ctx.app).get(`/v3/languages${query}`).set(auth(ctx.adminKey)).expect(400);
    expect(response.body.message).toMatch(message);
  });
});

describe('GET /v3/languages/resources', () => {
  it('lists every DeepL resource with which side of a pair each feature needs', async () => {
    const response = await request(ctx.app).get('/v3/languages/resources').set(auth(ctx.adminKey)).expect(200);
    expect(response.body.map((resource: { name: string }) => resource.name)).toEqual([
      'translate_text',
      'translate_document',
      'glossary',
      'voice',
      'write',
      'style_rules',
      'translation_memory',
    ]);
    expect(response.body[0].features).toContainEqual({ name: 'formality', needs_target_support: true });
    expect(response.body[0].features).toContainEqual({ name: 'glossary', needs_source_support: true, needs_target_support: true });
  });
});

describe('GET /v3/languages with TRANSLATOR_ENGINE=deepl', () => {
  let upstream: FakeUpstream;
  let gateway: TestContext;
  let deeplEngine: DeepLEngine;
  const upstreamGerman = {
    lang: 'de',
    name: 'German',
    usable_as_source: true,
    usable_as_target: true,
    status: 'stable',
    features: { formality: { status: 'stable' } },
  };
  beforeAll(async () => {
    upstream = await startFakeUpstream((req, response) => {
      if (req.path.startsWith('/v3/languages?resource=write')) return sendJson(response, 404, { message: 'Not found' });
      if (req.path.startsWith('/v3/languages')) return sendJson(response, 200, [upstreamGerman]);
      if (req.path === '/v2/languages?type=source') return sendJson(response, 200, [{ language: 'EN', name: 'English' }]);
      if (req.path === '/v2/languages?type=target')
        return sendJson(response, 200, [{ language: 'DE', name: 'German', supports_formality: true }]);
      return sendJson(response, 500, {});
    });
    deeplEngine = new DeepLEngine({ url: upstream.url, key: 'upstream-key', timeoutMs: 5000 });
    gateway = await createTestContext({ engine: deeplEngine });
  });
  afterAll(async () => {
    await gateway.close();
    await deeplEngine.close();
    await upstream.close();
  });

  it('answers the upstream’s list for what it forwards, and its own view where the upstream has none', async () => {
    expect(await languages('?resource=translate_text', gateway.app, gateway.adminKey)).toEqual([upstreamGerman]);
    const forwarded = upstream.requests.find((req) => req.path.startsWith('/v3/languages'))!;
    expect(forwarded.headers.authorization).toBe('DeepL-Auth-Key upstream-key');
    // The upstream has no /v3/languages for write: this instance's offline writer answers.
    expect((await languages('?resource=write', gateway.app, gateway.adminKey)).map((item) => item.lang)).toContain('en');
    // Glossaries are this instance's own, over the upstream's languages.
    expect((await languages('?resource=glossary', gateway.app, gateway.adminKey)).map((item) => item.lang)).toEqual(['de', 'en']);
  });

  it('answers voice with no languages without gateway mode and without a speech recognizer', async () => {
    expect(await languages('?resource=voice', gateway.app, gateway.adminKey)).toEqual([]);
  });
});
