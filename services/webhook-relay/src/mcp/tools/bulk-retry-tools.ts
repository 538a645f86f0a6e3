import { BulkRetrySelection, ListBulkRetriesQuery } from '@workspace/contracts';
import { z } from 'zod';
import { findBulkRetry, listBulkRetries } from '../../domain/bulk-retries/bulk-retry-view.js';
import { cancelBulkRetry } from '../../domain/bulk-retries/cancel-bulk-retry.js';
import { previewBulkRetry } from '../../domain/bulk-retries/preview-bulk-retry.js';
import { startBulkRetry } from '../../domain/bulk-retries/start-bulk-retry.js';
import type { TenantTx } from '../../db/prisma.js';
import { presentBulkRetry, presentBulkRetryPreview } from '../../http/bulk-retry-presenters.js';
import { presentPage } from '../../http/presenters.js';
import { defineTool, type RelayTool, type ToolContext } from './tool-definition.js';

const bulkRetryId = z.object({ bulk_retry_id: z.uuid({ error: 'bulk_retry_id must be a UUID' }) }).strict();
const inTenant = <T>(context: ToolContext, work: (tx: TenantTx) => Promise<T>) =>
  context.deps.tenants.run(context.principal.tenantId, work);

/** Bulk retry of dead letters (docs/bulk-retry.md), the same operations as /v1/bulk-retries. */
export const BULK_RETRY_TOOLS: RelayTool[] = [
  defineTool({
    name: 'bulk_retries.preview',
    mirrors: 'previewBulkRetry',
    title: 'Preview a bulk retry',
    description:
      'How many of a destination\'s dead letters (and distinct events) a bulk retry of this selection would send again: dead-lettered in [from, to), optionally by endpoint, event type or last status (502 or "5xx"). Changes nothing.',
    input: BulkRetrySelection,
    readOnly: true,
    run: (context, input) =>
      inTenant(context, async (tx) =>
        presentBulkRetryPreview(await previewBulkRetry({ tx, tenantId: context.principal.tenantId, runtime: context.deps.runtime, input })),
      ),
  }),
  defineTool({
    name: 'bulk_retries.start',
    mirrors: 'startBulkRetry',
    title: 'Start a bulk retry',
    description:
      "Starts a durable job that sends the selection's dead letters again to their destination, in their order, as new deliveries. Follow it with bulk_retries.get.",
    input: BulkRetrySelection,
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) =>
        presentBulkRetry(
          await startBulkRetry({
            tx,
            tenantId: context.principal.tenantId,
            runtime: context.deps.runtime,
            actor: context.principal.actor,
            input,
          }),
        ),
      ),
  }),
  defineTool({
    name: 'bulk_retries.list',
    mirrors: 'listBulkRetries',
    title: 'List bulk retries',
    description: 'Bulk retries of the tenant, newest first, with their state and progress (pass next_cursor back as cursor).',
    input: ListBulkRetriesQuery,
    readOnly: true,
    run: (context, input) => inTenant(context, async (tx) => presentPage(await listBulkRetries({ tx, page: input }), presentBulkRetry)),
  }),
  defineTool({
    name: 'bulk_retries.get',
    mirrors: 'getBulkRetry',
    title: 'Get a bulk retry',
    description: 'One bulk retry: queued, running, succeeded, cancelled or failed, and its progress (retried of total).',
    input: bulkRetryId,
    readOnly: true,
    run: (context, input) => inTenant(context, async (tx) => presentBulkRetry(await findBulkRetry(tx, input.bulk_retry_id))),
  }),
  defineTool({
    name: 'bulk_retries.cancel',
    mirrors: 'cancelBulkRetry',
    title: 'Cancel a bulk retry',
    description: 'Stops a queued or running bulk retry: nothing more is queued after it answers (an error once it finished).',
    input: bulkRetryId,
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) =>
        presentBulkRetry(
          await cancelBulkRetry({
            tx,
            tenantId: context.principal.tenantId,
            runtime: context.deps.runtime,
            actor: context.principal.actor,
            id: input.bulk_retry_id,
          }),
        ),
      ),
  }),
];
