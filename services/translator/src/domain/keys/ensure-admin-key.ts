import type { Logger } from '@workspace/service-kit';
import type { Database } from '../../db/database.js';
import { createKey } from './create-key.js';
import { hashSecret } from './key-secret.js';

export const ADMIN_KEY_LABEL = 'Admin key (TRANSLATOR_ADMIN_KEY)';

// Makes TRANSLATOR_ADMIN_KEY an admin key, creating it on first start. A deactivated key stays
// deactivated (deactivation is permanent): the operator sets a new value instead.
export async function ensureAdminKey(db: Database, logger: Logger, secret: string | undefined): Promise<void> {
  if (!secret) {
    logger.warn('TRANSLATOR_ADMIN_KEY is not set: no admin key is ensured, and only keys already in the database authenticate');
    return;
  }
  const existing = await db.apiKey.findUnique({
    where: { secretHash: hashSecret(secret) },
    select: { id: true, isAdmin: true, deactivatedAt: true },
  });
  if (!existing) {
    await createKey(db, { secret, isAdmin: true, label: ADMIN_KEY_LABEL }).catch(async (error: unknown) => {
      // Another replica created it at the same moment.
      const created = await db.apiKey.findUnique({ where: { secretHash: hashSecret(secret) }, select: { id: true } });
      if (!created) throw error;
    });
    logger.info('created the admin key from TRANSLATOR_ADMIN_KEY');
    return;
  }
  if (existing.deactivatedAt) {
    logger.warn('the key in TRANSLATOR_ADMIN_KEY was deactivated and stays so; set a new value to get an admin key');
    return;
  }
  if (!existing.isAdmin) await db.apiKey.update({ where: { id: existing.id }, data: { isAdmin: true } });
}
