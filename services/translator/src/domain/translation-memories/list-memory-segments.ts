import type { ListTranslationMemorySegmentsQuery, TranslationMemorySegmentPage } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { TranslatorError } from '../translator-error.js';
import { findMemory } from './memory-record.js';

// The cursor is the position of the last segment shown, opaque to clients.
const encodeCursor = (position: number) => Buffer.from(`p${position}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^p(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match)
    throw new TranslatorError('BAD_REQUEST', "Value for 'page_cursor' not supported: use the next_page_cursor of the previous page.");
  return Number(match[1]);
}

/** One page of segments in file order; `filter_text` matches the source or a target text. */
export async function listMemorySegments(
  db: Database,
  id: string,
  query: ListTranslationMemorySegmentsQuery,
): Promise<TranslationMemorySegmentPage> {
  const memory = await findMemory(db, id);
  const after = query.page_cursor !== undefined ? decodeCursor(query.page_cursor) : -1;
  const where: Prisma.TranslationMemorySegmentWhereInput = { memoryId: id, position: { gt: after } };
  if (query.filter_text) {
    const contains = { contains: query.filter_text, ...(query.filter_case_sensitive ? {} : { mode: 'insensitive' as const }) };
    where.OR = [{ sourceText: contains }, { targets: { some: { targetText: contains } } }];
  }
  const rows = await db.translationMemorySegment.findMany({
    where,
    orderBy: { position: 'asc' },
    take: query.page_size + 1,
    select: {
      id: true,
      position: true,
      sourceText: true,
      createdAt: true,
      targets: { select: { id: true, targetLang: true, targetText: true }, orderBy: { targetLang: 'asc' } },
    },
  });
  const page = rows.slice(0, query.page_size);
  const last = page[page.length - 1];
  return {
    segments: page.map((segment) => ({
      source_segment_id: segment.id,
      source_text: segment.sourceText,
      creation_time: segment.createdAt.toISOString(),
      targets: segment.targets.map((target) => ({
        target_segment_id: target.id,
        target_language: target.targetLang.toLowerCase(),
        target_text: target.targetText,
        creation_time: segment.createdAt.toISOString(),
      })),
    })),
    segment_count: memory.segmentCount,
    ...(rows.length > query.page_size && last ? { next_page_cursor: encodeCursor(last.position) } : {}),
  };
}
