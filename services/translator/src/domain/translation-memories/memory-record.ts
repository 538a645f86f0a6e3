// A translation memory as the domain passes it around, and its wire view.
import type { TranslationMemoryInfo } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { TranslatorError } from '../translator-error.js';

export const MEMORY_COLUMNS = {
  id: true,
  name: true,
  sourceLang: true,
  targetLangs: true,
  segmentCount: true,
  version: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.TranslationMemorySelect;

export type MemoryRecord = Prisma.TranslationMemoryGetPayload<{ select: typeof MEMORY_COLUMNS }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

export function memoryNotFound(id: string): TranslatorError {
  return new TranslatorError('NOT_FOUND', `Translation memory '${id}' not found.`);
}

export async function findMemory(db: Pick<Database, 'translationMemory'>, id: string): Promise<MemoryRecord> {
  const memory = isUuid(id) ? await db.translationMemory.findUnique({ where: { id }, select: MEMORY_COLUMNS }) : null;
  if (!memory) throw memoryNotFound(id);
  return memory;
}

export function memoryView(memory: MemoryRecord): TranslationMemoryInfo {
  return {
    translation_memory_id: memory.id,
    name: memory.name,
    source_language: memory.sourceLang.toLowerCase(),
    target_languages: memory.targetLangs.map((code) => code.toLowerCase()),
    segment_count: memory.segmentCount,
    creation_time: memory.createdAt.toISOString(),
    updated_time: memory.updatedAt.toISOString(),
  };
}
