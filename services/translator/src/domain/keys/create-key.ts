import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { hashSecret, maskSecret, newKeyId, newSecret } from './key-secret.js';

export const DEFAULT_KEY_LABEL = 'DeepL API Key';

export interface CreatedKey {
  id: string;
  keyId: string;
  /** Shown once; only its hash is stored. */
  secret: string;
}

export async function createKey(
  db: Pick<Database, 'apiKey'>,
  options: { label?: string; isAdmin?: boolean; secret?: string; characterLimit?: bigint | null },
): Promise<CreatedKey> {
  const isAdmin = options.isAdmin ?? false;
  const secret = options.secret ?? newSecret(isAdmin);
  const created = await db.apiKey.create({
    data: {
      id: randomUUID(),
      keyId: newKeyId(),
      label: options.label ?? DEFAULT_KEY_LABEL,
      secretHash: hashSecret(secret),
      maskedSecret: maskSecret(secret),
      isAdmin,
      characterLimit: options.characterLimit ?? null,
    },
    select: { id: true, keyId: true },
  });
  return { ...created, secret };
}
