// Style rule lists through the HTTP interface: CRUD, configured rules, custom instructions, limits, and
// style_id on /v2/translate (real PostgreSQL; an engine that records the options it is given).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TranslateOptions } from '../../src/engine/engine.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let clock = new Date('2026-11-24T12:00:00.000Z');
const engineOptions: TranslateOptions[] = [];
// It follows instructions as the deepl engine does, so that they reach it as given.
const engine = {
  ...enEsEngine(async (segments: string[], options: TranslateOptions) => {
    engineOptions.push(options);
    return segments.map((text) => ({ text: `[es] ${text}`, detectedSource: 'EN' }));
  }),
  followsInstructions: true,
};

beforeAll(async () => {
  ctx = await createTestContext({ engine, now: () => clock });
});
afterAll(() => ctx.close());
beforeEach(() => {
  engineOptions.length = 0;
});

const api = () => request(ctx.app);
const key = () => auth(ctx.adminKey);
const create = (body: object) => api().post('/v3/style_rules').set(key()).send(body);
const tick = () => (clock = new Date(clock.getTime() + 1000));

describe('style rule lists', () => {
  it('creates, reads, renames, reconfigures and deletes a list', async () => {
    const created = await create({
      name: 'House style',
      language: 'es',
      configured_rules: { punctuation: { quotation_mark: 'use_guillemets' } },
      custom_instructions: [{ label: 'Tone', prompt: 'Use the formal usted.', source_language: 'en' }],
    }).expect(201);
    expect(created.body).toEqual({
      style_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'House style',
      creation_time: clock.toISOString(),
      updated_time: clock.toISOString(),
      language: 'es',
      version: 1,
      configured_rules: { punctuation: { quotation_mark: 'use_guillemets' } },
      custom_instructions: [{ id: expect.any(String), label: 'Tone', prompt: 'Use the formal usted.', source_language: 'en' }],
    });
    const id = created.body.style_id;
    expect((await api().get(`/v3/style_rules/${id}`).set(key()).expect(200)).body).toEqual(created.body);

    tick();
    const renamed = await api().patch(`/v3/style_rules/${id}`).set(key()).send({ name: 'Casa' }).expect(200);
    expect(renamed.body).toMatchObject({
      name: 'Casa',
      version: 2,
      updated_time: clock.toISOString(),
      creation_time: created.body.creation_time,
    });
    const rules = await api()
      .put(`/v3/style_rules/${id}/configured_rules`)
      .set(key())
      .send({ numbers: { decimal_separator: 'comma' } })
      .expect(200);
    expect(rules.body).toMatchObject({ configured_rules: { numbers: { decimal_separator: 'comma' } }, version: 3 });

    await api().delete(`/v3/style_rules/${id}`).set(key()).expect(204);
    expect((await api().get(`/v3/style_rules/${id}`).set(key()).expect(404)).body.message).toMatch(/Style rule list '.*' not found/);
    await api().delete(`/v3/style_rules/${id}`).set(key()).expect(404);
  });

  it('lists with page, page_size and detailed', async () => {
    await ctx.db.styleRule.deleteMany();
    for (const name of ['A', 'B', 'C']) {
      tick();
      await create({ name, language: 'en', custom_instructions: [{ label: 'l', prompt: 'p' }] }).expect(201);
    }
    const brief = await api().get('/v3/style_rules').set(key()).expect(200);
    expect(brief.body.style_rules.map((rule: { name: string }) => rule.name)).toEqual(['A', 'B', 'C']);
    expect(brief.body.style_rules[0]).not.toHaveProperty('custom_instructions');
    const detailed = await api().get('/v3/style_rules?page=1&page_size=2&detailed=true').set(key()).expect(200);
    expect(detailed.body.style_rules).toEqual([
      expect.objectContaining({
        name: 'C',
        configured_rules: {},
        custom_instructions: [expect.objectContaining({ label: 'l', prompt: 'p' })],
      }),
    ]);
    expect((await api().get('/v3/style_rules?page_size=0').set(key()).expect(400)).body.message).toMatch(/'page_size'/);
    expect((await api().get('/v3/style_rules?detailed=maybe').set(key()).expect(400)).body.message).toMatch(/'detailed'/);
  });

  it('manages custom instructions', async () => {
    const list = await create({ name: 'CI', language: 'de' }).expect(201);
    const id = list.body.style_id;
    const added = await api()
      .post(`/v3/style_rules/${id}/custom_instructions`)
      .set(key())
      .send({ label: 'Brief', prompt: 'Keep it short.' })
      .expect(201);
    expect(added.body).toEqual({ id: expect.any(String), label: 'Brief', prompt: 'Keep it short.' });
    const path = `/v3/style_rules/${id}/custom_instructions/${added.body.id}`;
    expect((await api().get(path).set(key()).expect(200)).body).toEqual(added.body);
    const updated = await api().put(path).set(key()).send({ label: 'Briefer', prompt: 'Shorter.', source_language: 'EN' }).expect(200);
    expect(updated.body).toEqual({ id: added.body.id, label: 'Briefer', prompt: 'Shorter.', source_language: 'en' });
    expect((await api().get(`/v3/style_rules/${id}`).set(key()).expect(200)).body.custom_instructions).toEqual([updated.body]);
    await api().delete(path).set(key()).expect(204);
    expect((await api().get(path).set(key()).expect(404)).body.message).toMatch(/Custom instruction '.*' not found/);
    await api().put(path).set(key()).send({ label: 'x', prompt: 'y' }).expect(404);
  });

  it.each([
    ['a missing name', { language: 'en' }, /Parameter 'name' not specified/],
    ['a name over 1024 UTF-8 bytes', { name: 'é'.repeat(513), language: 'en' }, /'name'.*1024 UTF-8 bytes/],
    [
      'an unsupported language',
      { name: 'x', language: 'pt' },
      /Value for 'language' not supported. Allowed: de, en, es, fr, it, ja, ko, zh/,
    ],
    [
      'an unknown rule category',
      { name: 'x', language: 'en', configured_rules: { colours: {} } },
      /'configured_rules'.*Unknown category 'colours'/,
    ],
    [
      'a rule value that is not a string',
      { name: 'x', language: 'en', configured_rules: { numbers: { a: 1 } } },
      /'configured_rules\.numbers'/,
    ],
    [
      'a prompt over 300 characters',
      { name: 'x', language: 'en', custom_instructions: [{ label: 'l', prompt: 'p'.repeat(301) }] },
      /'prompt'.*300 characters/,
    ],
    ['an empty name beside an unknown parameter (which alone is ignored)', { name: '', language: 'en', colour: 'blue' }, /'name'/],
  ])('refuses %s with 400 naming the parameter, storing nothing', async (_case, body, message) => {
    const before = await ctx.db.styleRule.count();
    expect((await create(body).expect(400)).body.message).toMatch(message);
    expect(await ctx.db.styleRule.count()).toBe(before);
  });

  it('refuses bad edits with 400 and unknown ids with 404', async () => {
    const list = await create({ name: 'Edits', language: 'en' }).expect(201);
    const id = list.body.style_id;
    expect((await api().patch(`/v3/style_rules/${id}`).set(key()).send({ name: '' }).expect(400)).body.message).toMatch(/'name'/);
    expect(
      (await api().put(`/v3/style_rules/${id}/configured_rules`).set(key()).send({ vocabulary: 'x' }).expect(400)).body.message,
    ).toMatch(/'configured_rules\.vocabulary'/);
    expect(
      (await api().post(`/v3/style_rules/${id}/custom_instructions`).set(key()).send({ label: 'l' }).expect(400)).body.message,
    ).toMatch(/Parameter 'prompt' not specified/);
    await api().patch('/v3/style_rules/9b2c1a4e-8f4f-4b8e-9a41-0a5b2f6c1d2e').set(key()).send({ name: 'x' }).expect(404);
    await api().get('/v3/style_rules/not-an-id').set(key()).expect(404);
    expect((await api().get(`/v3/style_rules/${id}`).set(key()).expect(200)).body.version).toBe(1);
  });
});

