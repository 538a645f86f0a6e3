import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hashApiKey } from '../../src/domain/api-keys/api-key-secret.js';
import { chainHash } from '../../src/domain/audit/canonical-entry.js';
import { checkedApi } from '../helpers/contract.js';
import { createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

interface Row {
  id: string;
  seq: string;
  hash: string;
}

// The chain proves no entry changed and none left the middle; the anchored head (audit_heads) is what
// shows the newest entries deleted. Rows are removed as the owner: the application role cannot.
describe('audit head anchor', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(() => context.close());

  const verify = async (tenant: TestTenant) => (await checkedApi(context).post('/v1/audit/verify').set(tenant.auth).expect(200)).body;
  const chain = async (tenant: TestTenant) =>
    (
      await context.ownerPool.query<Row>('SELECT id, seq::text, hash FROM audit_entries WHERE tenant_id = $1 ORDER BY audit_entries.seq', [
        tenant.tenantId,
      ])
    ).rows;
  const head = async (tenant: TestTenant) =>
    (
      await context.ownerPool.query<{ entries: string; last_hash: string }>(
        'SELECT entries::text, last_hash FROM audit_heads WHERE tenant_id = $1',
        [tenant.tenantId],
      )
    ).rows[0];
  const createEndpoints = (tenant: TestTenant, count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        checkedApi(context)
          .post('/v1/endpoints')
          .set(tenant.auth)
          .send({ name: `anchored-${i}` })
          .expect(201),
      ),
    );
  /** A tenant whose chain has `entries` entries (bootstrap, API key, then endpoints). */
  async function tenantWithEntries(entries: number): Promise<TestTenant> {
    const tenant = await context.newTenant();
    for (let i = 2; i < entries; i++) await createEndpoints(tenant, 1);
    expect(await chain(tenant)).toHaveLength(entries);
    return tenant;
  }

  it('moves the head with every append to the count and hash of the newest entry', async () => {
    const tenant = await tenantWithEntries(4);
    const rows = await chain(tenant);
    expect(await head(tenant)).toEqual({ entries: '4', last_hash: rows[3]!.hash });
    expect(await verify(tenant)).toEqual({ intact: true, entries: 4, last_hash: rows[3]!.hash, first_broken: null, anchor_mismatch: null });
  });

  it('reports the newest entry deleted as truncated: expected N entries ending in hash H, found N-1', async () => {
    const tenant = await tenantWithEntries(5);
    const rows = await chain(tenant);
    await context.ownerPool.query('DELETE FROM audit_entries WHERE id = $1', [rows[4]!.id]);
    const body = await verify(tenant);
    expect(body).toEqual({
      intact: false,
      entries: 4,
      last_hash: null,
      first_broken: null,
      anchor_mismatch: {
        cause: 'truncated',
        reason: `expected 5 entries ending in hash ${rows[4]!.hash}, found 4 ending in hash ${rows[3]!.hash}: the newest entry was deleted (truncated)`,
        expected_entries: 5,
        expected_last_hash: rows[4]!.hash,
        found_entries: 4,
        found_last_hash: rows[3]!.hash,
      },
    });
  });

  it('reports the newest two entries deleted as truncated by two', async () => {
    const tenant = await tenantWithEntries(5);
    const rows = await chain(tenant);
    await context.ownerPool.query('DELETE FROM audit_entries WHERE id = ANY($1::uuid[])', [[rows[3]!.id, rows[4]!.id]]);
    expect((await verify(tenant)).anchor_mismatch).toEqual({
      cause: 'truncated',
      reason: `expected 5 entries ending in hash ${rows[4]!.hash}, found 3 ending in hash ${rows[2]!.hash}: the newest 2 entries were deleted (truncated)`,
      expected_entries: 5,
      expected_last_hash: rows[4]!.hash,
      found_entries: 3,
      found_last_hash: rows[2]!.hash,
    });
  });

  it('keeps a truncation visible after the next action: the new entry follows the head, leaving the gap', async () => {
    const tenant = await tenantWithEntries(4);
    const rows = await chain(tenant);
    await context.ownerPool.query('DELETE FROM audit_entries WHERE id = $1', [rows[3]!.id]);
    await createEndpoints(tenant, 1);
    const after = await chain(tenant);
    expect(after.map((row) => row.seq)).toEqual(['1', '2', '3', '5']);
    const body = await verify(tenant);
    expect(body).toMatchObject({
      intact: false,
      entries: 3,
      first_broken: { seq: 5, id: after[3]!.id, reason: 'entry 4 is missing: the chain jumps to 5' },
      anchor_mismatch: null,
    });
  });

  it('still names a row deleted from the middle and a changed row, with the head untouched', async () => {
    const tenant = await tenantWithEntries(5);
    const rows = await chain(tenant);
    await context.ownerPool.query('DELETE FROM audit_entries WHERE id = $1', [rows[2]!.id]);
    expect(await verify(tenant)).toMatchObject({
      intact: false,
      entries: 2,
      first_broken: { seq: 4, reason: 'entry 3 is missing: the chain jumps to 4' },
      anchor_mismatch: null,
    });

    const edited = await tenantWithEntries(4);
    const newest = (await chain(edited))[3]!;
    await context.ownerPool.query("UPDATE audit_entries SET actor = 'someone-else' WHERE id = $1", [newest.id]);
    expect(await verify(edited)).toMatchObject({
      intact: false,
      entries: 3,
      first_broken: { seq: 4, id: newest.id, reason: expect.stringMatching(/altered/) },
      anchor_mismatch: null,
    });
  });

  it('reports a newest entry rewritten with a recomputed hash, which the chain alone accepts', async () => {
    const tenant = await tenantWithEntries(3);
    const newest = (await context.ownerPool.query('SELECT * FROM audit_entries WHERE tenant_id = $1 AND seq = 3', [tenant.tenantId]))
      .rows[0];
    const forged = {
      id: newest.id,
      tenantId: newest.tenant_id,
      seq: 3n,
      actor: 'someone-else',
      action: newest.action,
      targetType: newest.target_type,
      targetId: newest.target_id,
      details: newest.details,
      createdAt: newest.created_at,
    };
    const forgedHash = chainHash(newest.prev_hash, forged);
    await context.ownerPool.query("UPDATE audit_entries SET actor = 'someone-else', hash = $2 WHERE id = $1", [newest.id, forgedHash]);
    expect((await verify(tenant)).anchor_mismatch).toMatchObject({
      cause: 'rewritten',
      expected_entries: 3,
      expected_last_hash: newest.hash,
      found_entries: 3,
      found_last_hash: forgedHash,
    });
  });

  it('reports entries the head does not count, and a head deleted behind the service', async () => {
    const tenant = await tenantWithEntries(2);
    const rows = await chain(tenant);
    const extra = {
      id: randomUUID(),
      tenantId: tenant.tenantId,
      seq: 3n,
      actor: 'someone',
      action: 'endpoint.created',
      targetType: 'endpoint',
      targetId: null,
      details: {},
      createdAt: new Date(),
    };
    const owner = await context.ownerPool.connect();
    try {
      // A superuser can turn the trigger off for its session; the head then stays where it was.
      await owner.query('BEGIN');
      await owner.query('SET LOCAL session_replication_role = replica');
      await owner.query(
        'INSERT INTO audit_entries (id, tenant_id, seq, actor, action, target_type, target_id, details, created_at, prev_hash, hash) VALUES ($1, $2, 3, $3, $4, $5, NULL, $6, $7, $8, $9)',
        [
          extra.id,
          extra.tenantId,
          extra.actor,
          extra.action,
          extra.targetType,
          extra.details,
          extra.createdAt,
          rows[1]!.hash,
          chainHash(rows[1]!.hash, extra),
        ],
      );
      await owner.query('COMMIT');
    } finally {
      owner.release();
    }
    expect((await verify(tenant)).anchor_mismatch).toMatchObject({
      cause: 'beyond_anchor',
      expected_entries: 2,
      expected_last_hash: rows[1]!.hash,
      found_entries: 3,
    });

    await context.ownerPool.query('DELETE FROM audit_heads WHERE tenant_id = $1', [tenant.tenantId]);
    expect(await verify(tenant)).toMatchObject({
      intact: false,
      entries: 3,
      anchor_mismatch: { cause: 'anchor_missing', expected_entries: 0, expected_last_hash: null, found_entries: 3 },
    });
  });

  it('refuses the application role any write to the heads, and any entry that does not extend the head', async () => {
    const tenant = await tenantWithEntries(2);
    const rows = await chain(tenant);
    const asApp = async (sql: string, values: unknown[] = []) => {
      const client = await context.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("SELECT set_config('app.tenant_id', $1, true)", [tenant.tenantId]);
        return await client.query(sql, values);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    const permissionDenied = { code: '42501', message: expect.stringMatching(/permission denied for table audit_heads/) };
    await expect(asApp('UPDATE audit_heads SET entries = 1')).rejects.toMatchObject(permissionDenied);
    await expect(asApp('DELETE FROM audit_heads')).rejects.toMatchObject(permissionDenied);
    await expect(
      asApp("INSERT INTO audit_heads (tenant_id, entries, last_hash) VALUES ($1, 1, repeat('0', 64))", [tenant.tenantId]),
    ).rejects.toMatchObject(permissionDenied);
    await expect(asApp('TRUNCATE audit_heads')).rejects.toMatchObject(permissionDenied);
    await expect(asApp('DELETE FROM audit_entries')).rejects.toMatchObject({ code: '42501' });
    // Nor the tenant itself, whose deletion would cascade to its entries and head.
    await expect(asApp('DELETE FROM tenants')).rejects.toMatchObject({ code: '42501' });
    // Its own head only, like every tenant table.
    expect((await asApp('SELECT tenant_id FROM audit_heads')).rows).toEqual([{ tenant_id: tenant.tenantId }]);

    const insertEntry = (seq: number, prevHash: string) =>
      asApp(
        `INSERT INTO audit_entries (id, tenant_id, seq, actor, action, target_type, created_at, prev_hash, hash)
         VALUES ($1, $2, $3, 'someone', 'endpoint.created', 'endpoint', now(), $4, repeat('a', 64))`,
        [randomUUID(), tenant.tenantId, seq, prevHash],
      );
    const doesNotExtend = { code: '23000', message: expect.stringMatching(/does not extend the head/) };
    await expect(insertEntry(3, '0'.repeat(64))).rejects.toMatchObject(doesNotExtend);
    await expect(insertEntry(4, rows[1]!.hash)).rejects.toMatchObject(doesNotExtend);
    expect(await head(tenant)).toEqual({ entries: '2', last_hash: rows[1]!.hash });
  });

  it('keeps one chain, with a head counting every row, under 20 concurrent privileged actions and verifies', async () => {
    const tenant = await context.newTenant();
    const verifies: Array<Promise<Record<string, unknown>>> = [];
    const creates = Array.from({ length: 20 }, async (_, i) => {
      if (i % 4 === 0) verifies.push(verify(tenant));
      await checkedApi(context)
        .post('/v1/endpoints')
        .set(tenant.auth)
        .send({ name: `burst-${i}` })
        .expect(201);
    });
    await Promise.all(creates);
    // A verify racing appends sees a head and a chain that agree, never a false truncation.
    for (const body of await Promise.all(verifies)) expect(body).toMatchObject({ intact: true, first_broken: null, anchor_mismatch: null });
    const rows = await chain(tenant);
    expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    expect(await head(tenant)).toEqual({ entries: '22', last_hash: rows[21]!.hash });
    expect(await verify(tenant)).toEqual({
      intact: true,
      entries: 22,
      last_hash: rows[21]!.hash,
      first_broken: null,
      anchor_mismatch: null,
    });
  });

  it('verifies a tenant with no entries yet as intact, with no head', async () => {
    const tenantId = randomUUID();
    const apiKey = `whk_${randomBytes(32).toString('base64url')}`;
    await context.ownerPool.query("INSERT INTO tenants (id, name) VALUES ($1, 'empty')", [tenantId]);
    await context.ownerPool.query(
      "INSERT INTO api_keys (id, tenant_id, name, key_hash, key_hint, created_by) VALUES ($1, $2, 'empty', $3, 'abcd', 'test')",
      [randomUUID(), tenantId, hashApiKey(apiKey)],
    );
    const tenant = { tenantId, apiKey, auth: { Authorization: `Bearer ${apiKey}` } };
    expect(await head(tenant)).toBeUndefined();
    expect(await verify(tenant)).toEqual({ intact: true, entries: 0, last_hash: null, first_broken: null, anchor_mismatch: null });
  });
});
