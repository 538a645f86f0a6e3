import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GENESIS_HASH } from '../../src/domain/audit/canonical-entry.js';
import { checkedApi } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('audit log', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    other = await context.newTenant();
  });
  afterAll(() => context.close());

  const entries = async (auth = tenant.auth) =>
    (await checkedApi(context).get('/v1/audit?limit=100').set(auth).expect(200)).body.data as Array<Record<string, any>>;

  it('records every privileged action with actor, action, target and time, chained from the genesis hash', async () => {
    const endpoint = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'orders' }).expect(201)).body;
    await checkedApi(context).post(`/v1/endpoints/${endpoint.id}/ingest-url/rotate`).set(tenant.auth).expect(200);
    await checkedApi(context)
      .post(`/v1/endpoints/${endpoint.id}/secrets`)
      .set(tenant.auth)
      .send({ secret: 'whsec_aaaaaaaaaaaaaaaaaaaaaaaa' })
      .expect(201);
    const key = (await checkedApi(context).post('/v1/api-keys').set(tenant.auth).send({ name: 'ci' }).expect(201)).body;
    await checkedApi(context).delete(`/v1/api-keys/${key.id}`).set(tenant.auth).expect(204);

    const log = (await entries()).reverse();
    expect(log.map((entry) => entry.action)).toEqual([
      'tenant.bootstrapped',
      'api_key.created',
      'endpoint.created',
      'endpoint.token_rotated',
      'provider_secret.added',
      'api_key.created',
      'api_key.revoked',
    ]);
    expect(log.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(log[0]!.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < log.length; i++) expect(log[i]!.prev_hash).toBe(log[i - 1]!.hash);
    expect(log[2]).toMatchObject({
      actor: expect.stringMatching(/^api_key:/),
      target: { type: 'endpoint', id: endpoint.id },
      details: { name: 'orders' },
    });
    expect(JSON.stringify(log)).not.toContain('whsec_aaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('verifies an untouched chain as intact, with its count and last hash', async () => {
    const log = await entries();
    const { body } = await checkedApi(context).post('/v1/audit/verify').set(tenant.auth).expect(200);
    expect(body).toEqual({ intact: true, entries: log.length, last_hash: log[0]!.hash, first_broken: null, anchor_mismatch: null });
  });

  it('keeps one unbroken chain when actions run concurrently', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        checkedApi(context)
          .post('/v1/endpoints')
          .set(other.auth)
          .send({ name: `burst-${i}` })
          .expect(201),
      ),
    );
    const { body } = await checkedApi(context).post('/v1/audit/verify').set(other.auth).expect(200);
    expect(body).toMatchObject({ intact: true, entries: 14, first_broken: null });
  });

  it('names the first altered entry when the owner edits a row behind the service', async () => {
    const log = (await entries()).reverse();
    const victim = log[3]!;
    await context.ownerPool.query("UPDATE audit_entries SET actor = 'someone-else' WHERE id = $1", [victim.id]);
    const { body } = await checkedApi(context).post('/v1/audit/verify').set(tenant.auth).expect(200);
    expect(body).toEqual({
      intact: false,
      entries: 3,
      last_hash: null,
      first_broken: { seq: victim.seq, id: victim.id, reason: expect.stringMatching(/altered/) },
      anchor_mismatch: null,
    });
    // The other tenant's chain is its own and still holds.
    expect((await checkedApi(context).post('/v1/audit/verify').set(other.auth).expect(200)).body.intact).toBe(true);
  });

  it('names the gap when an entry is deleted behind the service', async () => {
    const log = (await entries(other.auth)).reverse();
    await context.ownerPool.query('DELETE FROM audit_entries WHERE id = $1', [log[5]!.id]);
    const { body } = await checkedApi(context).post('/v1/audit/verify').set(other.auth).expect(200);
    expect(body.first_broken).toEqual({ seq: 7, id: log[6]!.id, reason: expect.stringMatching(/entry 6 is missing/) });
  });

  it('pages the log newest first with an opaque cursor', async () => {
    const first = (await checkedApi(context).get('/v1/audit?limit=2').set(tenant.auth).expect(200)).body;
    const second = (await checkedApi(context).get(`/v1/audit?limit=2&cursor=${first.next_cursor}`).set(tenant.auth).expect(200)).body;
    expect(first.data.map((entry: { seq: number }) => entry.seq)).toEqual([7, 6]);
    expect(second.data.map((entry: { seq: number }) => entry.seq)).toEqual([5, 4]);
  });
});