describe('style_id on /v2/translate', () => {
  it('passes the list custom instructions to the engine after the request own, and checks the target language', async () => {
    const spanish = await create({ name: 'ES', language: 'es', custom_instructions: [{ label: 'Formal', prompt: 'Use usted.' }] }).expect(
      201,
    );
    const response = await api()
      .post('/v2/translate')
      .set(key())
      .send({ text: ['Hello'], source_lang: 'EN', target_lang: 'ES', style_id: spanish.body.style_id, custom_instructions: ['Be brief.'] })
      .expect(200);
    expect(response.body.translations[0].text).toBe('[es] Hello');
    expect(engineOptions[0]?.customInstructions).toEqual(['Be brief.', 'Use usted.']);

    const german = await create({ name: 'DE', language: 'de' }).expect(201);
    const mismatch = await api()
      .post('/v2/translate')
      .set(key())
      .send({ text: ['Hello'], target_lang: 'ES', style_id: german.body.style_id })
      .expect(400);
    expect(mismatch.body.message).toMatch(
      /Value for 'style_id' not supported: style rule list '.*' is for language 'de', but target_lang is 'ES'/,
    );
    const unknown = await api()
      .post('/v2/translate')
      .set(key())
      .send({ text: ['Hello'], target_lang: 'ES', style_id: '9b2c1a4e-8f4f-4b8e-9a41-0a5b2f6c1d2e' })
      .expect(404);
    expect(unknown.body.message).toMatch(/Style rule list '.*' \(named by 'style_id'\) not found/);
    expect(engineOptions).toHaveLength(1);
  });
});
