// Runs a job that is `processing`: an import parses its stored file and creates the memory, an export
// writes the memory as TMX for download. The job row stays locked meanwhile, so a job resumed after a
// restart on one replica is never processed twice by another.
import type { Prisma } from '../../generated/prisma/client.js';
import type { MemoryDeps } from './memory-deps.js';
import { MemoryFileError } from './parsed-memory.js';
import { parseMemoryFile } from './parse-memory-file.js';
import { storeTranslationMemory } from './store-translation-memory.js';
import { writeTmx } from './write-tmx.js';

const JOB_TIMEOUT_MS = 120_000;
/**
 * Segments read per statement on export: Prisma reads their targets with one bind parameter per segment, and
 * PostgreSQL takes at most 32,767 per statement (a larger memory failed with P2029).
 */
const EXPORT_PAGE_SEGMENTS = 10_000;

export async function processMemoryJob(deps: MemoryDeps, jobId: string): Promise<void> {
  await deps.db.$transaction(
    async (tx) => {
      const locked = await tx.$queryRaw<
        Array<{ id: string }>
      >`SELECT id FROM translation_memory_jobs WHERE id = ${jobId}::uuid AND status = 'processing' FOR UPDATE SKIP LOCKED`;
      if (locked.length === 0) return;
      const job = await tx.translationMemoryJob.findUniqueOrThrow({ where: { id: jobId } });
      if (job.operation === 'import') await runImport(deps, tx, job);
      else await runExport(deps, tx, job);
    },
    { timeout: JOB_TIMEOUT_MS, maxWait: JOB_TIMEOUT_MS },
  );
}

type StoredJob = Prisma.TranslationMemoryJobGetPayload<object>;

async function runImport(deps: MemoryDeps, tx: Prisma.TransactionClient, job: StoredJob): Promise<void> {
  try {
    const parsed = parseMemoryFile(Buffer.from(job.file ?? new Uint8Array()), job.fileName ?? '', job.contentType ?? undefined);
    const memory = await storeTranslationMemory(deps, tx, job.displayName ?? job.fileName ?? 'Translation memory', parsed);
    await tx.translationMemoryJob.update({
      where: { id: job.id },
      data: {
        status: 'completed',
        memoryId: memory.id,
        memoryVersion: memory.version,
        skippedSegmentCount: parsed.skipped,
        file: null,
        updatedAt: deps.now(),
      },
    });
  } catch (error) {
    if (!(error instanceof MemoryFileError)) throw error;
    await tx.translationMemoryJob.update({
      where: { id: job.id },
      data: { status: 'failed', errorMessage: error.message, file: null, updatedAt: deps.now() },
    });
  }
}

async function runExport(deps: MemoryDeps, tx: Prisma.TransactionClient, job: StoredJob): Promise<void> {
  const memory = job.memoryId
    ? await tx.translationMemory.findUnique({ where: { id: job.memoryId }, select: { sourceLang: true, version: true } })
    : null;
  if (!memory) {
    await tx.translationMemoryJob.update({
      where: { id: job.id },
      data: { status: 'failed', errorMessage: 'The translation memory was deleted before it could be exported.', updatedAt: deps.now() },
    });
    return;
  }
  const segments = await readSegmentsInPages(tx, job.memoryId!);
  const file = Buffer.from(writeTmx(memory.sourceLang, segments), 'utf8');
  const now = deps.now();
  await tx.translationMemoryJob.update({
    where: { id: job.id },
    data: {
      status: 'completed',
      file,
      memoryVersion: memory.version,
      token: deps.newToken(),
      tokenExpiresAt: new Date(now.getTime() + deps.memoryUrlTtlMs),
      updatedAt: now,
    },
  });
}

/** Every segment of a memory with its targets, in position order, a page at a time. */
async function readSegmentsInPages(tx: Prisma.TransactionClient, memoryId: string) {
  const select = {
    position: true,
    sourceText: true,
    targets: { select: { targetLang: true, targetText: true }, orderBy: { targetLang: 'asc' } },
  } satisfies Prisma.TranslationMemorySegmentSelect;
  const segments: Prisma.TranslationMemorySegmentGetPayload<{ select: typeof select }>[] = [];
  for (let after = -1; ; ) {
    const page = await tx.translationMemorySegment.findMany({
      where: { memoryId, position: { gt: after } },
      orderBy: { position: 'asc' },
      take: EXPORT_PAGE_SEGMENTS,
      select,
    });
    segments.push(...page);
    if (page.length < EXPORT_PAGE_SEGMENTS) return segments;
    after = page.at(-1)!.position;
  }
}
