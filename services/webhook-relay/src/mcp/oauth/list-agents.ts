import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../../domain/pagination.js';
import { RelayError } from '../../domain/relay-error.js';

export interface AgentGrant {
  id: string;
  clientId: string;
  clientName: string | null;
  actor: string;
  createdAt: Date;
}

/** The agents the tenant authorized on the MCP server: its grants in force, newest first (row-level security). */
export async function listAgents(tx: TenantTx, page: PageRequest): Promise<Page<AgentGrant>> {
  const after = decodeCursor(page.cursor) ?? null;
  const rows = await tx.$queryRaw<Array<{ id: string; client_id: string; client_name: string | null; actor: string; created_at: Date }>>`
    SELECT g.id, g.client_id, c.metadata->>'client_name' AS client_name, g.actor, g.created_at
      FROM oauth_grants g JOIN oauth_clients c ON c.client_id = g.client_id
     WHERE g.revoked_at IS NULL AND (${after}::uuid IS NULL OR g.id < ${after}::uuid)
     ORDER BY g.id DESC LIMIT ${page.limit + 1}`;
  return toPage(
    rows.map((row) => ({ id: row.id, clientId: row.client_id, clientName: row.client_name, actor: row.actor, createdAt: row.created_at })),
    page.limit,
  );
}

/** Ends one of the tenant's agent grants: its tokens stop working at once. Another tenant's grant is not found. */
export async function revokeAgent(tx: TenantTx, grantId: string, now: Date): Promise<{ id: string; clientId: string }> {
  const rows = await tx.$queryRaw<Array<{ id: string; client_id: string }>>`
    UPDATE oauth_grants SET revoked_at = ${now} WHERE id = ${grantId}::uuid AND revoked_at IS NULL RETURNING id, client_id`;
  const row = rows[0];
  if (!row) throw new RelayError('not_found', `agent ${grantId} not found`);
  return { id: row.id, clientId: row.client_id };
}
