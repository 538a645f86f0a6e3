import {
  CreateTranslationMemoryImportRequest,
  CreateTranslationMemoryRequest,
  ListTranslationMemoriesQuery,
  ListTranslationMemorySegmentsQuery,
} from '@workspace/contracts';
import type { Express, Request } from 'express';
import { createMemoryExport } from '../../domain/translation-memories/create-memory-export.js';
import { createMemoryImport } from '../../domain/translation-memories/create-memory-import.js';
import { createTranslationMemory } from '../../domain/translation-memories/create-translation-memory.js';
import { deleteTranslationMemory } from '../../domain/translation-memories/delete-translation-memory.js';
import { listMemorySegments } from '../../domain/translation-memories/list-memory-segments.js';
import { listTranslationMemories } from '../../domain/translation-memories/list-translation-memories.js';
import type { MemoryDeps } from '../../domain/translation-memories/memory-deps.js';
import { fileUrl, findJob, jobView } from '../../domain/translation-memories/memory-job-record.js';
import { findMemory, memoryView } from '../../domain/translation-memories/memory-record.js';
import { parseParams } from '../parse-params.js';

export interface MemoryRouteDeps extends MemoryDeps {
  /** This service's address for upload/download URLs; undefined: the request's own. */
  publicUrl?: string | undefined;
}

export function serviceBaseUrl(deps: Pick<MemoryRouteDeps, 'publicUrl'>, req: Request): string {
  return (deps.publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}

// DeepL's translation memories as deepl-node 1.28 calls them; imports and exports are jobs whose
// files travel through the URLs of translation-memory-files.ts.
export function registerTranslationMemoryRoutes(app: Express, deps: MemoryRouteDeps): void {
  app.get('/v3/translation_memories', async (req, res) => {
    res.json(await listTranslationMemories(deps.db, parseParams(ListTranslationMemoriesQuery, req)));
  });

  app.post('/v3/translation_memories', async (req, res) => {
    res.status(201).json(memoryView(await createTranslationMemory(deps, parseParams(CreateTranslationMemoryRequest, req))));
  });

  app.post('/v3/translation_memories/import', async (req, res) => {
    const job = await createMemoryImport(deps, parseParams(CreateTranslationMemoryImportRequest, req));
    res
      .status(201)
      .json({ job_id: job.id, upload_url: fileUrl(serviceBaseUrl(deps, req), job.token!), expires_at: job.tokenExpiresAt!.toISOString() });
  });

  app.get('/v3/translation_memories/jobs/:jobId', async (req, res) => {
    res.json(jobView(await findJob(deps.db, req.params.jobId), serviceBaseUrl(deps, req), deps.now()));
  });

  app.get('/v3/translation_memories/:id', async (req, res) => {
    res.json(memoryView(await findMemory(deps.db, req.params.id)));
  });

  app.delete('/v3/translation_memories/:id', async (req, res) => {
    await deleteTranslationMemory(deps.db, req.params.id);
    res.status(204).end();
  });

  app.get('/v3/translation_memories/:id/segments', async (req, res) => {
    res.json(await listMemorySegments(deps.db, req.params.id, parseParams(ListTranslationMemorySegmentsQuery, req)));
  });

  app.post('/v3/translation_memories/:id/export', async (req, res) => {
    const { job, reused } = await createMemoryExport(deps, req.params.id);
    res.status(reused ? 200 : 202).json(jobView(job, serviceBaseUrl(deps, req), deps.now()));
  });
}
