import type { Database } from '../../db/database.js';
import { glossaryNotFound, isGlossaryId } from './glossary-record.js';

export async function deleteGlossary(db: Database, id: string, v2 = false): Promise<void> {
  if (!isGlossaryId(id)) throw glossaryNotFound(id);
  // v2 deletes only what v2 can see: glossaries of exactly one dictionary.
  const deleted = v2
    ? await db.$executeRaw`DELETE FROM glossaries g WHERE g.id = ${id}::uuid AND (SELECT count(*) FROM glossary_dictionaries d WHERE d.glossary_id = g.id) = 1`
    : (await db.glossary.deleteMany({ where: { id } })).count;
  if (deleted === 0) throw glossaryNotFound(id);
}
