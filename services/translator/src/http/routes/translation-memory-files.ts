import express, { type Express } from 'express';
import { downloadMemoryExport } from '../../domain/translation-memories/download-memory-export.js';
import { receiveMemoryUpload } from '../../domain/translation-memories/receive-memory-upload.js';
import { MEMORY_FILE_PATH } from '../../domain/translation-memories/memory-job-record.js';
import type { MemoryDeps } from '../../domain/translation-memories/memory-deps.js';

// The pre-signed URLs of translation-memory imports and exports. deepl-node sends no API key here (as
// to DeepL's storage): the unguessable, single-use, expiring token in the path is the permission.
export function registerTranslationMemoryFileRoutes(app: Express, deps: MemoryDeps): void {
  app.put(`${MEMORY_FILE_PATH}/:token`, express.raw({ type: () => true, limit: deps.maxMemoryFileBytes }), async (req, res) => {
    const file = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await receiveMemoryUpload(deps, req.params.token, file, req.headers['content-type']);
    res.status(200).end();
  });

  app.get(`${MEMORY_FILE_PATH}/:token`, async (req, res) => {
    const { file, fileName } = await downloadMemoryExport(deps, req.params.token);
    res.attachment(fileName).type('application/xml').send(file);
  });
}
