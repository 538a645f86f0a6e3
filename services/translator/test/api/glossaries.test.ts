// Glossary limits, refusals and matching rules through the HTTP interface (real PostgreSQL, real Apertium).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const MAX_GLOSSARIES = 3;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ maxGlossaries: MAX_GLOSSARIES });
});
afterAll(() => ctx.close());

const post = (path: string, body: object, key = ctx.adminKey) => request(ctx.app).post(path).set(auth(key)).send(body);
const count = () => ctx.db.glossary.count();
const clear = () => ctx.db.glossary.deleteMany();

/** TSV of exactly `bytes` UTF-8 bytes (entries of 100 bytes, the last one padded). */
function tsvOfSize(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size + 100 <= bytes; i++) {
    lines.push(`s${String(i).padStart(7, '0')}\t${'y'.repeat(90)}`);
    size += 100;
  }
  // Every line but the last carries a newline: `size - 1` bytes so far; the last target takes the rest.
  lines[lines.length - 1] += 'z'.repeat(bytes - (size - 1));
  return lines.join('\n');
}

describe('glossary limits', () => {
  it('accepts a glossary of exactly 10 MiB and refuses one byte more with 413 naming the limit', async () => {
    await clear();
    const entries = tsvOfSize(10 * 1024 * 1024);
    expect(Buffer.byteLength(entries)).toBe(10485760);
    const created = await post('/v2/glossaries', { name: 'big', source_lang: 'en', target_lang: 'es', entries }).expect(201);
    expect(created.body.entry_count).toBe(104857);
    await clear();
    const tooBig = await post('/v2/glossaries', { name: 'too big', source_lang: 'en', target_lang: 'es', entries: `${entries}z` }).expect(
      413,
    );
    expect(tooBig.body.message).toMatch(/10485761 bytes.*limit is 10485760 bytes \(10 MiB\) per glossary/);
    expect(await count()).toBe(0);
  }, 120_000);

  it('refuses a PATCH that would take a glossary past 10 MiB, leaving it unchanged', async () => {
    await clear();
    const created = await post('/v3/glossaries', {
      name: 'near',
      dictionaries: [{ source_lang: 'en', target_lang: 'es', entries: tsvOfSize(10 * 1024 * 1024 - 50) }],
    }).expect(201);
    const id = created.body.glossary_id;
    const patch = await request(ctx.app)
      .patch(`/v3/glossaries/${id}`)
      .set(auth(ctx.adminKey))
      .send({ dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: `cat\t${'c'.repeat(100)}` }] })
      .expect(413);
    expect(patch.body.message).toMatch(/10 MiB/);
    const after = await request(ctx.app).get(`/v3/glossaries/${id}`).set(auth(ctx.adminKey)).expect(200);
    expect(after.body.dictionaries).toHaveLength(1);
    await clear();
  }, 120_000);

  it('refuses a name or a term over 1024 UTF-8 bytes with 400 naming the limit', async () => {
    const longName = 'é'.repeat(513); // 1026 bytes, 513 characters
    const name = await post('/v2/glossaries', { name: longName, source_lang: 'en', target_lang: 'es', entries: 'a\tb' }).expect(400);
    expect(name.body.message).toMatch(/'name'.*1024 UTF-8 bytes/);
    const term = await post('/v3/glossaries', {
      name: 'ok',
      dictionaries: [{ source_lang: 'en', target_lang: 'es', entries: `${'x'.repeat(1025)}\tb` }],
    }).expect(400);
    expect(term.body).toEqual({
      message: expect.stringMatching(/source term is 1025 UTF-8 bytes, the limit is 1024/),
      detail: expect.any(String),
    });
    await post('/v2/glossaries', { name: 'é'.repeat(512), source_lang: 'en', target_lang: 'es', entries: `${'x'.repeat(1024)}\tb` }).expect(
      201,
    );
    await clear();
  });

  it('refuses a glossary past the per-account count with 400 naming the limit', async () => {
    await clear();
    for (let i = 0; i < MAX_GLOSSARIES; i++)
      await post('/v2/glossaries', { name: `g${i}`, source_lang: 'en', target_lang: 'es', entries: 'a\tb' }).expect(201);
    const refused = await post('/v2/glossaries', { name: 'one more', source_lang: 'en', target_lang: 'es', entries: 'a\tb' }).expect(400);
    expect(refused.body.message).toMatch(new RegExp(`limit is ${MAX_GLOSSARIES} glossaries per account`));
    expect(await count()).toBe(MAX_GLOSSARIES);
    await clear();
  });
});

