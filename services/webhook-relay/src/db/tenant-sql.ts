import type pg from 'pg';
import type { ConnectionPool } from './prisma.js';

/** A connection inside a transaction whose tenant is set: raw SQL for the hot paths Prisma would slow down. */
export type SqlClient = Pick<pg.PoolClient, 'query'>;

/**
 * TenantDatabase.run without Prisma: one pooled connection, BEGIN, the tenant set transaction-locally
 * (row-level security applies exactly as there), the work, COMMIT; ROLLBACK on any error.
 */
export async function withTenantSql<T>(pool: ConnectionPool, tenantId: string, work: (sql: SqlClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    await client.query({ name: 'relay-set-tenant', text: "SELECT set_config('app.tenant_id', $1, true)", values: [tenantId] });
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection that could not even roll back is dropped, not reused.
    client.release(broken);
  }
}
