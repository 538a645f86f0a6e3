// tag_handling xml/html through the real Apertium engine: every tag and entity comes back unchanged and
// in order, ignore_tags content is not translated, and glossaries apply inside markup text only.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import request from 'supertest';
import { auth, createTestContext, type TestContext, deeplClientOptions } from '../helpers/test-app.js';

let ctx: TestContext;
let client: deepl.DeepLClient;
beforeAll(async () => {
  ctx = await createTestContext();
  client = new deepl.DeepLClient(ctx.adminKey, deeplClientOptions((await ctx.listen()).url));
});
afterAll(() => ctx.close());

const markupOf = (text: string) => text.match(/<[^>]*>|&[#\w]+;/g) ?? [];

describe('tag_handling', () => {
  it('html: tags, attributes and entities survive unchanged and in place', async () => {
    const html =
      '<p>Hello <b>world</b>, this is a <a href="https://example.com/page" title="The page">link to the page</a> &amp; more&nbsp;text.</p><p>The dog is black.</p>';
    const result = await client.translateText(html, 'en', 'es', { tagHandling: 'html' });
    expect(markupOf(result.text)).toEqual(markupOf(html));
    expect(result.text).toMatch(/^<p>Hola <b>Mundo<\/b>/);
    expect(result.text).toMatch(/<p>El perro es negro.<\/p>$/);
  });

  it('xml: every element, comment and CDATA comes back; the text inside is translated', async () => {
    const xml = '<doc><title>The house</title><!-- note --><body>The dog is <emph>black</emph>.<![CDATA[a < b]]></body></doc>';
    const response = await request(ctx.app)
      .post('/v2/translate')
      .set(auth(ctx.adminKey))
      .send({ text: [xml], source_lang: 'EN', target_lang: 'ES', tag_handling: 'xml', tag_handling_version: 'v2' })
      .expect(200);
    const [translation] = response.body.translations;
    expect(translation.tag_handling_version).toBe('v2');
    expect(translation.text.match(/<[^>]*>|<!--.*?-->|<!\[CDATA\[.*?\]\]>/g)).toEqual(xml.match(/<[^>]*>|<!--.*?-->|<!\[CDATA\[.*?\]\]>/g));
    expect(translation.text).toMatch(/<title>La casa<\/title>/);
    expect(translation.text).toMatch(/perro/);
  });

  it('reports tag_handling_version v1 when tag_handling is sent without a version, and nothing otherwise', async () => {
    const tagged = await request(ctx.app)
      .post('/v2/translate')
      .set(auth(ctx.adminKey))
      .send({ text: ['<p>Hi</p>'], source_lang: 'EN', target_lang: 'ES', tag_handling: 'html' })
      .expect(200);
    expect(tagged.body.translations[0].tag_handling_version).toBe('v1');
    const plain = await request(ctx.app)
      .post('/v2/translate')
      .set(auth(ctx.adminKey))
      .send({ text: ['Hi'], source_lang: 'EN', target_lang: 'ES' })
      .expect(200);
    expect(plain.body.translations[0]).not.toHaveProperty('tag_handling_version');
  });

  it('ignore_tags: the content of those elements is not translated, nested ones included', async () => {
    const xml = '<p>The dog sleeps. <code>The dog <i>sleeps</i>.</code> The cat eats.</p>';
    const result = await client.translateText(xml, 'en', 'es', { tagHandling: 'xml', ignoreTags: ['code'] });
    expect(result.text).toContain('<code>The dog <i>sleeps</i>.</code>');
    expect(result.text).toMatch(/perro/);
    expect(result.text).toMatch(/gato/);
    expect(markupOf(result.text)).toEqual(markupOf(xml));
  });

  it('applies a glossary inside text nodes only, never inside tags or attributes', async () => {
    const glossary = await client.createGlossary('markup', 'en', 'es', new deepl.GlossaryEntries({ entries: { dog: 'chucho' } }));
    const html = '<p title="dog">The dog <b>sleeps</b>.</p>';
    const result = await client.translateText(html, 'en', 'es', { tagHandling: 'html', glossary });
    expect(result.text).toContain('<p title="dog">');
    expect(result.text).toMatch(/chucho/);
    expect(markupOf(result.text)).toEqual(markupOf(html));
  });

  it('refuses an unknown tag_handling with 400 naming it', async () => {
    const response = await request(ctx.app)
      .post('/v2/translate')
      .set(auth(ctx.adminKey))
      .send({ text: ['x'], target_lang: 'ES', tag_handling: 'markdown' })
      .expect(400);
    expect(response.body.message).toMatch(/'tag_handling'/);
  });

  it('preserve_formatting keeps the source’s lower-case start and missing final punctuation', async () => {
    const [kept] = (
      await request(ctx.app)
        .post('/v2/translate')
        .set(auth(ctx.adminKey))
        .send({ text: ['  the dog is black  '], source_lang: 'EN', target_lang: 'ES', preserve_formatting: true })
        .expect(200)
    ).body.translations;
    expect(kept.text).toBe('  el perro es negro  ');
  });
});
