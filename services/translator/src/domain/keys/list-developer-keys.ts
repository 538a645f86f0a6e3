import type { DeveloperApiKey } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import { DEVELOPER_KEY_COLUMNS, developerKeyView } from './developer-key-view.js';

/** Every developer key, active and deactivated, oldest first. */
export async function listDeveloperKeys(db: Database): Promise<DeveloperApiKey[]> {
  const rows = await db.apiKey.findMany({
    where: { isAdmin: false },
    select: DEVELOPER_KEY_COLUMNS,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(developerKeyView);
}
