import type { Database } from '../../db/database.js';
import { isUuid } from '../translation-memories/memory-record.js';
import { styleRuleNotFound } from './style-rule-record.js';

export async function deleteStyleRule(db: Database, id: string): Promise<void> {
  const deleted = isUuid(id) ? (await db.styleRule.deleteMany({ where: { id } })).count : 0;
  if (deleted === 0) throw styleRuleNotFound(id);
}
