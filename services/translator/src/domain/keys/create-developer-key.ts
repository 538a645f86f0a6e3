import type { CreatedDeveloperApiKey } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import { TranslatorError } from '../translator-error.js';
import { createKey, DEFAULT_KEY_LABEL } from './create-key.js';
import { DEVELOPER_KEY_COLUMNS, developerKeyView } from './developer-key-view.js';

// Any constant shared by all replicas: the lock that makes "count active keys, then insert" one step.
const ACTIVE_KEYS_LOCK = 7_304_211;

/** A new developer key; its secret is in this answer only (the database keeps its SHA-256). */
export async function createDeveloperKey(
  db: Database,
  options: { label?: string; maxActiveKeys: number },
): Promise<CreatedDeveloperApiKey> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ACTIVE_KEYS_LOCK})`;
    const active = await tx.apiKey.count({ where: { isAdmin: false, deactivatedAt: null } });
    if (active >= options.maxActiveKeys) {
      throw new TranslatorError(
        'BAD_REQUEST',
        `At most ${options.maxActiveKeys} developer keys can be active at once: deactivate one before creating another.`,
      );
    }
    const created = await createKey(tx, { label: options.label ?? DEFAULT_KEY_LABEL });
    const row = await tx.apiKey.findUniqueOrThrow({ where: { id: created.id }, select: DEVELOPER_KEY_COLUMNS });
    return { ...developerKeyView(row), key: created.secret };
  });
}
