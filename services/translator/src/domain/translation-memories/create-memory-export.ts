import type { MemoryDeps } from './memory-deps.js';
import { JOB_COLUMNS, findJob, type JobRecord } from './memory-job-record.js';
import { findMemory } from './memory-record.js';
import { processMemoryJob } from './process-memory-job.js';

/** POST /v3/translation_memories/{id}/export: an export not yet downloaded and still current is reused. */
export async function createMemoryExport(deps: MemoryDeps, memoryId: string): Promise<{ job: JobRecord; reused: boolean }> {
  const memory = await findMemory(deps.db, memoryId);
  const now = deps.now();
  const existing = await deps.db.translationMemoryJob.findFirst({
    where: { memoryId, operation: 'export', status: 'completed', memoryVersion: memory.version, tokenExpiresAt: { gt: now } },
    orderBy: { createdAt: 'desc' },
    select: JOB_COLUMNS,
  });
  if (existing) return { job: existing, reused: true };
  const id = deps.newId();
  await deps.db.translationMemoryJob.create({
    data: { id, operation: 'export', status: 'processing', memoryId, memoryVersion: memory.version, createdAt: now, updatedAt: now },
  });
  await processMemoryJob(deps, id);
  return { job: await findJob(deps.db, id), reused: false };
}
