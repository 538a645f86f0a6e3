import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hashIngestToken } from '../../src/domain/endpoints/ingest-token.js';
import { checkedApi } from '../helpers/contract.js';
import { createContextWithTenant, INGEST_BASE, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('endpoints', () => {
  let context: TestContext;
  let tenant: TestTenant;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
  });
  afterAll(() => context.close());

  const resolveToken = async (url: string) => {
    const token = url.slice(INGEST_BASE.length + 1);
    const { rows } = await context.pool.query('SELECT endpoint_id FROM relay_find_ingest_token($1)', [hashIngestToken(token)]);
    return rows[0]?.endpoint_id as string | undefined;
  };

  it('creates an endpoint with a UUID and an ingest URL whose token has the whep_ prefix', async () => {
    const { body } = await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .send({ name: 'stripe prod', provider: 'stripe' })
      .expect(201);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'stripe prod',
      provider: 'stripe',
      dedup: null,
      ingest_url: expect.stringMatching(new RegExp(`^${INGEST_BASE}/whep_[A-Za-z0-9_-]{32}$`)),
      ingest_url_hint: expect.stringMatching(new RegExp(`^${INGEST_BASE}/whep_…`)),
      created_at: '2026-11-23T10:00:00.000Z',
      updated_at: '2026-11-23T10:00:00.000Z',
    });
    expect(await resolveToken(body.ingest_url)).toBe(body.id);
  });

  it('reads the ingest URL again on demand, and never shows it in lists', async () => {
    const created = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'github' }).expect(201)).body;
    const again = (await checkedApi(context).get(`/v1/endpoints/${created.id}/ingest-url`).set(tenant.auth).expect(200)).body;
    expect(again).toEqual({ ingest_url: created.ingest_url });
    const listed = await checkedApi(context).get('/v1/endpoints').set(tenant.auth).expect(200);
    expect(listed.text).not.toContain(created.ingest_url);
    const { rows } = await context.ownerPool.query('SELECT token_ciphertext FROM ingest_tokens WHERE endpoint_id = $1', [created.id]);
    expect(Buffer.from(rows[0].token_ciphertext).includes(Buffer.from(created.ingest_url.split('/').pop()))).toBe(false);
  });

  it('rotates the token in place: same endpoint, new URL, the old token no longer resolves', async () => {
    const created = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'rotating' }).expect(201)).body;
    const rotated = (await checkedApi(context).post(`/v1/endpoints/${created.id}/ingest-url/rotate`).set(tenant.auth).expect(200)).body;
    expect(rotated.ingest_url).not.toBe(created.ingest_url);
    expect(await resolveToken(created.ingest_url)).toBeUndefined();
    expect(await resolveToken(rotated.ingest_url)).toBe(created.id);
    expect((await checkedApi(context).get(`/v1/endpoints/${created.id}/ingest-url`).set(tenant.auth).expect(200)).body.ingest_url).toBe(
      rotated.ingest_url,
    );
  });

  it('renames an endpoint and refuses an empty change', async () => {
    const created = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'old name' }).expect(201)).body;
    context.runtime.advance(1000);
    const renamed = (await checkedApi(context).patch(`/v1/endpoints/${created.id}`).set(tenant.auth).send({ name: 'new name' }).expect(200))
      .body;
    expect(renamed).toMatchObject({ id: created.id, name: 'new name', updated_at: '2026-11-23T10:00:01.000Z' });
    expect((await checkedApi(context).get(`/v1/endpoints/${created.id}`).set(tenant.auth).expect(200)).body.name).toBe('new name');
    await checkedApi(context).patch(`/v1/endpoints/${created.id}`).set(tenant.auth).send({}).expect(400);
  });

  it('deletes an endpoint: it is gone from the API and its ingest token stops resolving', async () => {
    const created = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'doomed' }).expect(201)).body;
    await checkedApi(context).delete(`/v1/endpoints/${created.id}`).set(tenant.auth).expect(204);
    await checkedApi(context).get(`/v1/endpoints/${created.id}`).set(tenant.auth).expect(404);
    await checkedApi(context).delete(`/v1/endpoints/${created.id}`).set(tenant.auth).expect(404);
    expect(await resolveToken(created.ingest_url)).toBeUndefined();
  });

  it('pages through endpoints newest first with opaque cursors', async () => {
    const fresh = await context.newTenant();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await checkedApi(context)
            .post('/v1/endpoints')
            .set(fresh.auth)
            .send({ name: `e${i}` })
            .expect(201)
        ).body.id,
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Array<{ id: string }>; next_cursor: string | null } = (
        await checkedApi(context)
          .get(`/v1/endpoints?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
          .set(fresh.auth)
          .expect(200)
      ).body;
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((endpoint) => endpoint.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('refuses a cursor it did not make and a limit out of range with 400', async () => {
    expect((await checkedApi(context).get('/v1/endpoints?cursor=bogus').set(tenant.auth).expect(400)).body.error.message).toMatch(/cursor/);
    expect((await checkedApi(context).get('/v1/endpoints?limit=1000').set(tenant.auth).expect(400)).body.error.message).toMatch(/limit/);
  });

  it("answers 404 for another tenant's endpoint on every route", async () => {
    const other = await context.newTenant();
    const theirs = (await checkedApi(context).post('/v1/endpoints').set(other.auth).send({ name: 'theirs' }).expect(201)).body;
    await checkedApi(context).get(`/v1/endpoints/${theirs.id}`).set(tenant.auth).expect(404);
    await checkedApi(context).get(`/v1/endpoints/${theirs.id}/ingest-url`).set(tenant.auth).expect(404);
    await checkedApi(context).post(`/v1/endpoints/${theirs.id}/ingest-url/rotate`).set(tenant.auth).expect(404);
    await checkedApi(context).patch(`/v1/endpoints/${theirs.id}`).set(tenant.auth).send({ name: 'mine now' }).expect(404);
    await checkedApi(context).delete(`/v1/endpoints/${theirs.id}`).set(tenant.auth).expect(404);
    expect((await checkedApi(context).get(`/v1/endpoints/${theirs.id}`).set(other.auth).expect(200)).body.name).toBe('theirs');
  });

  it('refuses a bad provider slug and a missing name with 400 naming the field', async () => {
    expect(
      (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'x', provider: 'Not A Slug' }).expect(400)).body.error
        .message,
    ).toMatch(/provider/);
    expect((await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({}).expect(400)).body.error.message).toMatch(/name/);
  });
});
