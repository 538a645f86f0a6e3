import type { ConnectionPool } from '../prisma.js';

export interface ResolveIngestTokenRow {
  tenant_id: string;
  endpoint_id: string;
  provider: string | null;
  dedup_strategy: string | null;
  dedup_fields: string[];
  dedup_window_seconds: number | null;
}

/** The endpoint a live ingest token opens, with its provider and dedup settings: no row when none (prisma/functions/relay_resolve_ingest_token.sql). */
export async function relayResolveIngestToken(pool: ConnectionPool, tokenHash: Buffer): Promise<ResolveIngestTokenRow[]> {
  const { rows } = await pool.query<ResolveIngestTokenRow>({
    name: 'relay-resolve-ingest-token',
    text: 'SELECT * FROM relay_resolve_ingest_token($1)',
    values: [tokenHash],
  });
  return rows;
}
