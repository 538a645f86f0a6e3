// deepl-node 1.28's glossary and multilingual-glossary methods against the service, unchanged, and
// the glossaries applied by /v2/translate through the real Apertium engine.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import { createTestContext, type TestContext, deeplClientOptions } from '../helpers/test-app.js';

let ctx: TestContext;
let client: deepl.DeepLClient;
beforeAll(async () => {
  ctx = await createTestContext();
  client = new deepl.DeepLClient(ctx.adminKey, deeplClientOptions((await ctx.listen()).url));
});
afterAll(() => ctx.close());

const entries = (terms: Record<string, string>) => new deepl.GlossaryEntries({ entries: terms });

describe('v2 glossaries through deepl-node', () => {
  it('createGlossary, getGlossary, listGlossaries, getGlossaryEntries and deleteGlossary', async () => {
    const created = await client.createGlossary('Pets', 'en', 'es', entries({ dog: 'can', 'black cat': 'gato negro' }));
    expect(created).toMatchObject({ name: 'Pets', ready: true, sourceLang: 'en', targetLang: 'es', entryCount: 2 });
    expect(created.glossaryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.creationTime.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect(await client.getGlossary(created.glossaryId)).toEqual(created);
    expect((await client.listGlossaries()).map((glossary) => glossary.glossaryId)).toContain(created.glossaryId);
    expect((await client.getGlossaryEntries(created.glossaryId)).entries()).toEqual({ dog: 'can', 'black cat': 'gato negro' });

    await client.deleteGlossary(created.glossaryId);
    await expect(client.getGlossary(created.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
  });

  it('createGlossaryWithCsv reads quoted CSV and skips rows for another pair', async () => {
    const csv = 'dog,perro\n"hot, dog","perrito ""caliente"""\ncat,chat,en,fr\n';
    const created = await client.createGlossaryWithCsv('CSV', 'en', 'es', Buffer.from(csv)); // a Buffer, or a file path
    expect(created.entryCount).toBe(2);
    expect((await client.getGlossaryEntries(created)).entries()).toEqual({ dog: 'perro', 'hot, dog': 'perrito "caliente"' });
  });

  it('getGlossaryLanguagePairs lists pairs of the served languages', async () => {
    const pairs = await client.getGlossaryLanguagePairs();
    expect(pairs).toEqual(
      expect.arrayContaining([
        { sourceLang: 'en', targetLang: 'es' },
        { sourceLang: 'es', targetLang: 'en' },
      ]),
    );
    expect(pairs.every((pair) => pair.sourceLang !== pair.targetLang)).toBe(true);
  });
});

describe('v3 multilingual glossaries through deepl-node', () => {
  it('creates with several dictionaries, reads, renames, merges, replaces and deletes dictionaries', async () => {
    const glossary = await client.createMultilingualGlossary('Shop', [
      { sourceLangCode: 'en', targetLangCode: 'es', entries: entries({ shop: 'tienda', 'shopping cart': 'carrito' }) },
      { sourceLangCode: 'es', targetLangCode: 'en', entries: entries({ tienda: 'store' }) },
    ]);
    expect(glossary.name).toBe('Shop');
    expect(glossary.dictionaries).toEqual([
      { sourceLangCode: 'en', targetLangCode: 'es', entryCount: 2 },
      { sourceLangCode: 'es', targetLangCode: 'en', entryCount: 1 },
    ]);
    expect(await client.getMultilingualGlossary(glossary.glossaryId)).toEqual(glossary);
    expect((await client.listMultilingualGlossaries()).map((item) => item.glossaryId)).toContain(glossary.glossaryId);

    const enEs = await client.getMultilingualGlossaryDictionaryEntries(glossary.glossaryId, 'en', 'es');
    expect(enEs.entries.entries()).toEqual({ shop: 'tienda', 'shopping cart': 'carrito' });

    expect((await client.updateMultilingualGlossaryName(glossary.glossaryId, 'Store')).name).toBe('Store');

    // PATCH merges: a new target for an existing source term, and a new term.
    const merged = await client.updateMultilingualGlossaryDictionary(glossary.glossaryId, {
      sourceLangCode: 'en',
      targetLangCode: 'es',
      entries: entries({ shop: 'comercio', price: 'precio' }),
    });
    expect(merged.dictionaries.find((d) => d.sourceLangCode === 'en')?.entryCount).toBe(3);
    expect((await client.getMultilingualGlossaryDictionaryEntries(glossary, 'en', 'es')).entries.entries()).toEqual({
      shop: 'comercio',
      'shopping cart': 'carrito',
      price: 'precio',
    });
    await client.updateMultilingualGlossaryDictionaryWithCsv(glossary, 'en', 'es', 'cart,cesta\n');
    expect((await client.getMultilingualGlossary(glossary.glossaryId)).dictionaries[0]!.entryCount).toBe(4);

    // PUT replaces the whole dictionary.
    const replaced = await client.replaceMultilingualGlossaryDictionary(glossary.glossaryId, {
      sourceLangCode: 'en',
      targetLangCode: 'es',
      entries: entries({ basket: 'cesta' }),
    });
    expect(replaced).toEqual({ sourceLangCode: 'en', targetLangCode: 'es', entryCount: 1 });
    const replacedCsv = await client.replaceMultilingualGlossaryDictionaryWithCsv(glossary, 'en', 'fr', 'shop,boutique\n');
    expect(replacedCsv).toEqual({ sourceLangCode: 'en', targetLangCode: 'fr', entryCount: 1 });

    await client.deleteMultilingualGlossaryDictionary(glossary, 'es', 'en');
    expect(
      (await client.getMultilingualGlossary(glossary.glossaryId)).dictionaries.map((d) => `${d.sourceLangCode}-${d.targetLangCode}`),
    ).toEqual(['en-es', 'en-fr']);
    await expect(client.getMultilingualGlossaryDictionaryEntries(glossary, 'es', 'en')).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);

    await client.deleteMultilingualGlossary(glossary);
    await expect(client.getMultilingualGlossary(glossary.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
  });

  it('createMultilingualGlossary(name, []) creates a glossary without dictionaries, filled later', async () => {
    const glossary = await client.createMultilingualGlossary('Empty at first', []);
    expect(glossary.dictionaries).toEqual([]);
    await client.replaceMultilingualGlossaryDictionary(glossary, {
      sourceLangCode: 'en',
      targetLangCode: 'es',
      entries: entries({ dog: 'can' }),
    });
    const filled = await client.getMultilingualGlossary(glossary.glossaryId);
    expect(filled.dictionaries).toEqual([{ sourceLangCode: 'en', targetLangCode: 'es', entryCount: 1 }]);
  });

  it('createMultilingualGlossaryWithCsv creates one dictionary', async () => {
    const glossary = await client.createMultilingualGlossaryWithCsv('CSV v3', 'en', 'es', 'dog,can\n');
    expect(glossary.dictionaries).toEqual([{ sourceLangCode: 'en', targetLangCode: 'es', entryCount: 1 }]);
  });

  it('a dictionary with target EN serves EN-US and EN-GB', async () => {
    const glossary = await client.createMultilingualGlossary('Variants', [
      { sourceLangCode: 'es', targetLangCode: 'en', entries: entries({ perro: 'hound' }) },
    ]);
    for (const target of ['en-US', 'en-GB'] as const) {
      const result = await client.translateText('El perro duerme.', 'es', target, { glossary });
      expect(result.text).toMatch(/hound/);
    }
  });
});

describe('glossaries applied by translateText (real Apertium)', () => {
  it('replaces a matched term with the glossary target, longest match first', async () => {
    const glossary = await client.createGlossary('Terms', 'en', 'es', entries({ dog: 'chucho', 'hot dog': 'perrito caliente' }));
    const plain = await client.translateText('The dog eats a hot dog.', 'en', 'es');
    expect(plain.text).not.toMatch(/chucho|perrito caliente/);
    const result = await client.translateText('The dog eats a hot dog.', 'en', 'es', { glossary });
    expect(result.text).toMatch(/chucho/);
    expect(result.text).toMatch(/perrito caliente/);
    expect(result.text).toMatch(/\.$/);
  });

  it('applies several glossary_ids in order: the first to match a term wins', async () => {
    const first = await client.createMultilingualGlossary('First', [
      { sourceLangCode: 'en', targetLangCode: 'es', entries: entries({ house: 'casona' }) },
    ]);
    const second = await client.createMultilingualGlossary('Second', [
      { sourceLangCode: 'en', targetLangCode: 'es', entries: entries({ house: 'chabola', garden: 'vergel' }) },
    ]);
    const result = await client.translateText('The house has a garden.', 'en', 'es', {
      extraRequestParameters: { glossary_ids: `${first.glossaryId},${second.glossaryId}` },
    });
    expect(result.text).toMatch(/casona/);
    expect(result.text).not.toMatch(/chabola/);
    expect(result.text).toMatch(/vergel/);
  });

  it('refuses a glossary without the requested pair (400) and an unknown glossary (404)', async () => {
    const esEn = await client.createMultilingualGlossary('Reverse', [
      { sourceLangCode: 'es', targetLangCode: 'en', entries: entries({ perro: 'dog' }) },
    ]);
    await expect(client.translateText('The dog.', 'en', 'es', { glossary: esEn.glossaryId })).rejects.toThrow(
      /Bad request.*No dictionary found for language pair EN-ES/,
    );
    await expect(client.translateText('The dog.', 'en', 'es', { glossary: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(
      /Not found/,
    );
  });
});
