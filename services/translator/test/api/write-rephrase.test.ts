// POST /v2/write/rephrase through the HTTP API: DeepL's parameters in JSON and form bodies, its 400s,
// metering as text-improvement characters (limits, 456, analytics), and with the deepl engine the
// request forwarded upstream unchanged.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DeepLEngine } from '../../src/engine/deepl/deepl-engine.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { type FakeUpstream, sendJson, startFakeUpstream } from '../helpers/fake-upstream.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const DAY = '2026-11-22';
const engine = enEsEngine(async () => {
  throw new Error('rephrase must not translate');
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ engine, now: () => new Date(`${DAY}T10:00:00Z`) });
});
afterAll(() => ctx.close());

const rephrase = (key = ctx.adminKey) => request(ctx.app).post('/v2/write/rephrase').set(auth(key));

async function keyWithLimit(label: string, characters?: number): Promise<string> {
  const created = (await request(ctx.app).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label }).expect(200)).body;
  if (characters !== undefined) {
    await request(ctx.app)
      .put('/v2/admin/developer-keys/limits')
      .set(auth(ctx.adminKey))
      .send({ key_id: created.key_id, characters })
      .expect(200);
  }
  return created.key;
}

describe('POST /v2/write/rephrase, offline', () => {
  it('corrects a JSON body with minimal edits and answers DeepL’s shape', async () => {
    const response = await rephrase()
      .send({ text: ['teh report is ready ,and it is an big one.', 'El informe esta listo.'], target_lang: 'en-US' })
      .expect(200);
    expect(response.body).toEqual({
      improvements: [
        { text: 'The report is ready, and it is a big one.', detected_source_language: 'en', target_language: 'en-US' },
        // Another language than the target: Write improves, it does not translate.
        { text: 'El informe esta listo.', detected_source_language: 'es', target_language: 'en-US' },
      ],
    });
  });

  it('takes a form body with repeated text, detects each language without target_lang, and applies prefer_ styles', async () => {
    const response = await rephrase()
      .type('form')
      .send('text=We%20can%27t%20come%20tomorow.&text=La%20cancion%20es%20bonnita.&writing_style=prefer_business')
      .expect(200);
    expect(response.body.improvements).toEqual([
      { text: 'We cannot come tomorrow.', detected_source_language: 'en', target_language: 'en' },
      { text: 'La canción es bonita.', detected_source_language: 'es', target_language: 'es' },
    ]);
  });

  it('answers EN as en-US and applies a tone', async () => {
    const response = await rephrase()
      .send({ text: ['I think we should start today.'], target_lang: 'EN', tone: 'confident' })
      .expect(200);
    expect(response.body.improvements[0]).toEqual({
      text: 'We should start today.',
      detected_source_language: 'en',
      target_language: 'en-US',
    });
  });

  it('returns a text in a language without a dictionary unchanged, with its language detected', async () => {
    const text = 'Questo è un testo italiano con un erore di ortografia.';
    const response = await rephrase()
      .send({ text: [text] })
      .expect(200);
    expect(response.body.improvements[0]).toEqual({ text, detected_source_language: 'it', target_language: 'it' });
  });

  it.each([
    [{ target_lang: 'EN' }, /'text' not specified/],
    [{ text: ['x'], target_lang: 'XX' }, /'target_lang' not supported/],
    [{ text: ['x'], writing_style: 'formal' }, /'writing_style' not supported/],
    [{ text: ['x'], tone: 'angry' }, /'tone' not supported/],
    [{ text: ['x'], writing_style: 'business', tone: 'friendly' }, /Both writing_style and tone/],
    [{ text: ['x'], writing_style: 'prefer_business', tone: 'prefer_friendly' }, /Both writing_style and tone/],
    [{ text: ['x'], target_lang: 'de', writing_style: 'business' }, /does not support setting a writing style/],
    [{ text: ['x'], target_lang: 'es', writing_style: 'casual' }, /writing_style=prefer_casual/],
    [{ text: ['x'], target_lang: 'it', tone: 'friendly' }, /does not support setting a tone/],
    [{ text: ['x'], glossary_id: 'g', tone: 'angry' }, /'tone' not supported/],
    [{ text: 'not a list' }, /'text'/],
  ])('answers 400 naming the parameter for %j', async (body, message) => {
    const response = await rephrase().send(body).expect(400);
    expect(response.body.message).toMatch(message);
  });

  it('falls back to the default for a prefer_ style the language lacks', async () => {
    const response = await rephrase()
      .send({ text: ['Das ist gut.'], target_lang: 'de', writing_style: 'prefer_business' })
      .expect(200);
    expect(response.body.improvements[0].text).toBe('Das ist gut.');
  });

  it('answers 413 above DeepL’s 10 KiB of text', async () => {
    const response = await rephrase()
      .send({ text: ['word '.repeat(2100)] })
      .expect(413);
    expect(response.body.message).toMatch(/10 KiB/);
  });

  it('meters text-improvement characters per key and day, shown apart in analytics and counted in /v2/usage', async () => {
    const key = await keyWithLimit('writer');
    await rephrase(key)
      .set('X-DeepL-Reporting-Tag', 'write-tag')
      .send({ text: ['Hello there.', 'Teh end.'] })
      .expect(200);
    const report = (
      await request(ctx.app).get(`/v2/admin/analytics?start_date=${DAY}&end_date=${DAY}&group_by=key`).set(auth(ctx.adminKey))
    ).body;
    const row = report.usage_report.key_usages.find((usage: { api_key_label: string }) => usage.api_key_label === 'writer');
    expect(row.usage).toMatchObject({ total_characters: 20, text_translation_characters: 0, text_improvement_characters: 20 });
    expect((await request(ctx.app).get('/v2/usage').set(auth(key)).expect(200)).body.character_count).toBe(20);
    const tags = (await request(ctx.app).get(`/v2/admin/analytics/custom-tags?start_date=${DAY}&end_date=${DAY}`).set(auth(ctx.adminKey)))
      .body;
    expect(tags.custom_tag_usage_report.usage).toEqual([
      { custom_tag: 'write-tag', breakdown: expect.objectContaining({ total_characters: 20, text_improvement_characters: 20 }) },
    ]);
  });

  it('answers 456 to a key whose limit the texts would pass, metering nothing', async () => {
    const key = await keyWithLimit('writer with limit', 15);
    await rephrase(key)
      .send({ text: ['Hello there.'] })
      .expect(200);
    const refused = await rephrase(key)
      .send({ text: ['Hello again.'] })
      .expect(456);
    expect(refused.body.message).toMatch(/Quota/);
    expect((await request(ctx.app).get('/v2/usage').set(auth(key)).expect(200)).body).toMatchObject({
      character_count: 12,
      character_limit: 15,
    });
  });

  it('never changes a word of a glossary term in the text’s language', async () => {
    const text = 'Start the Tehflow job with teh tool.';
    expect(
      (
        await rephrase()
          .send({ text: [text], target_lang: 'en-US' })
          .expect(200)
      ).body.improvements[0].text,
    ).toBe('Start the Tehflow job with the tool.');
    await request(ctx.app)
      .post('/v2/glossaries')
      .set(auth(ctx.adminKey))
      .send({ name: 'product words', source_lang: 'en', target_lang: 'es', entries: 'teh tool\tla herramienta teh' })
      .expect(201);
    expect(
      (
        await rephrase()
          .send({ text: [text], target_lang: 'en-US' })
          .expect(200)
      ).body.improvements[0].text,
    ).toBe(text);
  });

  it('does not meter a request refused for its parameters', async () => {
    const key = await keyWithLimit('refused writer');
    await rephrase(key)
      .send({ text: ['Hallo.'], target_lang: 'de', tone: 'friendly' })
      .expect(400);
    expect((await request(ctx.app).get('/v2/usage').set(auth(key)).expect(200)).body.character_count).toBe(0);
  });
});

