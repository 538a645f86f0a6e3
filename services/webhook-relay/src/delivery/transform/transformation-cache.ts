import type { ConnectionPool } from '../../db/prisma.js';
import { withTenantSql } from '../../db/tenant-sql.js';

/** Versions are never changed once written, so a version's code is cached for good (bounded). */
const CAPACITY = 1000;
const cache = new Map<string, string>();

/** The code of a destination's transformation version: one query the first time, then from memory. */
export async function transformationCode(
  pool: ConnectionPool,
  input: { tenantId: string; destinationId: string; version: number },
): Promise<string | null> {
  const key = `${input.destinationId}:${input.version}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const code = await withTenantSql(pool, input.tenantId, async (sql) => {
    const { rows } = await sql.query<{ code: string }>('SELECT code FROM transformations WHERE destination_id = $1 AND version = $2', [
      input.destinationId,
      input.version,
    ]);
    return rows[0]?.code ?? null;
  });
  if (code === null) return null;
  cache.set(key, code);
  if (cache.size > CAPACITY) cache.delete(cache.keys().next().value!);
  return code;
}
