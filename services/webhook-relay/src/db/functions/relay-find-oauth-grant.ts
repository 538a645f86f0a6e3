import type { ConnectionPool } from '../prisma.js';

export interface OAuthGrantRow {
  tenant_id: string;
  client_id: string;
  actor: string;
  user_id: string | null;
  api_key_sha256: Buffer | null;
  scopes: string[];
  revoked_at: Date | null;
}

/** An MCP OAuth grant by id, before any tenant is known (prisma/functions/relay_find_oauth_grant.sql). */
export async function relayFindOAuthGrant(pool: ConnectionPool, grantId: string): Promise<OAuthGrantRow | undefined> {
  const { rows } = await pool.query<OAuthGrantRow>({
    name: 'relay-find-oauth-grant',
    text: 'SELECT tenant_id, client_id, actor, user_id, api_key_sha256, scopes, revoked_at FROM relay_find_oauth_grant($1)',
    values: [grantId],
  });
  return rows[0];
}
