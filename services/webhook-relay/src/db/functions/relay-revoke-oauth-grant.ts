import type { ConnectionPool } from '../prisma.js';

/** Ends an MCP OAuth grant, whatever its tenant (prisma/functions/relay_revoke_oauth_grant.sql). */
export async function relayRevokeOAuthGrant(pool: ConnectionPool, grantId: string, at: Date): Promise<void> {
  await pool.query({ name: 'relay-revoke-oauth-grant', text: 'SELECT relay_revoke_oauth_grant($1, $2)', values: [grantId, at] });
}
