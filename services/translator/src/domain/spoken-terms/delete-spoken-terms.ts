import type { Database } from '../../db/database.js';
import { isSpokenTermsId, spokenTermsNotFound } from './spoken-terms-record.js';

export async function deleteSpokenTerms(db: Pick<Database, 'spokenTermList'>, id: string): Promise<void> {
  const { count } = isSpokenTermsId(id) ? await db.spokenTermList.deleteMany({ where: { id } }) : { count: 0 };
  if (count === 0) throw spokenTermsNotFound(id);
}
