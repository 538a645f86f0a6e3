import { API_KEY_PREFIX } from '../../config.js';
import { relayFindApiKey } from '../../db/functions/relay-find-api-key.js';
import type { ConnectionPool } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';
import { hashApiKey } from './api-key-secret.js';

export interface Principal {
  tenantId: string;
  /** The key that opened the request (absent for a dashboard session signed in through an identity provider). */
  apiKeyId?: string;
  /** How audit entries name who acted. */
  actor: string;
  /** A dashboard session's id: signing out ends it (and the live feeds it opened). */
  sessionId?: string;
  /** The user a dashboard session signed in through an identity provider acts as. */
  userId?: string;
}

const MISSING = `send an API key: "Authorization: Bearer ${API_KEY_PREFIX}..."`;
const REFUSED = 'the API key is not valid or has been revoked';

/**
 * `Authorization: Bearer whk_...` -> the key's tenant. The lookup runs before any tenant is known,
 * through the database's definer function, and compares hashes inside the index: nothing about
 * the secret is compared in application code.
 */
export async function authenticateApiKey(pool: ConnectionPool, authorization: string | undefined): Promise<Principal> {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw new RelayError('unauthorized', MISSING);
  const key = match[1]!;
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw new RelayError('unauthorized', REFUSED);
  const rows = await relayFindApiKey(pool, hashApiKey(key));
  const row = rows[0];
  if (!row) throw new RelayError('unauthorized', REFUSED);
  return { tenantId: row.tenant_id, apiKeyId: row.api_key_id, actor: `api_key:${row.api_key_id}` };
}
