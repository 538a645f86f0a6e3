import type { ConnectionPool } from '../../db/prisma.js';
import type { TenantDatabase } from '../../db/tenant-database.js';
import { relayFindApiKey } from '../../db/functions/relay-find-api-key.js';
import { relayFindOAuthGrant } from '../../db/functions/relay-find-oauth-grant.js';
import { relayRevokeOAuthGrant } from '../../db/functions/relay-revoke-oauth-grant.js';
import type { Runtime } from '../../domain/runtime.js';
import { AUTHORIZATION_CODE_TTL_SECONDS } from './oauth-settings.js';
import { hashOAuthSecret, newOAuthSecret } from './oauth-secrets.js';

export interface Grant {
  id: string;
  tenantId: string;
  clientId: string;
  actor: string;
  userId: string | null;
  apiKeySha256: Buffer | null;
  scopes: string[];
  revokedAt: Date | null;
}

export async function findGrant(pool: ConnectionPool, grantId: string): Promise<Grant | undefined> {
  const row = await relayFindOAuthGrant(pool, grantId);
  if (!row) return undefined;
  return {
    id: grantId,
    tenantId: row.tenant_id,
    clientId: row.client_id,
    actor: row.actor,
    userId: row.user_id,
    apiKeySha256: row.api_key_sha256,
    scopes: row.scopes,
    revokedAt: row.revoked_at,
  };
}

/** A grant given with an API key lasts while the key does; one given by a signed-in user, while the user exists. */
export async function grantStillValid(pool: ConnectionPool, tenants: TenantDatabase, grant: Grant): Promise<boolean> {
  if (grant.apiKeySha256) {
    const row = (await relayFindApiKey(pool, grant.apiKeySha256))[0];
    return row !== undefined && row.tenant_id === grant.tenantId;
  }
  const userId = grant.userId;
  if (!userId) return false;
  return (await tenants.run(grant.tenantId, (tx) => tx.user.count({ where: { id: userId } }))) > 0;
}

export const revokeGrant = (pool: ConnectionPool, grantId: string, now: Date): Promise<void> => relayRevokeOAuthGrant(pool, grantId, now);

/** The person allowed the client: a grant, and a one-time code for the client's redirect. */
export async function createGrantWithCode(
  options: Pick<Grant, 'tenantId' | 'clientId' | 'actor' | 'userId' | 'apiKeySha256' | 'scopes'> & {
    pool: ConnectionPool;
    runtime: Runtime;
    resource: string;
    codeChallenge: string;
    redirectUri: string;
  },
): Promise<{ grantId: string; code: string }> {
  const { pool, runtime } = options;
  const grantId = runtime.newId();
  const code = newOAuthSecret(runtime, '');
  const now = runtime.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('app.tenant_id', $1, true)", [options.tenantId]);
    await client.query(
      `INSERT INTO oauth_grants (id, tenant_id, client_id, actor, user_id, api_key_sha256, scopes, resource, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        grantId,
        options.tenantId,
        options.clientId,
        options.actor,
        options.userId,
        options.apiKeySha256,
        options.scopes,
        options.resource,
        now,
      ],
    );
    await client.query(
      `INSERT INTO oauth_tokens (token_sha256, grant_id, kind, code_challenge, redirect_uri, expires_at)
       VALUES ($1, $2, 'authorization_code', $3, $4, $5)`,
      [
        hashOAuthSecret(code),
        grantId,
        options.codeChallenge,
        options.redirectUri,
        new Date(now.getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
      ],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  return { grantId, code };
}
