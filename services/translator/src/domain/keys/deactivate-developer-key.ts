import type { DeveloperApiKey } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import { DEVELOPER_KEY_COLUMNS, developerKeyView } from './developer-key-view.js';
import { findDeveloperKey } from './find-developer-key.js';

/** Deactivates the key for good; deactivating it again changes nothing (its first time stays). */
export async function deactivateDeveloperKey(
  deps: { db: Database; forgetKey: (id: string) => Promise<void>; now: () => Date },
  keyId: string,
): Promise<DeveloperApiKey> {
  const key = await findDeveloperKey(deps.db, keyId);
  await deps.db.apiKey.updateMany({ where: { id: key.id, deactivatedAt: null }, data: { deactivatedAt: deps.now() } });
  // Every replica refuses the key from its next request on (no cached answer lets it through).
  await deps.forgetKey(key.id);
  return developerKeyView(await deps.db.apiKey.findUniqueOrThrow({ where: { id: key.id }, select: DEVELOPER_KEY_COLUMNS }));
}