describe('glossary refusals change nothing', () => {
  it.each([
    [{ name: 'x', source_lang: 'en', target_lang: 'es', entries: 'no tab here' }, /exactly one tab/],
    [{ name: 'x', source_lang: 'en', target_lang: 'es', entries: 'a\tb\na\tc' }, /repeats the source term 'a'/],
    [{ name: 'x', source_lang: 'en', target_lang: 'es', entries: '' }, /no entries/],
    [{ name: 'x', source_lang: 'xx', target_lang: 'es', entries: 'a\tb' }, /'source_lang' not supported/],
    [{ name: 'x', source_lang: 'en', target_lang: 'en-US', entries: 'a\tb' }, /two different languages/],
    [{ name: 'x', source_lang: 'en', target_lang: 'es', entries: 'a\tb', entries_format: 'xlsx' }, /'entries_format' not supported/],
    [{ source_lang: 'en', target_lang: 'es', entries: 'a\tb' }, /'name' not specified/],
  ])('POST /v2/glossaries %j -> 400', async (body, message) => {
    const response = await post('/v2/glossaries', body).expect(400);
    expect(response.body.message).toMatch(message);
    expect(await count()).toBe(0);
  });

  it('refuses malformed v3 dictionaries with 400', async () => {
    expect((await post('/v3/glossaries', { name: 'x', dictionaries: 'en-es' }).expect(400)).body.message).toMatch(/'dictionaries'/);
    const twice = { source_lang: 'en', target_lang: 'es', entries: 'a\tb' };
    expect((await post('/v3/glossaries', { name: 'x', dictionaries: [twice, twice] }).expect(400)).body.message).toMatch(/given twice/);
    const form = await request(ctx.app)
      .post('/v3/glossaries')
      .set(auth(ctx.adminKey))
      .type('form')
      .send('name=x&dictionaries[1].source_lang=en&dictionaries[1].target_lang=es&dictionaries[1].entries=a%09b')
      .expect(400);
    expect(form.body.message).toMatch(/without gaps/);
    expect(await count()).toBe(0);
  });

  it('answers 404 for unknown and malformed ids on every route', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await request(ctx.app).get(`/v2/glossaries/${id}`).set(auth(ctx.adminKey)).expect(404);
      await request(ctx.app).get(`/v3/glossaries/${id}`).set(auth(ctx.adminKey)).expect(404);
      await request(ctx.app).delete(`/v3/glossaries/${id}`).set(auth(ctx.adminKey)).expect(404);
      await request(ctx.app).patch(`/v3/glossaries/${id}`).set(auth(ctx.adminKey)).send({ name: 'n' }).expect(404);
      await request(ctx.app)
        .put(`/v3/glossaries/${id}/dictionaries`)
        .set(auth(ctx.adminKey))
        .send({ source_lang: 'en', target_lang: 'es', entries: 'a\tb' })
        .expect(404);
    }
  });

  it('needs a key on /v3 as on /v2 (403 without one)', async () => {
    await request(ctx.app).get('/v3/glossaries').expect(403);
  });
});

