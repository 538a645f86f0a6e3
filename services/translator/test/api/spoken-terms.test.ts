// Spoken-terms collections through the HTTP interface (real PostgreSQL): CRUD shaped like v3 glossaries,
// the term lists per language, limits and refusals that change nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { loadSpokenTerms } from '../../src/domain/spoken-terms/read-spoken-terms.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const MAX_COLLECTIONS = 2;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ maxSpokenTerms: MAX_COLLECTIONS });
});
afterAll(() => ctx.close());

const api = () => request(ctx.app);
const key = () => auth(ctx.adminKey);
const clear = () => ctx.db.spokenTermList.deleteMany();
const create = (body: object) => api().post('/v3/spoken_terms').set(key()).send(body);

describe('spoken terms collections', () => {
  it('creates, lists, reads, renames, replaces a language and deletes a collection', async () => {
    await clear();
    const created = await create({
      name: 'Team',
      dictionaries: [{ language: 'en', terms: ['Zelensky', { term: 'Kubernetes', sounds_like: 'coo burr net ease' }, 'zelensky'] }],
    }).expect(201);
    const id = created.body.spoken_terms_id as string;
    expect(created.body).toEqual({
      spoken_terms_id: id,
      name: 'Team',
      dictionaries: [{ language: 'en', term_count: 2 }],
      creation_time: expect.any(String),
    });
    expect((await api().get('/v3/spoken_terms').set(key()).expect(200)).body.spoken_terms).toEqual([created.body]);
    expect((await api().get(`/v3/spoken_terms/${id}`).set(key()).expect(200)).body).toEqual(created.body);
    const entries = await api().get(`/v3/spoken_terms/${id}/entries?language=en`).set(key()).expect(200);
    expect(entries.body.dictionaries).toEqual([
      { language: 'en', terms: [{ term: 'Zelensky' }, { term: 'Kubernetes', sounds_like: 'coo burr net ease' }] },
    ]);

    const patched = await api()
      .patch(`/v3/spoken_terms/${id}`)
      .set(key())
      .send({
        name: 'Team 2',
        dictionaries: [
          { language: 'de', terms: ['Kubernetes'] },
          { language: 'en', terms: ['Anthropic'] },
        ],
      })
      .expect(200);
    expect(patched.body.name).toBe('Team 2');
    expect(patched.body.dictionaries).toEqual([
      { language: 'de', term_count: 1 },
      { language: 'en', term_count: 1 },
    ]);
    expect(await loadSpokenTerms(ctx.db, id, 'EN')).toEqual([{ term: 'Anthropic' }]);
    expect(await loadSpokenTerms(ctx.db, id, 'FR')).toEqual([]);

    await api().delete(`/v3/spoken_terms/${id}`).set(key()).expect(204);
    await api().get(`/v3/spoken_terms/${id}`).set(key()).expect(404);
    await expect(loadSpokenTerms(ctx.db, id, 'EN')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses bad input with 400 naming what to fix, storing nothing', async () => {
    await clear();
    const bad: Array<[object, RegExp]> = [
      [{ dictionaries: [{ language: 'en', terms: ['a'] }] }, /name/],
      [{ name: 'x', dictionaries: [] }, /at least one language/],
      [{ name: 'x', dictionaries: [{ language: 'english!', terms: ['a'] }] }, /language code/],
      [{ name: 'x', dictionaries: [{ language: 'en', terms: ['a'.repeat(101)] }] }, /1 to 100 characters/],
      [{ name: 'x', dictionaries: [{ language: 'en', terms: Array.from({ length: 1001 }, (_, i) => `t${i}`) }] }, /1000 terms/],
      [
        {
          name: 'x',
          dictionaries: [
            { language: 'en', terms: ['a'] },
            { language: 'EN', terms: ['b'] },
          ],
        },
        /given twice/,
      ],
      [{ name: 'x', dictionaries: [{ language: 'en', terms: [42] }] }, /terms/],
    ];
    for (const [body, message] of bad) {
      const answer = await create(body).expect(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(await ctx.db.spokenTermList.count()).toBe(0);
  });

  it('answers 404 for unknown or malformed ids and refuses a collection beyond the limit', async () => {
    await clear();
    await api().get('/v3/spoken_terms/not-a-uuid').set(key()).expect(404);
    await api().delete('/v3/spoken_terms/7c4f1080-cfe2-41d4-8269-0e6ec15a0354').set(key()).expect(404);
    await api().patch('/v3/spoken_terms/7c4f1080-cfe2-41d4-8269-0e6ec15a0354').set(key()).send({ name: 'y' }).expect(404);
    for (let i = 0; i < MAX_COLLECTIONS; i++) await create({ name: `c${i}`, dictionaries: [{ language: 'en', terms: ['a'] }] }).expect(201);
    const refused = await create({ name: 'one more', dictionaries: [{ language: 'en', terms: ['a'] }] }).expect(400);
    expect(refused.body.message).toMatch(/limit is 2/);
  });

  it('asks for an API key', async () => {
    await api().get('/v3/spoken_terms').expect(403);
  });
});
