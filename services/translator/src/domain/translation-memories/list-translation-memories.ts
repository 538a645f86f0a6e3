import type { ListTranslationMemoriesQuery, TranslationMemoryList } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import { MEMORY_COLUMNS, memoryView } from './memory-record.js';

export async function listTranslationMemories(db: Database, query: ListTranslationMemoriesQuery): Promise<TranslationMemoryList> {
  const [memories, total] = await Promise.all([
    db.translationMemory.findMany({
      select: MEMORY_COLUMNS,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      skip: query.page * query.page_size,
      take: query.page_size,
    }),
    db.translationMemory.count(),
  ]);
  return { translation_memories: memories.map(memoryView), total_count: total };
}
