import type { ConnectionPool } from '../../db/database.js';
import { TranslatorError } from '../translator-error.js';
import type { AuthenticatedKey } from './api-key.js';
import { hashSecret } from './key-secret.js';

const SCHEME = 'DeepL-Auth-Key ';
// DeepL answers every authentication failure with 403 (deepl-node raises AuthorizationError only for 403).
const REFUSED = 'Authorization failure: send a valid, active key as "Authorization: DeepL-Auth-Key <key>".';
const MAX_CACHED_KEYS = 10_000;

interface KeyRow {
  id: string;
  key_id: string;
  label: string;
  is_admin: boolean;
  character_limit: string | null;
}

/**
 * Resolves `Authorization: DeepL-Auth-Key <key>` to an active key, or 403. Answers are kept for
 * `cacheMs` (a key is looked up once per burst, not per request); `forget` drops a key at once,
 * so a deactivation or limit change on this replica applies to the next request, and on other
 * replicas within `cacheMs`.
 */
export class KeyAuthenticator {
  private readonly cache = new Map<string, { key: AuthenticatedKey; until: number }>();

  constructor(
    private readonly pool: ConnectionPool,
    private readonly cacheMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async authenticate(authorization: string | undefined): Promise<AuthenticatedKey> {
    if (!authorization?.startsWith(SCHEME)) throw new TranslatorError('FORBIDDEN', REFUSED);
    const secret = authorization.slice(SCHEME.length).trim();
    if (!secret || secret.length > 512) throw new TranslatorError('FORBIDDEN', REFUSED);
    const hash = hashSecret(secret);
    const cached = this.cache.get(hash);
    if (cached && cached.until > this.now()) return cached.key;
    const { rows } = await this.pool.query<KeyRow>({
      name: 'translator-authenticate-key',
      text: 'SELECT id, key_id, label, is_admin, character_limit FROM api_keys WHERE secret_hash = $1 AND deactivated_at IS NULL',
      values: [hash],
    });
    const row = rows[0];
    if (!row) {
      this.cache.delete(hash);
      throw new TranslatorError('FORBIDDEN', REFUSED);
    }
    const key: AuthenticatedKey = {
      id: row.id,
      keyId: row.key_id,
      label: row.label,
      isAdmin: row.is_admin,
      characterLimit: row.character_limit === null ? null : BigInt(row.character_limit),
    };
    if (this.cacheMs > 0) {
      if (this.cache.size >= MAX_CACHED_KEYS) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(hash, { key, until: this.now() + this.cacheMs });
    }
    return key;
  }

  /** Drops every cached answer for the key with this internal id (after deactivation or new limits). */
  forget(id: string): void {
    for (const [hash, entry] of this.cache) if (entry.key.id === id) this.cache.delete(hash);
  }
}
