import { BulkRetrySelection, ListBulkRetriesQuery } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { findBulkRetry, listBulkRetries } from '../../domain/bulk-retries/bulk-retry-view.js';
import { cancelBulkRetry } from '../../domain/bulk-retries/cancel-bulk-retry.js';
import { previewBulkRetry } from '../../domain/bulk-retries/preview-bulk-retry.js';
import { startBulkRetry } from '../../domain/bulk-retries/start-bulk-retry.js';
import type { Deps } from '../../deps.js';
import { presentBulkRetry, presentBulkRetryPreview } from '../bulk-retry-presenters.js';
import { idParam, parseInput } from '../parse.js';
import { presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

/** Bulk retry of a destination's dead letters (docs/bulk-retry.md): preview, start, list, get, cancel. */
export function registerBulkRetryRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime } = deps;
  app.post(
    '/v1/bulk-retries/preview',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(BulkRetrySelection, req.body);
      const counts = await previewBulkRetry({ tx, tenantId: principal.tenantId, runtime, input });
      return { status: 200, body: presentBulkRetryPreview(counts) };
    }),
  );
  app.post(
    '/v1/bulk-retries',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(BulkRetrySelection, req.body);
      const job = await startBulkRetry({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, input });
      return { status: 202, body: presentBulkRetry(job) };
    }),
  );
  app.get(
    '/v1/bulk-retries',
    tenantHandler(deps, async ({ req, tx }) => {
      const query = parseInput(ListBulkRetriesQuery, req.query);
      return { status: 200, body: presentPage(await listBulkRetries({ tx, page: query }), presentBulkRetry) };
    }),
  );
  app.get(
    '/v1/bulk-retries/:bulk_retry_id',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentBulkRetry(await findBulkRetry(tx, idParam(req, 'bulk_retry_id'))),
    })),
  );
  app.post(
    '/v1/bulk-retries/:bulk_retry_id/cancel',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const id = idParam(req, 'bulk_retry_id');
      const job = await cancelBulkRetry({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, id });
      return { status: 200, body: presentBulkRetry(job) };
    }),
  );
}
