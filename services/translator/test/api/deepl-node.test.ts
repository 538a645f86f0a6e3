// The official deepl-node client (1.28), pointed at the running service with serverUrl, unchanged.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import request from 'supertest';
import { auth, createTestContext, type TestContext, deeplClientOptions } from '../helpers/test-app.js';

let ctx: TestContext;
let serverUrl: string;
let translator: deepl.Translator;
beforeAll(async () => {
  ctx = await createTestContext();
  serverUrl = (await ctx.listen()).url;
  translator = new deepl.Translator(ctx.adminKey, deeplClientOptions(serverUrl));
});
afterAll(() => ctx.close());

const clientFor = (key: string) => new deepl.Translator(key, deeplClientOptions(serverUrl));

describe('deepl-node against the service', () => {
  it('translateText with one string returns a TextResult with billed characters', async () => {
    const result = await translator.translateText('Hello world.', 'en', 'es');
    expect(result.text).toBe('Hola Mundo.');
    expect(result.detectedSourceLang).toBe('en');
    expect(result.billedCharacters).toBe(12);
    expect(result.modelTypeUsed).toBeUndefined();
  });

  it('translateText with an array keeps the order', async () => {
    const results = await translator.translateText(['Good morning.', 'The cat is black.', 'Thank you.'], 'en', 'es');
    expect(results).toHaveLength(3);
    expect(results[1]!.text).toMatch(/gato/);
  });

  it('translateText without a source language detects it', async () => {
    const result = await translator.translateText('El gato negro duerme en la casa grande.', null, 'en-US');
    expect(result.detectedSourceLang).toBe('es');
    expect(result.text).toMatch(/cat/i);
  });

  it('translateText with every option deepl-node sends', async () => {
    const result = await translator.translateText('The program is free software.', 'en', 'es', {
      splitSentences: 'nonewlines',
      preserveFormatting: true,
      formality: 'prefer_less',
      context: 'A software licence.',
      modelType: 'latency_optimized',
      tagHandling: 'xml',
      tagHandlingVersion: 'v2',
      outlineDetection: false,
      nonSplittingTags: ['a', 'b'],
      splittingTags: ['p'],
      ignoreTags: ['code'],
      customInstructions: ['Translate "free software" as "software libre".'],
      extraRequestParameters: { enable_beta_languages: '1' },
    });
    expect(result.text).toMatch(/programa/);
    expect(result.modelTypeUsed).toBe('latency_optimized');
  });

  it('getUsage reports the key’s character count and limit', async () => {
    const { secret } = await ctx.createKey({ characterLimit: 1000n });
    const client = clientFor(secret);
    await client.translateText('Hello world.', 'en', 'es');
    const usage = await client.getUsage();
    expect(usage.character).toMatchObject({ count: 12, limit: 1000 });
    expect(usage.anyLimitReached()).toBe(false);
  });

  it('getSourceLanguages and getTargetLanguages list what the engine serves', async () => {
    const sources = await translator.getSourceLanguages();
    expect(sources.find((l) => l.code === 'en')).toMatchObject({ name: 'English' });
    for (const language of sources) expect(language.supportsFormality).toBeUndefined();
    const targets = await translator.getTargetLanguages();
    expect(targets.map((l) => l.code)).toEqual(expect.arrayContaining(['es', 'en-GB', 'en-US', 'pt-BR', 'pt-PT']));
    for (const language of targets) expect(language.supportsFormality).toBeDefined();
  });

  it('raises AuthorizationError for an unknown key (403)', async () => {
    await expect(clientFor('not-a-key-we-issued').translateText('Hi', 'en', 'es')).rejects.toBeInstanceOf(deepl.AuthorizationError);
  });

  // Keys made, deactivated and limited through the administration API, as an admin would.
  const developerKey = async (): Promise<{ key: string; key_id: string }> =>
    (await request(ctx.app).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({ label: 'deepl-node' }).expect(200)).body;

  it('raises AuthorizationError for a deactivated key (403)', async () => {
    const { key, key_id } = await developerKey();
    await clientFor(key).getUsage();
    await request(ctx.app).put('/v2/admin/developer-keys/deactivate').set(auth(ctx.adminKey)).send({ key_id }).expect(200);
    await expect(clientFor(key).getUsage()).rejects.toBeInstanceOf(deepl.AuthorizationError);
  });

  it('raises QuotaExceededError when the key is over its character limit (456)', async () => {
    const { key, key_id } = await developerKey();
    await request(ctx.app).put('/v2/admin/developer-keys/limits').set(auth(ctx.adminKey)).send({ key_id, characters: 5 }).expect(200);
    await expect(clientFor(key).translateText('Hello world.', 'en', 'es')).rejects.toBeInstanceOf(deepl.QuotaExceededError);
    const usage = await clientFor(key).getUsage();
    expect(usage.character?.count).toBe(0);
    expect(usage.character?.limit).toBe(5);
  });

  it('raises DeepLError naming the parameter for a bad request (400)', async () => {
    const error = await translator.translateText('Hi', 'en', 'es', { formality: 'more' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(deepl.DeepLError);
    expect((error as Error).message).toMatch(/Bad request.*formality/);
  });

  it('extraRequestParameters the service does not know are ignored, as DeepL ignores them', async () => {
    const result = await translator.translateText('Hello world.', 'en', 'es', {
      extraRequestParameters: { example_extra_param: 'example_extra_value', some_future_deepl_option: '1' },
    });
    expect(result.text).toBe('Hola Mundo.');
  });

  it('a wrong value of a known parameter is still refused next to an unknown one', async () => {
    const error = await translator
      .translateText('Hi', 'en', 'es', { extraRequestParameters: { example_extra_param: 'x', split_sentences: 'sometimes' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(deepl.DeepLError);
    expect((error as Error).message).toMatch(/'split_sentences'/);
  });

  it('raises DeepLError for a request over 128 KiB (413)', async () => {
    const error = await translator.translateText('a'.repeat(130 * 1024), 'en', 'es').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(deepl.DeepLError);
    expect((error as Error).message).toMatch(/413/);
  });
});
