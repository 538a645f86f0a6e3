import type { Prisma } from '../../generated/prisma/client.js';
import type { MemoryDeps } from './memory-deps.js';
import { MEMORY_COLUMNS, type MemoryRecord } from './memory-record.js';
import type { ParsedMemory } from './parsed-memory.js';

const ROWS_PER_INSERT = 5000;

/** A parsed memory stored as a new memory, inside the caller's transaction (an import also marks its job there). */
export async function storeTranslationMemory(
  deps: Pick<MemoryDeps, 'now' | 'newId'>,
  tx: Prisma.TransactionClient,
  name: string,
  memory: ParsedMemory,
): Promise<MemoryRecord> {
  const now = deps.now();
  const targetLangs = [...new Set(memory.segments.flatMap((segment) => [...segment.targets.keys()]))].sort();
  const created = await tx.translationMemory.create({
    data: {
      id: deps.newId(),
      name,
      sourceLang: memory.sourceLang,
      targetLangs,
      segmentCount: memory.segments.length,
      createdAt: now,
      updatedAt: now,
    },
    select: MEMORY_COLUMNS,
  });
  const segments = memory.segments.map((segment, position) => ({
    id: deps.newId(),
    memoryId: created.id,
    position,
    sourceText: segment.source,
    createdAt: now,
  }));
  const targets = memory.segments.flatMap((segment, index) =>
    [...segment.targets].map(([targetLang, targetText]) => ({ id: deps.newId(), segmentId: segments[index]!.id, targetLang, targetText })),
  );
  for (let start = 0; start < segments.length; start += ROWS_PER_INSERT) {
    await tx.translationMemorySegment.createMany({ data: segments.slice(start, start + ROWS_PER_INSERT) });
  }
  for (let start = 0; start < targets.length; start += ROWS_PER_INSERT) {
    await tx.translationMemoryTarget.createMany({ data: targets.slice(start, start + ROWS_PER_INSERT) });
  }
  return created;
}
