import type { DeveloperApiKey } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import { DEVELOPER_KEY_COLUMNS, developerKeyView } from './developer-key-view.js';
import { findDeveloperKey } from './find-developer-key.js';

/** A new label, for bookkeeping only: active and deactivated keys alike. */
export async function renameDeveloperKey(db: Database, keyId: string, label: string): Promise<DeveloperApiKey> {
  const key = await findDeveloperKey(db, keyId);
  return developerKeyView(await db.apiKey.update({ where: { id: key.id }, data: { label }, select: DEVELOPER_KEY_COLUMNS }));
}
