import type { ConnectionPool } from '../prisma.js';

export interface AdminTenantRow {
  id: string;
  name: string;
  plan_id: string;
  capture_paused: boolean;
  created_at: Date;
  deleted_at: Date | null;
  /** bigints, which pg returns as strings. */
  events_captured: string;
  active_api_keys: string;
}

/**
 * Tenants across the installation with their usage at `at` (prisma/functions/relay_admin_tenants.sql): a page
 * after `after` in id order, or the one tenant `only`.
 */
export async function relayAdminTenants(
  pool: ConnectionPool,
  options: { at: Date; after?: string | undefined; limit: number; only?: string | undefined },
): Promise<AdminTenantRow[]> {
  const { rows } = await pool.query<AdminTenantRow>('SELECT * FROM relay_admin_tenants($1, $2, $3, $4)', [
    options.at,
    options.after ?? null,
    options.limit,
    options.only ?? null,
  ]);
  return rows;
}
