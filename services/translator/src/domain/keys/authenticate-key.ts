import type { Database } from '../../db/database.js';
import { TranslatorError } from '../translator-error.js';
import type { AuthenticatedKey } from './api-key.js';
import { hashSecret } from './key-secret.js';

const SCHEME = 'DeepL-Auth-Key ';
// DeepL answers every authentication failure with 403 (deepl-node raises AuthorizationError only for 403).
const REFUSED = 'Authorization failure: send a valid, active key as "Authorization: DeepL-Auth-Key <key>".';

/** The active key named by an `Authorization: DeepL-Auth-Key <key>` header; 403 otherwise. */
export async function authenticateKey(db: Database, authorization: string | undefined): Promise<AuthenticatedKey> {
  if (!authorization?.startsWith(SCHEME)) throw new TranslatorError('FORBIDDEN', REFUSED);
  const secret = authorization.slice(SCHEME.length).trim();
  if (!secret || secret.length > 512) throw new TranslatorError('FORBIDDEN', REFUSED);
  const key = await db.apiKey.findUnique({
    where: { secretHash: hashSecret(secret) },
    select: { id: true, keyId: true, label: true, isAdmin: true, characterLimit: true, deactivatedAt: true },
  });
  if (!key || key.deactivatedAt) throw new TranslatorError('FORBIDDEN', REFUSED);
  return { id: key.id, keyId: key.keyId, label: key.label, isAdmin: key.isAdmin, characterLimit: key.characterLimit };
}
