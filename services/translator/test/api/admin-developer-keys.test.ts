// The developer-key half of the administration API, through HTTP: create (the secret shown once),
// list, deactivate (permanent, at once), label, limits; admin keys only; 400/404 for bad requests.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeveloperApiKey } from '@workspace/contracts';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const KEYS = '/v2/admin/developer-keys';
const CREATED_AT = new Date('2026-11-22T10:00:00.000Z');
const engine = enEsEngine(async (segments) => segments.map((text) => ({ text: `es:${text}`, detectedSource: 'EN' })));

let ctx: TestContext;
let clock = CREATED_AT;
beforeAll(async () => {
  ctx = await createTestContext({ engine, now: () => clock, maxActiveDeveloperKeys: 50 });
});
afterAll(() => ctx.close());

const admin = () => auth(ctx.adminKey);
const translate = (key: string) =>
  request(ctx.app)
    .post('/v2/translate')
    .set(auth(key))
    .send({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES' });

async function createDeveloperKey(label?: string): Promise<DeveloperApiKey & { key: string }> {
  const response = await request(ctx.app)
    .post(KEYS)
    .set(admin())
    .send(label === undefined ? {} : { label })
    .expect(200);
  return response.body;
}

describe('POST /v2/admin/developer-keys', () => {
  it('creates a key that translates at once, showing its secret only in this answer', async () => {
    const created = await createDeveloperKey('team A');
    expect(created).toEqual({
      key_id: expect.stringMatching(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/),
      label: 'team A',
      creation_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // What is not set is left out, as DeepL's schema has it (a string and numbers there, never null).
      is_deactivated: false,
      usage_limits: {},
      key: expect.any(String),
    });
    expect(created).not.toHaveProperty('deactivated_time');
    expect(created.key).not.toMatch(/:adm$/);
    await translate(created.key).expect(200);
    const listed = await request(ctx.app).get(KEYS).set(admin()).expect(200);
    const shown = listed.body.find((key: DeveloperApiKey) => key.key_id === created.key_id);
    expect(shown).toEqual({ ...created, key: undefined });
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
  });

  it('labels a key "DeepL API Key" when no label is sent', async () => {
    expect((await createDeveloperKey()).label).toBe('DeepL API Key');
  });

  it('refuses an empty or too long label with 400 naming it, creating nothing', async () => {
    const before = (await request(ctx.app).get(KEYS).set(admin())).body.length;
    for (const label of ['', '   ', 'x'.repeat(1025), 42]) {
      const response = await request(ctx.app).post(KEYS).set(admin()).send({ label }).expect(400);
      expect(response.body.message).toMatch(/'label'/);
    }
    // An unknown parameter is ignored (as DeepL does), so the bad label is what is refused.
    const unknown = await request(ctx.app).post(KEYS).set(admin()).send({ label: '', scope: 'all' }).expect(400);
    expect(unknown.body.message).toMatch(/'label'/);
    expect((await request(ctx.app).get(KEYS).set(admin())).body.length).toBe(before);
  });

  it('refuses a key beyond the active-key limit until one is deactivated', async () => {
    const fresh = await createTestContext({ engine, maxActiveDeveloperKeys: 2 });
    try {
      const first = (await request(fresh.app).post(KEYS).set(auth(fresh.adminKey)).send({}).expect(200)).body;
      await request(fresh.app).post(KEYS).set(auth(fresh.adminKey)).send({}).expect(200);
      const refused = await request(fresh.app).post(KEYS).set(auth(fresh.adminKey)).send({}).expect(400);
      expect(refused.body.message).toMatch(/At most 2 developer keys/);
      await request(fresh.app).put(`${KEYS}/deactivate`).set(auth(fresh.adminKey)).send({ key_id: first.key_id }).expect(200);
      await request(fresh.app).post(KEYS).set(auth(fresh.adminKey)).send({}).expect(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /v2/admin/developer-keys', () => {
  it('lists developer keys, not admin keys, oldest first', async () => {
    const response = await request(ctx.app).get(KEYS).set(admin()).expect(200);
    expect(response.body.length).toBeGreaterThan(0);
    for (const key of response.body) expect(DeveloperApiKey.strict().parse(key)).toEqual(key);
    expect(response.body.map((key: DeveloperApiKey) => key.label)).not.toContain('test admin');
    const times = response.body.map((key: DeveloperApiKey) => key.creation_time);
    expect([...times].sort()).toEqual(times);
  });
});

describe('PUT /v2/admin/developer-keys/deactivate', () => {
  it('stops the key at once and for good; a second deactivation keeps the first time', async () => {
    const created = await createDeveloperKey('short-lived');
    await translate(created.key).expect(200);
    clock = new Date('2026-11-22T11:30:00.000Z');
    const response = await request(ctx.app).put(`${KEYS}/deactivate`).set(admin()).send({ key_id: created.key_id }).expect(200);
    expect(response.body).toMatchObject({ key_id: created.key_id, is_deactivated: true, deactivated_time: '2026-11-22T11:30:00.000Z' });
    // The key was cached by the translation just before: deactivation still applies to the very next request.
    await translate(created.key).expect(403);
    await request(ctx.app).get('/v2/usage').set(auth(created.key)).expect(403);
    clock = new Date('2026-11-22T12:00:00.000Z');
    const again = await request(ctx.app).put(`${KEYS}/deactivate`).set(admin()).send({ key_id: created.key_id }).expect(200);
    expect(again.body.deactivated_time).toBe('2026-11-22T11:30:00.000Z');
    clock = CREATED_AT;
  });

  it('answers 404 for an unknown key id and for an admin key, 400 without key_id', async () => {
    const unknown = await request(ctx.app).put(`${KEYS}/deactivate`).set(admin()).send({ key_id: 'no-such-key' }).expect(404);
    expect(unknown.body.message).toMatch(/not found/);
    const adminKeyId = (await ctx.db.apiKey.findFirstOrThrow({ where: { isAdmin: true } })).keyId;
    await request(ctx.app).put(`${KEYS}/deactivate`).set(admin()).send({ key_id: adminKeyId }).expect(404);
    const missing = await request(ctx.app).put(`${KEYS}/deactivate`).set(admin()).send({}).expect(400);
    expect(missing.body.message).toBe("Parameter 'key_id' not specified.");
    const wrongType = await request(ctx.app).put(`${KEYS}/deactivate`).set(admin()).send({ key_id: 7 }).expect(400);
    expect(wrongType.body.message).toMatch(/'key_id'/);
  });
});

describe('PUT /v2/admin/developer-keys/label', () => {
  it('renames a key, deactivated ones too', async () => {
    const created = await createDeveloperKey('old name');
    const response = await request(ctx.app)
      .put(`${KEYS}/label`)
      .set(admin())
      .send({ key_id: created.key_id, label: 'new name' })
      .expect(200);
    expect(response.body).toMatchObject({ key_id: created.key_id, label: 'new name' });
    await request(ctx.app).put(`${KEYS}/deactivate`).set(admin()).send({ key_id: created.key_id }).expect(200);
    await request(ctx.app).put(`${KEYS}/label`).set(admin()).send({ key_id: created.key_id, label: 'retired' }).expect(200);
  });

  it('refuses a missing label with 400 and an unknown key with 404', async () => {
    const created = await createDeveloperKey('keeps its name');
    const missing = await request(ctx.app).put(`${KEYS}/label`).set(admin()).send({ key_id: created.key_id }).expect(400);
    expect(missing.body.message).toBe("Parameter 'label' not specified.");
    await request(ctx.app).put(`${KEYS}/label`).set(admin()).send({ key_id: 'nope', label: 'x' }).expect(404);
    const listed = (await request(ctx.app).get(KEYS).set(admin())).body.find((key: DeveloperApiKey) => key.key_id === created.key_id);
    expect(listed.label).toBe('keeps its name');
  });
});

describe('PUT /v2/admin/developer-keys/limits', () => {
  it('sets a character limit that the next request is metered against (456), and null removes it', async () => {
    const created = await createDeveloperKey('limited');
    await translate(created.key).expect(200); // 12 characters, and the key is now cached without a limit
    const limited = await request(ctx.app).put(`${KEYS}/limits`).set(admin()).send({ key_id: created.key_id, characters: 20 }).expect(200);
    expect(limited.body.usage_limits).toEqual({ characters: 20 });
    const refused = await translate(created.key).expect(456);
    expect(refused.body.message).toMatch(/Quota/);
    expect((await request(ctx.app).get('/v2/usage').set(auth(created.key))).body).toMatchObject({
      character_count: 12,
      character_limit: 20,
    });

    const speech = await request(ctx.app)
      .put(`${KEYS}/limits`)
      .set(admin())
      .send({ key_id: created.key_id, speech_to_text_milliseconds: 3_600_000 })
      .expect(200);
    expect(speech.body.usage_limits).toEqual({ characters: 20, speech_to_text_milliseconds: 3_600_000 });
    const removed = await request(ctx.app)
      .put(`${KEYS}/limits`)
      .set(admin())
      .send({ key_id: created.key_id, characters: null })
      .expect(200);
    expect(removed.body.usage_limits).toEqual({ speech_to_text_milliseconds: 3_600_000 });
    await translate(created.key).expect(200);
  });

  it('a limit of 0 lets the key use nothing', async () => {
    const created = await createDeveloperKey('frozen');
    await request(ctx.app).put(`${KEYS}/limits`).set(admin()).send({ key_id: created.key_id, characters: 0 }).expect(200);
    await translate(created.key).expect(456);
  });

  it('refuses negative, fractional, textual or absent limits with 400 naming the parameter, changing nothing', async () => {
    const created = await createDeveloperKey('unchanged');
    for (const characters of [-1, 1.5, 'lots', true]) {
      const response = await request(ctx.app).put(`${KEYS}/limits`).set(admin()).send({ key_id: created.key_id, characters }).expect(400);
      expect(response.body.message).toMatch(/'characters'/);
    }
    const nothing = await request(ctx.app).put(`${KEYS}/limits`).set(admin()).send({ key_id: created.key_id }).expect(400);
    expect(nothing.body.message).toMatch(/'characters' or 'speech_to_text_milliseconds'/);
    await request(ctx.app).put(`${KEYS}/limits`).set(admin()).send({ key_id: 'nope', characters: 5 }).expect(404);
    const listed = (await request(ctx.app).get(KEYS).set(admin())).body.find((key: DeveloperApiKey) => key.key_id === created.key_id);
    expect(listed.usage_limits).toEqual({});
  });

  it('takes the limits as form fields too', async () => {
    const created = await createDeveloperKey('form');
    const response = await request(ctx.app)
      .put(`${KEYS}/limits`)
      .set(admin())
      .type('form')
      .send(`key_id=${created.key_id}&characters=5000`)
      .expect(200);
    expect(response.body.usage_limits.characters).toBe(5000);
  });
});

describe('who may call the administration API', () => {
  it('refuses developer keys and missing keys with 403 on every endpoint, changing nothing', async () => {
    const developer = await createDeveloperKey('not an admin');
    const calls = [
      () => request(ctx.app).post(KEYS).send({ label: 'sneaky' }),
      () => request(ctx.app).get(KEYS),
      () => request(ctx.app).put(`${KEYS}/deactivate`).send({ key_id: developer.key_id }),
      () => request(ctx.app).put(`${KEYS}/label`).send({ key_id: developer.key_id, label: 'x' }),
      () => request(ctx.app).put(`${KEYS}/limits`).send({ key_id: developer.key_id, characters: 1 }),
      () => request(ctx.app).get('/v2/admin/analytics?start_date=2026-11-01&end_date=2026-11-30'),
      () => request(ctx.app).get('/v2/admin/analytics/custom-tags?start_date=2026-11-01&end_date=2026-11-30'),
    ];
    for (const call of calls) {
      const refused = await call().set(auth(developer.key)).expect(403);
      expect(refused.body.message).toMatch(/admin key/);
      expect(refused.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
      await call().expect(403);
    }
    const listed = (await request(ctx.app).get(KEYS).set(admin())).body.find((key: DeveloperApiKey) => key.key_id === developer.key_id);
    expect(listed).toMatchObject({ label: 'not an admin', is_deactivated: false, usage_limits: {} });
  });
});
