// POST /v2/write/correct through the HTTP API: corrections only (what rephrase does without a style or
// tone), writing_style and tone refused by name, the same 10 KiB limit and text-improvement metering as
// rephrase, and with the deepl engine the request forwarded to the upstream's /v2/write/correct. deepl-node
// 1.28 has no method for it, so it is called over plain HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DeepLEngine } from '../../src/engine/deepl/deepl-engine.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { type FakeUpstream, sendJson, startFakeUpstream } from '../helpers/fake-upstream.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const engine = enEsEngine(async () => {
  throw new Error('correct must not translate');
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine });
});
afterAll(() => ctx.close());

const correct = (key = ctx.adminKey) => request(ctx.app).post('/v2/write/correct').set(auth(key));

describe('POST /v2/write/correct, offline', () => {
  it('corrects spelling, grammar and punctuation with minimal edits in DeepL’s shape', async () => {
    const response = await correct()
      .send({ text: ['teh report is ready ,and it is an big one.', 'El informe esta listo.'], target_lang: 'en-US' })
      .expect(200);
    expect(response.body).toEqual({
      improvements: [
        { text: 'The report is ready, and it is a big one.', detected_source_language: 'en', target_language: 'en-US' },
        { text: 'El informe esta listo.', detected_source_language: 'es', target_language: 'en-US' },
      ],
    });
  });

  it('takes a form body with repeated text and keeps each text’s own language without target_lang', async () => {
    const response = await correct().type('form').send('text=We%20can%27t%20come%20tomorow.&text=La%20cancion%20es%20bonnita.').expect(200);
    expect(response.body.improvements).toEqual([
      // Only the typo: the contraction is not a mistake, so it stays (rephrase with business style expands it).
      { text: "We can't come tomorrow.", detected_source_language: 'en', target_language: 'en' },
      { text: 'La canción es bonita.', detected_source_language: 'es', target_language: 'es' },
    ]);
  });

  it('leaves a correct text byte for byte, where rephrase with a style or tone rewrites it', async () => {
    const text = "Basically, I think we can't start today.";
    const corrected = await correct()
      .send({ text: [text], target_lang: 'en-US' })
      .expect(200);
    expect(corrected.body.improvements[0].text).toBe(text);
    const business = await request(ctx.app)
      .post('/v2/write/rephrase')
      .set(auth(ctx.adminKey))
      .send({ text: [text], target_lang: 'en-US', writing_style: 'business' })
      .expect(200);
    expect(business.body.improvements[0].text).toBe('I think we cannot start today.');
    const hedged = 'It is probably the best option.';
    expect(
      (
        await correct()
          .send({ text: [hedged] })
          .expect(200)
      ).body.improvements[0].text,
    ).toBe(hedged);
    const confident = await request(ctx.app)
      .post('/v2/write/rephrase')
      .set(auth(ctx.adminKey))
      .send({ text: [hedged], tone: 'confident' })
      .expect(200);
    expect(confident.body.improvements[0].text).toBe('It is the best option.');
  });

  it.each([
    [{ text: ['x'], writing_style: 'business' }, /'writing_style' is not supported by \/v2\/write\/correct.*\/v2\/write\/rephrase/],
    [{ text: ['x'], writing_style: 'default' }, /'writing_style' is not supported/],
    [{ text: ['x'], tone: 'friendly' }, /'tone' is not supported by \/v2\/write\/correct/],
    [{ target_lang: 'EN' }, /'text' not specified/],
    [{ text: ['x'], target_lang: 'XX' }, /'target_lang' not supported/],
    [{ text: 'not a list' }, /'text'/],
  ])('answers 400 naming the parameter for %j', async (body, message) => {
    const response = await correct().send(body).expect(400);
    expect(response.body.message).toMatch(message);
  });

  it('answers 413 above DeepL’s 10 KiB of text', async () => {
    const response = await correct()
      .send({ text: ['word '.repeat(2100)] })
      .expect(413);
    expect(response.body.message).toMatch(/10 KiB/);
  });

  it('meters text-improvement characters and bills nothing for a refused request', async () => {
    const { id, secret } = await ctx.createKey({ characterLimit: 15n });
    await correct(secret)
      .send({ text: ['Hello there.'], tone: 'friendly' })
      .expect(400);
    await correct(secret)
      .send({ text: ['Hello there.'] })
      .expect(200);
    await correct(secret)
      .send({ text: ['Hello again.'] })
      .expect(456);
    const daily = await ctx.db.dailyUsage.findMany({ where: { apiKeyId: id } });
    expect(daily.map((row) => [Number(row.textImprovementCharacters), Number(row.textTranslationCharacters)])).toEqual([[12, 0]]);
  });
});

describe('POST /v2/write/correct with TRANSLATOR_ENGINE=deepl', () => {
  let upstream: FakeUpstream;
  let gateway: TestContext;
  let deeplEngine: DeepLEngine;
  beforeAll(async () => {
    upstream = await startFakeUpstream((_request, response) =>
      sendJson(response, 200, { improvements: [{ text: 'Upstream.', detected_source_language: 'en', target_language: 'en-GB' }] }),
    );
    deeplEngine = new DeepLEngine({ url: upstream.url, key: 'upstream-key', timeoutMs: 5000 });
    gateway = await createTestContext({ engine: deeplEngine });
  });
  afterAll(async () => {
    await gateway.close();
    await deeplEngine.close();
    await upstream.close();
  });

  it('forwards text and target_lang to the upstream’s /v2/write/correct and meters here', async () => {
    const { id, secret } = await gateway.createKey();
    const response = await request(gateway.app)
      .post('/v2/write/correct')
      .set(auth(secret))
      .send({ text: ['teh text'], target_lang: 'en-GB' })
      .expect(200);
    expect(response.body.improvements).toEqual([{ text: 'Upstream.', detected_source_language: 'en', target_language: 'en-GB' }]);
    const forwarded = upstream.requests.at(-1)!;
    expect(forwarded.path).toBe('/v2/write/correct');
    expect(forwarded.headers.authorization).toBe('DeepL-Auth-Key upstream-key');
    const form = new URLSearchParams(forwarded.body);
    expect([...form.keys()].sort()).toEqual(['target_lang', 'text']);
    expect(form.getAll('text')).toEqual(['teh text']);
    const daily = await gateway.db.dailyUsage.findMany({ where: { apiKeyId: id } });
    expect(Number(daily[0]!.textImprovementCharacters)).toBe(8);
  });
});
