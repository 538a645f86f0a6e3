import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ConnectionPool } from '../../db/prisma.js';
import type { Runtime } from '../../domain/runtime.js';
import { hashOAuthSecret } from './oauth-secrets.js';

export interface StoredClient {
  info: OAuthClientInformationFull;
  secretSha256: Buffer | null;
  secretExpiresAt: Date | null;
}

/**
 * Clients that registered themselves (RFC 7591). Only the SHA-256 of a client secret is kept: the SDK's
 * handlers get every client as public (no secret), and `checkClientSecret` (mounted before the token and
 * revocation handlers) holds confidential clients to their secret.
 */
export class PgClientsStore implements OAuthRegisteredClientsStore {
  constructor(
    private readonly pool: ConnectionPool,
    private readonly runtime: Runtime,
  ) {}

  async getClient(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    return (await this.find(clientId))?.info;
  }

  async find(clientId: string): Promise<StoredClient | undefined> {
    const { rows } = await this.pool.query<{
      metadata: OAuthClientInformationFull;
      client_secret_sha256: Buffer | null;
      client_secret_expires_at: Date | null;
    }>('SELECT metadata, client_secret_sha256, client_secret_expires_at FROM oauth_clients WHERE client_id = $1', [clientId]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      info: { ...row.metadata, client_id: clientId },
      secretSha256: row.client_secret_sha256,
      secretExpiresAt: row.client_secret_expires_at,
    };
  }

  async registerClient(client: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>): Promise<OAuthClientInformationFull> {
    const full = client as OAuthClientInformationFull;
    const { client_secret: secret, client_secret_expires_at: expiresAt, ...metadata } = full;
    const clientId = full.client_id;
    await this.pool.query(
      'INSERT INTO oauth_clients (client_id, metadata, client_secret_sha256, client_secret_expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
      [
        clientId,
        JSON.stringify(metadata),
        secret ? hashOAuthSecret(secret) : null,
        secret && expiresAt ? new Date(expiresAt * 1000) : null,
        this.runtime.now(),
      ],
    );
    return full;
  }
}
