// One key's request of eight texts that crash the translation chain every time they are read; another key's three
// requests, in the same chain at the same time, are all answered. A crash does not say whose text caused it
// (docs/engines.md, Failures): the other key's segments are sent again and, if need be, run one at a time.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ApertiumEngine } from '../../src/engine/apertium/apertium-engine.js';
import { fakeModesDir } from '../helpers/processes.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
const engine = new ApertiumEngine({ modesDir: fakeModesDir({ mode: 'eng-spa' }), chainsPerPair: 1 });
beforeAll(async () => {
  ctx = await createTestContext({ engine });
});
afterAll(async () => {
  await ctx.close();
  await engine.close();
});

const translate = (key: string, text: string[]) =>
  request(ctx.app).post('/v2/translate').set(auth(key)).send({ text, source_lang: 'EN', target_lang: 'ES' });

describe("one key's texts that crash the chain, and another key's requests", () => {
  it('fails the crashing requests and answers every text of the other key', async () => {
    const crashing = (await ctx.createKey()).secret;
    const other = (await ctx.createKey()).secret;
    const plain = (request: number) => Array.from({ length: 10 }, (_, index) => `Plain text ${index} of request ${request}.`);
    const [crashed, ...answered] = await Promise.all([
      translate(
        crashing,
        Array.from({ length: 8 }, (_, index) => `POISON ${index}.`),
      ),
      ...[1, 2, 3].map((n) => translate(other, plain(n))),
    ]);
    expect(crashed.status).toBe(503);
    expect(crashed.body.message).toEqual(expect.any(String));
    answered.forEach((response, index) => {
      expect(response.status).toBe(200);
      expect(response.body.translations.map((translation: { text: string }) => translation.text)).toEqual(plain(index + 1));
    });
  });
});
