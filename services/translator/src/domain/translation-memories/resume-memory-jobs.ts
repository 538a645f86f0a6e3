import type { MemoryDeps } from './memory-deps.js';
import { processMemoryJob } from './process-memory-job.js';

/** At start: jobs a stopped process left `processing` are run again (their file is in PostgreSQL). */
export async function resumeMemoryJobs(deps: MemoryDeps): Promise<number> {
  const jobs = await deps.db.translationMemoryJob.findMany({
    where: { status: 'processing' },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
  });
  for (const job of jobs) await processMemoryJob(deps, job.id);
  return jobs.length;
}
