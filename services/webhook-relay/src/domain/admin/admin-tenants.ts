import type { AdminTenant } from '@workspace/contracts';
import { relayAdminTenants, type AdminTenantRow } from '../../db/functions/relay-admin-tenants.js';
import type { ConnectionPool } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';

/** Who an operator's changes are audited as, in each tenant's own log. */
export const OPERATOR_ACTOR = 'operator:admin-api';

/** A page of every tenant, in id order; the cursor is the last id of the page before. */
export async function listTenants(
  pool: ConnectionPool,
  options: { at: Date; limit: number; cursor?: string | undefined },
): Promise<{ data: AdminTenant[]; next_cursor: string | null }> {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const rows = await relayAdminTenants(pool, { at: options.at, after, limit: options.limit + 1 });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return { data: page.map(presentTenant), next_cursor: rows.length > options.limit && last ? encodeCursor(last.id) : null };
}

export async function findTenant(pool: ConnectionPool, tenantId: string, at: Date): Promise<AdminTenant> {
  const [row] = await relayAdminTenants(pool, { at, limit: 1, only: tenantId });
  if (!row) throw new RelayError('not_found', `tenant ${tenantId} not found`);
  return presentTenant(row);
}

function presentTenant(row: AdminTenantRow): AdminTenant {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan_id as AdminTenant['plan'],
    capture_paused: row.capture_paused,
    events_captured: Number(row.events_captured),
    active_api_keys: Number(row.active_api_keys),
    created_at: row.created_at.toISOString(),
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function encodeCursor(id: string): string {
  return Buffer.from(id).toString('base64url');
}

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString();
  if (!UUID.test(id)) throw new RelayError('invalid_request', 'cursor is not one this API handed out');
  return id;
}
