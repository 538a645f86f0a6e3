import type { Database } from '../../db/database.js';
import { TranslatorError } from '../translator-error.js';
import { DEVELOPER_KEY_COLUMNS, type DeveloperKeyRow } from './developer-key-view.js';

/** The developer key with this `key_id`, or 404. Admin keys are not developer keys: they are not found here. */
export async function findDeveloperKey(db: Database, keyId: string): Promise<DeveloperKeyRow> {
  const row = await db.apiKey.findFirst({ where: { keyId, isAdmin: false }, select: DEVELOPER_KEY_COLUMNS });
  if (!row) throw new TranslatorError('NOT_FOUND', `API key '${keyId}' not found.`);
  return row;
}
