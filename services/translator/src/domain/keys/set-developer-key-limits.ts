import type { DeveloperApiKey, SetDeveloperKeyLimitsRequest } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import { DEVELOPER_KEY_COLUMNS, developerKeyView } from './developer-key-view.js';
import { findDeveloperKey } from './find-developer-key.js';

const asLimit = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : BigInt(value));

/** Sets the limits sent (null removes one, a limit left out stays); the next request is metered against them. */
export async function setDeveloperKeyLimits(
  deps: { db: Database; forgetKey: (id: string) => Promise<void> },
  request: SetDeveloperKeyLimitsRequest,
): Promise<DeveloperApiKey> {
  const key = await findDeveloperKey(deps.db, request.key_id);
  const row = await deps.db.apiKey.update({
    where: { id: key.id },
    data: { characterLimit: asLimit(request.characters), speechToTextLimitMillis: asLimit(request.speech_to_text_milliseconds) },
    select: DEVELOPER_KEY_COLUMNS,
  });
  await deps.forgetKey(key.id);
  return developerKeyView(row);
}
