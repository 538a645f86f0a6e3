import { TranslatorError } from '../translator-error.js';
import type { MemoryDeps } from './memory-deps.js';

/** GET on a download URL: the export's TMX, once; the job becomes `downloaded`. */
export async function downloadMemoryExport(deps: MemoryDeps, token: string): Promise<{ file: Buffer; fileName: string }> {
  return deps.db.$transaction(async (tx) => {
    const job = await tx.translationMemoryJob.findUnique({
      where: { token },
      select: { id: true, operation: true, status: true, file: true, tokenExpiresAt: true, memoryId: true },
    });
    if (job?.operation !== 'export' || job.status !== 'completed' || !job.file) {
      throw new TranslatorError('NOT_FOUND', 'Download URL not found or already used; create a new export to get another.');
    }
    if (job.tokenExpiresAt! <= deps.now())
      throw new TranslatorError('FORBIDDEN', 'Download URL expired; create a new export to get another.');
    const { count } = await tx.translationMemoryJob.updateMany({
      where: { id: job.id, status: 'completed' },
      data: { status: 'downloaded', file: null, token: null, tokenExpiresAt: null, updatedAt: deps.now() },
    });
    if (count === 0) throw new TranslatorError('NOT_FOUND', 'Download URL already used; create a new export to get another.');
    return { file: Buffer.from(job.file), fileName: `translation-memory-${job.memoryId}.tmx` };
  });
}
