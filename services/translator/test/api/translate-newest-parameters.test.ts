// The parameters DeepL's newest /v2/translate contract added, through the real app, database and
// Apertium engine: `context` (not billed; it picks among glossaries and helps detection),
// `custom_instructions` (honoured offline for the listed forms, 400 for the rest), `model_type`,
// `show_billed_characters`, `tag_handling_version=v2` (strict XML), and several glossaries. deepl-node
// where it has the option, plain HTTP otherwise.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import request from 'supertest';
import { auth, createTestContext, deeplClientOptions, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let client: deepl.DeepLClient;
beforeAll(async () => {
  ctx = await createTestContext();
  client = new deepl.DeepLClient(ctx.adminKey, deeplClientOptions((await ctx.listen()).url));
});
afterAll(() => ctx.close());

const translate = (body: object, key = ctx.adminKey) => request(ctx.app).post('/v2/translate').set(auth(key)).send(body);
const usageOf = async (id: string) =>
  (await ctx.db.dailyUsage.findMany({ where: { apiKeyId: id } })).reduce((sum, row) => sum + Number(row.textTranslationCharacters), 0);

describe('context', () => {
  it('is accepted and never billed: billed_characters and the meter count the text alone', async () => {
    const { id, secret } = await ctx.createKey();
    const keyClient = new deepl.DeepLClient(secret, deeplClientOptions((await ctx.listen()).url));
    const result = await keyClient.translateText('The dog is happy.', 'en', 'es', {
      context: 'A long paragraph about pets and their owners, which must not be billed at all.',
    });
    expect(result.billedCharacters).toBe(17);
    expect(result.text).toMatch(/perro/);
    expect(await usageOf(id)).toBe(17);
  });

  it('gives the source language of a text that has none of its own', async () => {
    const response = await translate({
      text: ['12345'],
      target_lang: 'EN-US',
      context: 'El perro está en la casa grande con el gato.',
    }).expect(200);
    expect(response.body.translations[0]).toMatchObject({ detected_source_language: 'ES', text: '12345' });
  });

  it('chooses among glossaries holding the same term: the one whose terms the context uses', async () => {
    const glossary = async (name: string, entries: string) =>
      (
        await request(ctx.app)
          .post('/v2/glossaries')
          .set(auth(ctx.adminKey))
          .send({ name, source_lang: 'en', target_lang: 'es', entries, entries_format: 'tsv' })
          .expect(201)
      ).body.glossary_id as string;
    const computing = await glossary('computing', 'mouse\tratón\nkeyboard\tteclado\nscreen\tpantalla');
    const animals = await glossary('animals', 'mouse\tmúrido\ncat\tfelino\ntail\tcola');
    const ask = (context?: string) =>
      client.translateText('The mouse is small.', 'en', 'es', { glossaryIds: [computing, animals], ...(context ? { context } : {}) });
    // Without context the first glossary named wins; a context about animals puts that glossary first.
    expect((await ask()).text).toMatch(/ratón/);
    expect((await ask('The cat chased it until only its tail was visible.')).text).toMatch(/múrido/);
    expect((await ask('Plug the keyboard in and look at the screen.')).text).toMatch(/ratón/);
  });
});

describe('custom_instructions, offline', () => {
  it('follows terminology and number format instructions (deepl-node)', async () => {
    const result = await client.translateText('The world costs 1,234.56 dollars.', 'en', 'es', {
      customInstructions: ['Translate "world" as "planeta".', 'Use a comma as decimal separator.'],
    });
    expect(result.text).toMatch(/planeta/);
    expect(result.text).toContain('1.234,56');
    expect(result.text).not.toMatch(/mundo/i);
  });

  it('follows a tone instruction through the write rules, and quotation marks', async () => {
    const response = await translate({
      text: ['No lo sé. Él dijo "sí".'],
      source_lang: 'ES',
      target_lang: 'EN-US',
      custom_instructions: ['Use an informal tone', 'Use curly quotation marks'],
    }).expect(200);
    const plain = await translate({ text: ['No lo sé. Él dijo "sí".'], source_lang: 'ES', target_lang: 'EN-US' }).expect(200);
    expect(plain.body.translations[0].text).toMatch(/do not|"/);
    expect(response.body.translations[0].text).toMatch(/n't/);
    expect(response.body.translations[0].text).toMatch(/“[^”]+”/);
    expect(response.body.translations[0].text).not.toContain('"');
  });

  it('refuses an instruction it cannot follow with 400 naming it, before anything is billed', async () => {
    const { id, secret } = await ctx.createKey();
    const response = await translate(
      { text: ['Hello.'], source_lang: 'EN', target_lang: 'ES', custom_instructions: ['Use "hola" for "hello"', 'Keep it short.'] },
      secret,
    ).expect(400);
    expect(response.body.message).toMatch(/Custom instruction 'Keep it short\.' .*cannot be honoured offline/);
    expect(response.body.message).toMatch(/TRANSLATOR_ENGINE=deepl/);
    expect(await usageOf(id)).toBe(0);
  });

  it('refuses a formality instruction that contradicts formality, and a form of address of another language', async () => {
    const contradiction = await translate({
      text: ['Hello.'],
      source_lang: 'EN',
      target_lang: 'ES',
      formality: 'prefer_less',
      custom_instructions: ['Use a formal tone.'],
    }).expect(400);
    expect(contradiction.body.message).toMatch(/contradicts formality=prefer_less/);
    const pronoun = await translate({ text: ['Hello.'], source_lang: 'EN', target_lang: 'ES', custom_instructions: ['Use "du"'] }).expect(
      400,
    );
    expect(pronoun.body.message).toMatch(/'du' is not a form of address of the target language/);
  });

  it('holds a style rule list to the same rule, naming the list', async () => {
    const list = await request(ctx.app)
      .post('/v3/style_rules')
      .set(auth(ctx.adminKey))
      .send({ name: 'Vague', language: 'es', custom_instructions: [{ label: 'Short', prompt: 'Be concise.' }] })
      .expect(201);
    const response = await translate({ text: ['Hello.'], source_lang: 'EN', target_lang: 'ES', style_id: list.body.style_id }).expect(400);
    expect(response.body.message).toContain(`from style rule list '${list.body.style_id}'`);
  });
});

describe('a style rule list on documents, offline', () => {
  const styleList = async (prompt: string) =>
    (
      await request(ctx.app)
        .post('/v3/style_rules')
        .set(auth(ctx.adminKey))
        .send({ name: prompt, language: 'es', custom_instructions: [{ label: 'rule', prompt }] })
        .expect(201)
    ).body.style_id as string;
  const upload = (styleId: string) =>
    request(ctx.app)
      .post('/v2/document')
      .set(auth(ctx.adminKey))
      .field('source_lang', 'EN')
      .field('target_lang', 'ES')
      .field('style_id', styleId)
      .attach('file', Buffer.from('The dog is "happy".\n'), 'pets.txt');

  it('follows its instructions in the document, and refuses the upload for one it cannot follow', async () => {
    const created = await upload(await styleList('Translate "dog" as "can".')).expect(200);
    for (;;) {
      const status = await request(ctx.app)
        .post(`/v2/document/${created.body.document_id}`)
        .set(auth(ctx.adminKey))
        .send({ document_key: created.body.document_key })
        .expect(200);
      if (status.body.status === 'done') break;
      expect(status.body.status).not.toBe('error');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = await request(ctx.app)
      .post(`/v2/document/${created.body.document_id}/result`)
      .set(auth(ctx.adminKey))
      .send({ document_key: created.body.document_key })
      .buffer(true)
      .parse((res, done) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => done(null, body));
      })
      .expect(200);
    expect(result.body).toMatch(/\bcan\b/);
    expect(result.body).not.toMatch(/perro/);

    const refused = await upload(await styleList('Sound like a pirate.')).expect(400);
    expect(refused.body.message).toMatch(/Custom instruction 'Sound like a pirate\.' \(from style rule list/);
  });
});

describe('model_type and show_billed_characters', () => {
  it('answers model_type_used with the type asked for, prefer_ dropped, and billed_characters per text', async () => {
    const response = await translate({
      text: ['Hello.', 'The dog.'],
      source_lang: 'EN',
      target_lang: 'ES',
      model_type: 'latency_optimized',
      show_billed_characters: true,
    }).expect(200);
    expect(response.body.translations.map((item: { billed_characters: number }) => item.billed_characters)).toEqual([6, 8]);
    expect(response.body.translations[0].model_type_used).toBe('latency_optimized');
    const result = await client.translateText('Hello.', 'en', 'es', { modelType: 'prefer_quality_optimized' });
    expect(result.modelTypeUsed).toBe('quality_optimized');
  });
});

describe('tag_handling_version', () => {
  const malformed = '<p>This tag is not closed properly</a>';

  it('v2 parses XML strictly: malformed input is 400 with DeepL’s message (deepl-node)', async () => {
    await expect(client.translateText(malformed, 'en', 'es', { tagHandling: 'xml', tagHandlingVersion: 'v2' })).rejects.toThrow(
      /Tag handling parsing failed, please check input\./,
    );
    const entity = await translate({
      text: ['Fine.', 'A&nbsp;b'],
      source_lang: 'EN',
      target_lang: 'ES',
      tag_handling: 'xml',
      tag_handling_version: 'v2',
    }).expect(400);
    expect(entity.body.message).toMatch(/^Tag handling parsing failed, please check input\. Text 2: the entity '&nbsp;'/);
  });

  it('v1, and HTML in v2, stay lenient', async () => {
    const v1 = await client.translateText(malformed, 'en', 'es', { tagHandling: 'xml', tagHandlingVersion: 'v1' });
    expect(v1.text).toContain('</a>');
    const html = await translate({
      text: [malformed],
      source_lang: 'EN',
      target_lang: 'ES',
      tag_handling: 'html',
      tag_handling_version: 'v2',
    }).expect(200);
    expect(html.body.translations[0].tag_handling_version).toBe('v2');
  });
});