describe('POST /v2/write/rephrase with TRANSLATOR_ENGINE=deepl', () => {
  let upstream: FakeUpstream;
  let gateway: TestContext;
  let deeplEngine: DeepLEngine;
  beforeAll(async () => {
    upstream = await startFakeUpstream((_request, response) => sendJson(response, 500, {}));
    deeplEngine = new DeepLEngine({ url: upstream.url, key: 'upstream-key', timeoutMs: 5000 });
    gateway = await createTestContext({ engine: deeplEngine });
  });
  afterAll(async () => {
    await gateway.close();
    await deeplEngine.close();
    await upstream.close();
  });

  it('forwards the parameters unchanged with the upstream key and passes the improvements back, metered here', async () => {
    upstream.handle((_request, response) =>
      sendJson(response, 200, {
        improvements: [
          { text: 'Upstream one.', detected_source_language: 'en', target_language: 'en-GB' },
          { text: 'Upstream two.', detected_source_language: 'en', target_language: 'en-GB' },
        ],
      }),
    );
    const { id, secret } = await gateway.createKey();
    const response = await request(gateway.app)
      .post('/v2/write/rephrase')
      .set(auth(secret))
      .send({ text: ['first  text', 'second'], target_lang: 'en-GB', tone: 'prefer_diplomatic' })
      .expect(200);
    expect(response.body.improvements).toEqual([
      { text: 'Upstream one.', detected_source_language: 'en', target_language: 'en-GB' },
      { text: 'Upstream two.', detected_source_language: 'en', target_language: 'en-GB' },
    ]);
    const forwarded = upstream.requests.at(-1)!;
    expect(forwarded.path).toBe('/v2/write/rephrase');
    expect(forwarded.headers.authorization).toBe('DeepL-Auth-Key upstream-key');
    const form = new URLSearchParams(forwarded.body);
    expect(form.getAll('text')).toEqual(['first  text', 'second']);
    expect(form.get('target_lang')).toBe('en-GB');
    expect(form.get('tone')).toBe('prefer_diplomatic');
    expect(form.has('writing_style')).toBe(false);
    const daily = await gateway.db.dailyUsage.findMany({ where: { apiKeyId: id } });
    expect(Number(daily[0]!.textImprovementCharacters)).toBe(17);
  });

  it('passes the upstream’s 400 and 456 back with its message, and bills nothing', async () => {
    const { id, secret } = await gateway.createKey();
    upstream.handle((_request, response) => sendJson(response, 456, { message: 'Quota for this billing period has been exceeded.' }));
    await request(gateway.app)
      .post('/v2/write/rephrase')
      .set(auth(secret))
      .send({ text: ['x'], target_lang: 'ja' })
      .expect(456);
    upstream.handle((_request, response) => sendJson(response, 400, { message: "Value for 'target_lang' not supported." }));
    const refused = await request(gateway.app)
      .post('/v2/write/rephrase')
      .set(auth(secret))
      .send({ text: ['x'], target_lang: 'ja' })
      .expect(400);
    expect(refused.body.message).toMatch(/target_lang/);
    const daily = await gateway.db.dailyUsage.findMany({ where: { apiKeyId: id } });
    expect(daily.reduce((sum, row) => sum + Number(row.textImprovementCharacters), 0)).toBe(0);
  });
});
