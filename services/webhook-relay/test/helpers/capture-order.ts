import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { FanOut } from '../../src/delivery/fan-out.js';
import type { Runtime } from '../../src/domain/runtime.js';
import { createIngest, type Ingest } from '../../src/ingest/create-ingest.js';
import type { VerificationQueueDeps } from '../../src/ingest/verification-queue.js';
import type { DeliveryHarness } from './delivery-harness.js';

export const PROVIDER_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Headers of a request signed for a standard-webhooks endpoint by the official library. */
export function signedByProvider(body: string, id: string): Record<string, string> {
  const now = new Date();
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(PROVIDER_SECRET).sign(id, now, body),
  };
}

/** POSTs to an ingest URL and returns the event id once the capture is committed (no waiting for its check or fan-out). */
export async function capture(url: string, body: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
  return ((await response.json()) as { event_id: string }).event_id;
}

export interface Replica {
  ingest: Ingest;
  /** The same endpoint's ingest URL, on this replica's listener. */
  urlOf(endpointUrl: string): string;
  close(): Promise<void>;
}

/**
 * A second ingest listener on the same database, as another replica would be: its own verification
 * queue (optionally with checks the test holds back or fails), its own clock, and a fan-out or none
 * (none: the replica stops after the commit, before anything else ran).
 */
export async function startReplica(
  h: DeliveryHarness,
  options: { verifyEvents?: VerificationQueueDeps['verifyEvents']; runtime?: Runtime; fanOut?: FanOut | null } = {},
): Promise<Replica> {
  const resources = { ...h.context.deps, runtime: options.runtime ?? h.context.deps.runtime };
  const ingest = createIngest(resources, {
    maxBodyBytes: 1024 * 1024,
    maxBatch: 256,
    sweep: false,
    ...(options.fanOut === null ? {} : { fanOut: options.fanOut ?? h.fanOut }),
    verifyEvents: options.verifyEvents,
  });
  await new Promise<void>((resolve) => ingest.server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(ingest.server.address() as AddressInfo).port}`;
  return {
    ingest,
    urlOf: (endpointUrl) => `${base}${new URL(endpointUrl).pathname}`,
    close: () => ingest.close(),
  };
}

/** A runtime whose clock runs `offsetMs` behind the real one (its events look that old to the sweeps). */
export function runtimeBehind(runtime: Runtime, offsetMs: number): Runtime {
  return { ...runtime, now: () => new Date(runtime.now().getTime() - offsetMs) };
}

/** A gate a test opens once: until then, whoever awaits `opened` waits. */
export function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
