// deepl-node 1.28's DeepLClient.rephraseText against the running service (serverUrl), unchanged.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { createTestContext, type TestContext, deeplClientOptions } from '../helpers/test-app.js';

let ctx: TestContext;
let client: deepl.DeepLClient;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestContext({
    engine: enEsEngine(async (segments) => segments.map((text) => ({ text, detectedSource: 'EN' }))),
  });
  serverUrl = (await ctx.listen()).url;
  client = new deepl.DeepLClient(ctx.adminKey, deeplClientOptions(serverUrl));
});
afterAll(() => ctx.close());

describe('deepl-node rephraseText against the service', () => {
  it('corrects one text without style or tone, answering a WriteResult', async () => {
    const result = await client.rephraseText('Teh meeting is on monday. we will discuss teh the budget.', 'en-US');
    expect(result).toEqual({
      text: 'The meeting is on monday. We will discuss the budget.',
      detectedSourceLang: 'en',
      targetLang: 'en-US',
    });
  });

  it('keeps the order of several texts, each with its detected language, without a target language', async () => {
    const results = await client.rephraseText(['The report is ready.', 'El informe esta listo y es muy bueno.'], null);
    expect(results.map((result) => [result.text, result.detectedSourceLang, result.targetLang])).toEqual([
      ['The report is ready.', 'en', 'en'],
      ['El informe esta listo y es muy bueno.', 'es', 'es'],
    ]);
  });

  it('applies a writing style', async () => {
    const result = await client.rephraseText("Basically, we can't atttend the meeting.", 'en-GB', deepl.WritingStyle.BUSINESS);
    expect(result.text).toBe('We cannot attend the meeting.');
    expect(result.targetLang).toBe('en-GB');
  });

  it('applies a tone, and a prefer_ tone where the language has none', async () => {
    expect((await client.rephraseText('I think the plan is good.', 'en-US', null, deepl.WritingTone.CONFIDENT)).text).toBe(
      'The plan is good.',
    );
    const german = await client.rephraseText('Das ist ein gutes Beispiel.', 'de', null, deepl.WritingTone.PREFER_FRIENDLY);
    expect(german).toEqual({ text: 'Das ist ein gutes Beispiel.', detectedSourceLang: 'de', targetLang: 'de' });
  });

  it('raises a DeepLError naming both parameters when style and tone are given together', async () => {
    const call = client.rephraseText('Hello.', 'en-US', deepl.WritingStyle.CASUAL, deepl.WritingTone.FRIENDLY);
    await expect(call).rejects.toBeInstanceOf(deepl.DeepLError);
    await expect(call).rejects.toThrow(/writing_style and tone/);
  });

  it('raises QuotaExceededError (456) for a key at its limit', async () => {
    const { secret } = await ctx.createKey({ characterLimit: 5n });
    const limited = new deepl.DeepLClient(secret, deeplClientOptions(serverUrl));
    await expect(limited.rephraseText('Hello there.', 'en-US')).rejects.toBeInstanceOf(deepl.QuotaExceededError);
  });
});
