import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { assertRowLevelSecurityApplies } from '../../src/db/app-role-check.js';
import { withTenantSql } from '../../src/db/tenant-sql.js';
import { checkedApi } from '../helpers/contract.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

// Straight to PostgreSQL as the application role, past every line of application code: the
// isolation must hold in the database itself.
describe('row-level security, connected as the application role', () => {
  let context: TestContext;
  let app: pg.Client;
  let tenantA: Awaited<ReturnType<TestContext['newTenant']>>;
  let tenantB: Awaited<ReturnType<TestContext['newTenant']>>;
  let endpointOfB: string;

  beforeAll(async () => {
    context = await createTestContext();
    tenantA = await context.newTenant();
    tenantB = await context.newTenant();
    await checkedApi(context).post('/v1/endpoints').set(tenantA.auth).send({ name: 'a-orders' }).expect(201);
    endpointOfB = (await checkedApi(context).post('/v1/endpoints').set(tenantB.auth).send({ name: 'b-orders' }).expect(201)).body.id;
    app = new pg.Client({ connectionString: context.appRoleUrl });
    await app.connect();
  });

  afterAll(async () => {
    await app.end();
    await context.close();
  });

  const inTenant = async <T>(tenantId: string, work: () => Promise<T>): Promise<T> => {
    await app.query('BEGIN');
    try {
      await app.query("SELECT set_config('app.tenant_id', $1, true)", [tenantId]);
      return await work();
    } finally {
      await app.query('ROLLBACK');
    }
  };

  it('returns no rows from any tenant table when no tenant is set', async () => {
    for (const table of ['tenants', 'api_keys', 'endpoints', 'ingest_tokens', 'audit_entries', 'tenant_keys']) {
      const { rows } = await app.query(`SELECT count(*)::int AS n FROM ${table}`);
      expect({ table, n: rows[0].n }).toEqual({ table, n: 0 });
    }
    const { rows } = await context.ownerPool.query('SELECT count(*)::int AS n FROM endpoints');
    expect(rows[0].n).toBe(2);
  });

  it("shows a tenant its own rows only, never another tenant's", async () => {
    const names = await inTenant(tenantA.tenantId, async () => (await app.query('SELECT name FROM endpoints')).rows.map((row) => row.name));
    expect(names).toEqual(['a-orders']);
    const tenants = await inTenant(tenantA.tenantId, async () => (await app.query('SELECT id FROM tenants')).rows.map((row) => row.id));
    expect(tenants).toEqual([tenantA.tenantId]);
  });

  it('refuses to write a row into another tenant while one is set', async () => {
    await expect(
      inTenant(tenantA.tenantId, () =>
        app.query("INSERT INTO endpoints (id, tenant_id, name) VALUES ('00000000-0000-7000-8000-0000000000aa', $1, 'sneaky')", [
          tenantB.tenantId,
        ]),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it("cannot change or delete another tenant's rows: they are invisible to UPDATE and DELETE", async () => {
    const changed = await inTenant(tenantA.tenantId, () => app.query("UPDATE endpoints SET name = 'taken' WHERE id = $1", [endpointOfB]));
    expect(changed.rowCount).toBe(0);
    const deleted = await inTenant(tenantA.tenantId, () => app.query('DELETE FROM endpoints WHERE id = $1', [endpointOfB]));
    expect(deleted.rowCount).toBe(0);
  });

  it("scopes withTenantSql's raw connection to its tenant, and rolls back all of the work when it fails", async () => {
    const seen = await withTenantSql(
      context.pool,
      tenantA.tenantId,
      async (sql) => (await sql.query<{ name: string }>('SELECT name FROM endpoints')).rows,
    );
    expect(seen.map((row) => row.name)).toEqual(['a-orders']);

    await expect(
      withTenantSql(context.pool, tenantA.tenantId, async (sql) => {
        await sql.query("UPDATE endpoints SET name = 'renamed'");
        throw new Error('fails after writing');
      }),
    ).rejects.toThrow('fails after writing');
    const after = await withTenantSql(
      context.pool,
      tenantA.tenantId,
      async (sql) => (await sql.query<{ name: string }>('SELECT name FROM endpoints')).rows,
    );
    expect(after.map((row) => row.name)).toEqual(['a-orders']);
    // The connection went back to the pool without the tenant: the next user of it sees nothing.
    const { rows } = await context.pool.query('SELECT count(*)::int AS n FROM endpoints');
    expect(rows[0].n).toBe(0);
  });

  it("may not update or delete audit entries, even its own tenant's", async () => {
    await expect(inTenant(tenantA.tenantId, () => app.query("UPDATE audit_entries SET actor = 'someone else'"))).rejects.toThrow(
      /permission denied/,
    );
    await expect(inTenant(tenantA.tenantId, () => app.query('DELETE FROM audit_entries'))).rejects.toThrow(/permission denied/);
    await expect(inTenant(tenantA.tenantId, () => app.query('TRUNCATE audit_entries'))).rejects.toThrow(/permission denied/);
  });

  it('owns no table, and every table with a tenant_id has row-level security enabled and forced', async () => {
    const { rows } = await context.ownerPool.query<{ table: string; enabled: boolean; forced: boolean; owner: string }>(`
      SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced, pg_get_userbyid(c.relowner) AS owner
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r'
         AND (c.relname = 'tenants' OR EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped))`);
    expect(rows.length).toBeGreaterThanOrEqual(18);
    for (const row of rows) {
      expect({ table: row.table, enabled: row.enabled, forced: row.forced }).toEqual({ table: row.table, enabled: true, forced: true });
      expect(row.owner).not.toBe('webhook_relay_app');
    }
  });

  it('finds a key before any tenant is known only through the lookup function, which returns ids alone', async () => {
    const { rows } = await app.query('SELECT * FROM relay_find_api_key(sha256($1::bytea))', [Buffer.from(tenantB.apiKey)]);
    expect(rows).toEqual([{ tenant_id: tenantB.tenantId, api_key_id: expect.any(String) }]);
    const direct = await app.query('SELECT key_hash FROM api_keys');
    expect(direct.rows).toEqual([]);
  });

  it('refuses to serve when connected as a role that would bypass row-level security', async () => {
    await expect(assertRowLevelSecurityApplies(context.ownerPool)).rejects.toThrow(/webhook_relay_app/);
    await expect(assertRowLevelSecurityApplies(context.pool)).resolves.toBeUndefined();
  });
});