describe('glossaries are the organization’s', () => {
  it('a developer key sees and uses a glossary an admin key created', async () => {
    const created = await post('/v2/glossaries', { name: 'shared', source_lang: 'en', target_lang: 'es', entries: 'dog\tchucho' }).expect(
      201,
    );
    const { secret } = await ctx.createKey();
    const listed = await request(ctx.app).get('/v2/glossaries').set(auth(secret)).expect(200);
    expect(listed.body.glossaries.map((g: { glossary_id: string }) => g.glossary_id)).toContain(created.body.glossary_id);
    const translated = await post(
      '/v2/translate',
      { text: ['The dog sleeps.'], source_lang: 'EN', target_lang: 'ES', glossary_id: created.body.glossary_id },
      secret,
    ).expect(200);
    expect(translated.body.translations[0].text).toMatch(/chucho/);
    await clear();
  });

  it('v2 hides a glossary of several dictionaries; v2 entries are TSV and 415 for an Accept without it', async () => {
    const multi = await post('/v3/glossaries', {
      name: 'multi',
      dictionaries: [
        { source_lang: 'en', target_lang: 'es', entries: 'a\tb' },
        { source_lang: 'es', target_lang: 'en', entries: 'b\ta' },
      ],
    }).expect(201);
    await request(ctx.app).get(`/v2/glossaries/${multi.body.glossary_id}`).set(auth(ctx.adminKey)).expect(404);
    const single = await post('/v2/glossaries', {
      name: 'single',
      source_lang: 'en',
      target_lang: 'es',
      entries: 'one\tuno\r\n\r\ntwo\tdos',
    }).expect(201);
    const tsv = await request(ctx.app).get(`/v2/glossaries/${single.body.glossary_id}/entries`).set(auth(ctx.adminKey)).expect(200);
    expect(tsv.headers['content-type']).toMatch(/^text\/tab-separated-values/);
    expect(tsv.text).toBe('one\tuno\ntwo\tdos');
    await request(ctx.app)
      .get(`/v2/glossaries/${single.body.glossary_id}/entries`)
      .set(auth(ctx.adminKey))
      .set('Accept', 'application/json')
      .expect(415);
    await clear();
  });
});

describe('applying glossaries', () => {
  const translate = (body: object) =>
    post('/v2/translate', body)
      .expect(200)
      .then((response) => response.body.translations.map((t: { text: string }) => t.text));

  it('matches a lower-case term at a sentence start and capitalises its target; other case differences do not match', async () => {
    const { body } = await post('/v2/glossaries', {
      name: 'case',
      source_lang: 'en',
      target_lang: 'es',
      entries: 'apple\tmanzanita\nUS\tEE. UU.',
    }).expect(201);
    const [capital, lower, upper, us] = await translate({
      text: ['Apple is good.', 'I eat an apple.', 'APPLE is a company.', 'Tell us about the US.'],
      source_lang: 'EN',
      target_lang: 'ES',
      glossary_id: body.glossary_id,
    });
    expect(capital).toMatch(/^Manzanita/);
    expect(lower).toMatch(/manzanita/);
    expect(upper).not.toMatch(/manzanita/i);
    expect(us).toMatch(/EE\. UU\./);
    expect(us.match(/EE\. UU\./g)).toHaveLength(1);
    await clear();
  });

  it('matches whole words only and keeps text with markup characters intact', async () => {
    const { body } = await post('/v2/glossaries', { name: 'words', source_lang: 'en', target_lang: 'es', entries: 'cat\tmichi' }).expect(
      201,
    );
    const [text] = await translate({
      text: ['The cat & the category <b> are 1 < 2.'],
      source_lang: 'EN',
      target_lang: 'ES',
      glossary_id: body.glossary_id,
    });
    expect(text).toMatch(/michi/);
    expect(text).not.toMatch(/michiegor/);
    expect(text).toContain('&');
    expect(text).toContain('1 < 2');
    await clear();
  });

  it('needs source_lang with a glossary and refuses glossary_id with glossary_ids', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await post('/v2/translate', { text: ['x'], target_lang: 'ES', glossary_id: id }).expect(400)).body.message).toMatch(
      /source_lang/,
    );
    expect(
      (await post('/v2/translate', { text: ['x'], source_lang: 'EN', target_lang: 'ES', glossary_id: id, glossary_ids: [id] }).expect(400))
        .body.message,
    ).toMatch(/glossary_ids/);
  });
});
