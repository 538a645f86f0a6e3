import type { TestTransformationRequest, TransformationTestResult } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { transformDelivery } from '../../delivery/transform/transform-delivery.js';
import { RelayError } from '../relay-error.js';
import { retentionWindow } from '../retention/retention-window.js';
import type { Runtime } from '../runtime.js';
import { capturedEventInput } from './captured-event-input.js';
import { findTransformationVersion } from './transformation-view.js';

/**
 * The test console: runs code (not saved yet) or a saved version on a captured event exactly as a delivery to this
 * destination would, and shows the request it would send (as signed), or why it drops or fails, with its logs.
 * Sends and saves nothing.
 */
export async function testTransformation(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  destinationId: string;
  input: TestTransformationRequest;
}): Promise<TransformationTestResult> {
  const { tx, destinationId, input } = options;
  const destination = await tx.destination.findFirst({ where: { id: destinationId, deletedAt: null }, select: { url: true } });
  if (!destination) throw new RelayError('not_found', `destination ${destinationId} not found`);
  const code = input.code ?? (await findTransformationVersion(tx, destinationId, input.version!)).code;
  const window = await retentionWindow(tx, options.tenantId, options.runtime.now());
  const event = await capturedEventInput(tx, input.event_id, window);
  const result = await transformDelivery(code, { tenantId: options.tenantId, url: destination.url, ...event });
  const shown = { logs: result.logs, duration_ms: result.durationMs };
  if (result.kind === 'unavailable') throw new RelayError('unavailable', 'the transformation sandbox is unavailable; retry shortly');
  if (result.kind === 'failed') return { outcome: 'failed', request: null, error: result.error, ...shown };
  if (result.kind === 'dropped') return { outcome: 'dropped', request: null, error: null, ...shown };
  const { method, url, headers, body } = result.request;
  return { outcome: 'send', request: { method, url, headers, body: body.toString('utf8') }, error: null, ...shown };
}
