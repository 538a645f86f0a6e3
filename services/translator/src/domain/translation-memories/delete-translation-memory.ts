import type { Database } from '../../db/database.js';
import { isUuid, memoryNotFound } from './memory-record.js';

/** The memory, its segments and its export jobs (their download URLs stop working). */
export async function deleteTranslationMemory(db: Database, id: string): Promise<void> {
  if (!isUuid(id)) throw memoryNotFound(id);
  await db.$transaction(async (tx) => {
    const { count } = await tx.translationMemory.deleteMany({ where: { id } });
    if (count === 0) throw memoryNotFound(id);
    await tx.translationMemoryJob.deleteMany({ where: { memoryId: id, operation: 'export' } });
  });
}
