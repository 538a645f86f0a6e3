// POST /v2/translate through the real app, database and Apertium engine (apertium-eng-spa, es-pt).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const translate = (body: object | string, key = ctx.adminKey) => {
  const call = request(ctx.app).post('/v2/translate').set(auth(key));
  return typeof body === 'string' ? call.type('form').send(body) : call.send(body);
};

describe('POST /v2/translate', () => {
  it('translates a JSON request, texts in input order, echoing the given source', async () => {
    const response = await translate({ text: ['Hello world.', 'The dog is happy.'], source_lang: 'EN', target_lang: 'ES' }).expect(200);
    expect(response.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(response.body).toEqual({
      translations: [
        { detected_source_language: 'EN', text: 'Hola Mundo.' },
        { detected_source_language: 'EN', text: expect.stringMatching(/perro/) },
      ],
    });
  });

  it('translates a form request with repeated text fields and lower-case codes', async () => {
    const response = await translate('text=Hello+world.&text=Good+morning.&source_lang=en&target_lang=es&show_billed_characters=1').expect(
      200,
    );
    expect(response.body.translations).toEqual([
      { detected_source_language: 'EN', text: 'Hola Mundo.', billed_characters: 12 },
      { detected_source_language: 'EN', text: expect.any(String), billed_characters: 13 },
    ]);
  });

  it('detects the source language of each text when source_lang is absent', async () => {
    const response = await translate({
      text: ['The weather is very nice today and I want to go outside.', 'El tiempo es muy bueno hoy y quiero salir a la calle.'],
      target_lang: 'EN-GB',
    }).expect(200);
    const [english, spanish] = response.body.translations;
    expect(english).toEqual({ detected_source_language: 'EN', text: 'The weather is very nice today and I want to go outside.' });
    expect(spanish.detected_source_language).toBe('ES');
    expect(spanish.text).toMatch(/weather|time/i);
  });

  it('pivots through Spanish where no direct pair exists (EN -> PT-BR via eng-spa and es-pt_BR)', async () => {
    const response = await translate({ text: ['The house is big.'], source_lang: 'EN', target_lang: 'PT-BR' }).expect(200);
    expect(response.body.translations[0].text).toMatch(/casa/i);
  });

  it('reports model_type_used only when model_type was sent, and billed_characters in code points', async () => {
    const plain = await translate({ text: ['Hi 👋'], source_lang: 'EN', target_lang: 'ES' }).expect(200);
    expect(plain.body.translations[0]).not.toHaveProperty('model_type_used');
    expect(plain.body.translations[0]).not.toHaveProperty('billed_characters');
    const withModel = await translate({
      text: ['Hi 👋'],
      source_lang: 'EN',
      target_lang: 'ES',
      model_type: 'prefer_quality_optimized',
      show_billed_characters: true,
    }).expect(200);
    expect(withModel.body.translations[0]).toMatchObject({ model_type_used: 'quality_optimized', billed_characters: 4 });
  });

  it('meters billed characters per key per day and per reporting tag', async () => {
    const { id, secret } = await ctx.createKey();
    await request(ctx.app)
      .post('/v2/translate')
      .set(auth(secret))
      .set('X-DeepL-Reporting-Tag', 'team-a')
      .send({ text: ['Hello world.', 'Bye.'], source_lang: 'EN', target_lang: 'ES', context: 'not billed' })
      .expect(200);
    await translate({ text: ['Again.'], source_lang: 'EN', target_lang: 'ES' }, secret).expect(200);
    const daily = await ctx.db.dailyUsage.findMany({ where: { apiKeyId: id } });
    expect(daily.map((row) => [Number(row.textTranslationCharacters), row.requests])).toEqual([[16 + 6, 2]]);
    const tagged = await ctx.db.tagUsage.findMany({ where: { apiKeyId: id } });
    expect(tagged.map((row) => [row.tag, Number(row.textTranslationCharacters)])).toEqual([['team-a', 16]]);
  });

  it('returns a 128 KiB text whole, with the marker near its end', async () => {
    const sentence = 'The free software license lets you share and change the program. ';
    const marker = 'The final marker is ZQXJ.';
    const text = sentence.repeat(Math.floor((128 * 1024 - marker.length) / sentence.length)) + marker;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(128 * 1024);
    const response = await translate({ text: [text], source_lang: 'EN', target_lang: 'ES' }).expect(200);
    const output: string = response.body.translations[0].text;
    expect(output.length).toBeGreaterThan(text.length * 0.8);
    expect(output.slice(-60)).toContain('ZQXJ');
  });

  it('returns 20 concurrent 20,000-character texts whole', async () => {
    const sentence = 'Every user has the right to read the source code of the program. ';
    const texts = Array.from(
      { length: 20 },
      (_, i) => `${sentence.repeat(Math.floor(20_000 / sentence.length) - 1)}The marker of text ${i} is QX${i}Z.`,
    );
    const responses = await Promise.all(texts.map((text) => translate({ text: [text], source_lang: 'EN', target_lang: 'ES' })));
    responses.forEach((response, i) => {
      expect(response.status).toBe(200);
      const output: string = response.body.translations[0].text;
      expect(output.length).toBeGreaterThan(texts[i]!.length * 0.8);
      expect(output.slice(-60)).toContain(`QX${i}Z`);
    });
  });
});

describe('POST /v2/translate refuses', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an unknown key', 'DeepL-Auth-Key not-a-key-we-issued'],
    ['another scheme', `Bearer whatever`],
  ])('%s with 403 and a JSON message', async (_case, header) => {
    const call = request(ctx.app).post('/v2/translate');
    if (header) call.set('Authorization', header);
    const response = await call.send({ text: ['Hi'], target_lang: 'ES' }).expect(403);
    expect(response.body.message).toMatch(/DeepL-Auth-Key/);
    expect(response.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a deactivated key with 403', async () => {
    const { id, secret } = await ctx.createKey();
    await ctx.db.apiKey.update({ where: { id }, data: { deactivatedAt: new Date() } });
    await translate({ text: ['Hi'], target_lang: 'ES' }, secret).expect(403);
  });

  it.each([
    ['text missing', { target_lang: 'ES' }, "Parameter 'text' not specified."],
    ['target_lang missing', { text: ['Hi'] }, "Parameter 'target_lang' not specified."],
    ['an unknown target_lang', { text: ['Hi'], target_lang: 'XX' }, /'target_lang'/],
    ['an unknown source_lang', { text: ['Hi'], source_lang: 'XX', target_lang: 'ES' }, /'source_lang'/],
    ['a pair no engine serves', { text: ['Hi'], source_lang: 'SV', target_lang: 'HI' }, /'target_lang'.*SV/],
    ['a bad formality', { text: ['Hi'], target_lang: 'ES', formality: 'rude' }, /'formality'/],
    ['formality the target cannot honour', { text: ['Hi'], target_lang: 'ES', formality: 'more' }, /formality/],
    ['a bad split_sentences', { text: ['Hi'], target_lang: 'ES', split_sentences: 'always' }, /'split_sentences'/],
    ['a bad tag_handling', { text: ['Hi'], target_lang: 'ES', tag_handling: 'markdown' }, /'tag_handling'/],
    ['a bad model_type', { text: ['Hi'], target_lang: 'ES', model_type: 'fast' }, /'model_type'/],
    ['a non-boolean flag', { text: ['Hi'], target_lang: 'ES', preserve_formatting: 'maybe' }, /'preserve_formatting'/],
    ['51 texts', { text: Array.from({ length: 51 }, () => 'Hi'), target_lang: 'ES' }, /at most 50/],
    [
      'glossary_id with glossary_ids',
      { text: ['Hi'], source_lang: 'EN', target_lang: 'ES', glossary_id: 'a', glossary_ids: ['b'] },
      /either 'glossary_id' or 'glossary_ids'/,
    ],
    ['six glossary_ids', { text: ['Hi'], source_lang: 'EN', target_lang: 'ES', glossary_ids: ['a', 'b', 'c', 'd', 'e', 'f'] }, /at most 5/],
    ['a glossary without source_lang', { text: ['Hi'], target_lang: 'ES', glossary_id: 'a' }, /requires the source_lang/],
    [
      'eleven custom_instructions',
      { text: ['Hi'], target_lang: 'ES', custom_instructions: Array.from({ length: 11 }, () => 'x') },
      /at most 10/,
    ],
    [
      'a custom instruction over 300 characters',
      { text: ['Hi'], target_lang: 'ES', custom_instructions: ['x'.repeat(301)] },
      /300 characters/,
    ],
    [
      'custom_instructions for a target without them',
      { text: ['Hi'], target_lang: 'PT-BR', custom_instructions: ['Be brief.'] },
      /'custom_instructions' is not supported for target_lang/,
    ],
    [
      'a threshold over 100',
      { text: ['Hi'], target_lang: 'ES', translation_memory_id: 'm', translation_memory_threshold: 101 },
      /'translation_memory_threshold'/,
    ],
    [
      'a bad target beside an unknown parameter (which alone is ignored)',
      { text: ['Hi'], target_lang: 'XX', colour: 'blue' },
      /'target_lang' not supported/,
    ],
    ['text that is not a list', { text: 'Hi', target_lang: 'ES' }, /'text'/],
  ])('%s with 400 and a message naming the parameter', async (_case, body, message) => {
    const response = await translate(body).expect(400);
    expect(response.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('a single-valued form parameter sent twice with 400', async () => {
    const response = await translate('text=Hi&target_lang=ES&target_lang=DE').expect(400);
    expect(response.body.message).toMatch(/'target_lang' given 2 times/);
  });

  it.each([
    ['glossary_id', { glossary_id: 'def3a26b-3e84-45b3-84ae-0c0aaf3525f7' }, /Glossary/],
    ['glossary_ids', { glossary_ids: 'a1,b2' }, /Glossary 'a1'/],
    ['translation_memory_id', { translation_memory_id: 'c0ffee' }, /Translation memory 'c0ffee'/],
    ['style_id', { style_id: 'house-style' }, /Style rule list 'house-style'/],
  ])('an unknown %s with 404', async (_name, extra, message) => {
    const response = await translate({ text: ['Hi'], source_lang: 'EN', target_lang: 'ES', ...extra }).expect(404);
    expect(response.body.message).toMatch(message);
  });

  it('texts over 128 KiB with 413 and a JSON message, before any work', async () => {
    const response = await translate({ text: ['a'.repeat(128 * 1024 + 1)], source_lang: 'EN', target_lang: 'ES' }).expect(413);
    expect(response.body.message).toMatch(/128 KiB/);
  });

  it('a body past the raw cap with 413', async () => {
    const response = await translate({ text: ['a'.repeat(600 * 1024)], target_lang: 'ES' }).expect(413);
    expect(response.body.message).toMatch(/larger than the limit/);
  });

  it('malformed JSON, invalid UTF-8 and other content types with a 4xx message', async () => {
    const broken = await request(ctx.app).post('/v2/translate').set(auth(ctx.adminKey)).type('json').send('{"text": [').expect(400);
    expect(broken.body.message).toMatch(/not valid JSON/);
    const latin1 = await request(ctx.app)
      .post('/v2/translate')
      .set(auth(ctx.adminKey))
      .set('Content-Type', 'application/x-www-form-urlencoded')
      // The bytes as they are: superagent would otherwise form-encode the Buffer's indices.
      .serialize((body: Buffer) => body as unknown as string)
      .send(Buffer.from('text=caf\xe9&target_lang=ES', 'latin1'))
      .expect(400);
    expect(latin1.body.message).toMatch(/UTF-8/);
    const escaped = await translate('text=%FF&target_lang=ES').expect(400);
    expect(escaped.body.message).toMatch(/percent-escape/);
    await request(ctx.app).post('/v2/translate').set(auth(ctx.adminKey)).type('text/plain').send('Hello').expect(415);
  });

  it('a request over the key character limit with 456, metering nothing', async () => {
    const { id, secret } = await ctx.createKey({ characterLimit: 20n });
    await translate({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES' }, secret).expect(200);
    const refused = await translate({ text: ['Hello again, world.'], source_lang: 'EN', target_lang: 'ES' }, secret).expect(456);
    expect(refused.body.message).toMatch(/Quota/);
    const period = await ctx.db.periodUsage.findMany({ where: { apiKeyId: id } });
    expect(period.map((row) => Number(row.characters))).toEqual([12]);
  });

  it('concurrent requests cannot together pass the character limit', async () => {
    const { id, secret } = await ctx.createKey({ characterLimit: 100n });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => translate({ text: ['0123456789abcdefghij'], source_lang: 'EN', target_lang: 'ES' }, secret)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 456)).toHaveLength(7);
    const [period] = await ctx.db.periodUsage.findMany({ where: { apiKeyId: id } });
    expect(Number(period!.characters)).toBe(100);
  });

  it('unknown routes with a JSON 404 carrying X-Trace-ID', async () => {
    const response = await request(ctx.app).get('/v2/nothing-here').set(auth(ctx.adminKey)).expect(404);
    expect(response.body.message).toMatch(/no route/);
    expect(response.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
  });
});
