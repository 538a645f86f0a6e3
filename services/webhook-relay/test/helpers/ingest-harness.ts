import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { createIngest, type Ingest } from '../../src/ingest/create-ingest.js';
import type { TestContext } from './test-app.js';

export interface IngestHarness {
  ingest: Ingest;
  /** Base URL of the listening ingest server, e.g. http://127.0.0.1:40123 */
  url: string;
  /** The path of an ingest URL handed out by the API (its token). */
  pathOf(ingestUrl: string): string;
  close(): Promise<void>;
  /**
   * POSTs a JSON `body` to an ingest URL, signed with a Standard Webhooks `secret` (the official library) at `at`;
   * answers with the event id of its 200.
   */
  sendSigned(ingestUrl: string, secret: string, body: string, options: { id: string; at: Date }): Promise<string>;
}

/** A real ingest listener on a free port, on the test context's database. */
export async function startIngest(
  context: TestContext,
  options: { maxBodyBytes?: number; maxBatch?: number; usageFlushMs?: number } = {},
): Promise<IngestHarness> {
  const ingest = createIngest(context.deps, {
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    maxBatch: options.maxBatch ?? 256,
    sweep: false,
    ...(options.usageFlushMs ? { usageFlushMs: options.usageFlushMs } : {}),
  });
  await new Promise<void>((resolve) => ingest.server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(ingest.server.address() as AddressInfo).port}`;
  return {
    ingest,
    url,
    pathOf: (ingestUrl) => new URL(ingestUrl).pathname,
    close: () => ingest.close(),
    async sendSigned(ingestUrl, secret, body, { id, at }) {
      const response = await fetch(`${url}${new URL(ingestUrl).pathname}`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(id, at, body),
        },
      });
      if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { event_id: string }).event_id;
    },
  };
}

export type { Server };
