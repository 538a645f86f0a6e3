// The DeepL languages Debian's newer Apertium pairs add (docs/engines.md): listed by /v2/languages, and
// translated by the real chains, directly and through a third language. Three chains start here, no more.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import request from 'supertest';
import { auth, createTestContext, deeplClientOptions, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let translator: deepl.Translator;
beforeAll(async () => {
  ctx = await createTestContext();
  translator = new deepl.Translator(ctx.adminKey, deeplClientOptions((await ctx.listen()).url));
});
afterAll(() => ctx.close());

const NEW_CODES = ['AN', 'BE', 'BS', 'EO', 'HI', 'HR', 'IS', 'NB', 'OC', 'RU', 'SL', 'SR', 'UK', 'UR'];

describe('languages from the added Apertium pairs', () => {
  it('/v2/languages lists the new codes as sources and targets, BR as a source only', async () => {
    const sources = await request(ctx.app).get('/v2/languages').set(auth(ctx.adminKey)).expect(200);
    const targets = await request(ctx.app).get('/v2/languages?type=target').set(auth(ctx.adminKey)).expect(200);
    const codes = (body: Array<{ language: string }>) => body.map((item) => item.language);
    expect(codes(sources.body)).toEqual(expect.arrayContaining([...NEW_CODES, 'BR']));
    expect(codes(targets.body)).toEqual(expect.arrayContaining(NEW_CODES));
    expect(codes(targets.body)).not.toContain('BR');
    expect(targets.body.find((item: { language: string }) => item.language === 'NB')).toMatchObject({ name: 'Norwegian Bokmål' });
  });

  it('/v2/languages marks the sources a target is reached from only through a third language', async () => {
    const targets = await request(ctx.app).get('/v2/languages?type=target').set(auth(ctx.adminKey)).expect(200);
    const belarusian = targets.body.find((item: { language: string }) => item.language === 'BE');
    // RU -> BE is a pair of its own; UK -> BE goes UK -> RU -> BE.
    expect(belarusian.pivoted_from).toContain('UK');
    expect(belarusian.pivoted_from).not.toContain('RU');
  });

  it('translates RU -> UK with Apertium (Debian’s Russian tagger crashes; the chain runs without it)', async () => {
    const result = await translator.translateText('Москва — столица России.', 'ru', 'uk');
    expect(result.text).toBe('Москва — столиця Росії.');
    expect(result.detectedSourceLang).toBe('ru');
  });

  it('translates UK -> BE through Russian, two pairs chained', async () => {
    // Debian's Ukrainian tagger aborts on this sentence; ukr-rus runs without it.
    const result = await translator.translateText(
      'Мер пообіцяв, що ніхто не втратить свого місця до кінця літа.',
      'uk',
      'be' as deepl.TargetLanguageCode,
    );
    expect(result.text).toMatch(/месца/);
  });
});
