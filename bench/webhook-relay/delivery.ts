// Figures (shared/DESIGN.md, webhook-relay): capture-to-delivery latency at 100 events/s (p50 under 50 ms,
// p99 under 250 ms) and delivery throughput across 100 destinations with FIFO held (at least 1,000
// deliveries per second). Runs the real service (dist/server.js, workers in the API process, as the quick
// start does) against local HTTP receivers on this machine.
// Run: pnpm bench:webhook-relay:delivery (needs pnpm build). BENCH_MODE=latency|throughput|both (both),
// BENCH_SECONDS (10, latency phase), BENCH_EVENTS (50 events x 100 destinations, throughput phase).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRelay } from './relay-server.js';

const mode = process.env.BENCH_MODE ?? 'both';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const throughputEvents = Number(process.env.BENCH_EVENTS ?? 50);
const API_KEY = `whk_bench_${'1'.repeat(24)}`;

/** A receiver that records, per request, the body's `seq` and when it arrived. */
async function startReceiver(onBody: (body: { seq: number; sentAt: number }, at: number) => void) {
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      onBody(JSON.parse(Buffer.concat(chunks).toString()), performance.timeOrigin + performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const { server, ingestPort, post: apiCall } = await startRelay({
    database: 'webhook_relay_delivery_bench',
    apiKey: API_KEY,
    logName: 'webhook-relay-delivery',
    env: {
      RELAY_WORKERS_IN_PROCESS: 'true',
      RELAY_QUEUE_PREFIX: `relay-bench-${randomBytes(4).toString('hex')}`,
      RELAY_EGRESS_ALLOW: '127.0.0.1/32',
      RELAY_RECONCILE_INTERVAL_MS: '1000',
    },
  });
  const ingestUrlOf = (created: { ingest_url: string }) => `http://127.0.0.1:${ingestPort}${new URL(created.ingest_url).pathname}`;
  const send = (url: string, seq: number) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seq, sentAt: performance.timeOrigin + performance.now(), pad: 'x'.repeat(400) }) });
  // Workers for new destinations start on the reconciler's next pass.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

  try {
    if (mode === 'latency' || mode === 'both') {
      const latencies: number[] = [];
      const receiver = await startReceiver((body, at) => latencies.push(at - body.sentAt));
      const endpoint = await apiCall('/v1/endpoints', { name: 'latency' });
      const destination = await apiCall('/v1/destinations', { name: 'latency', url: receiver.url });
      await apiCall('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
      await settle();
      const url = ingestUrlOf(endpoint);
      const total = seconds * 100;
      const started = performance.now();
      const sends: Array<Promise<unknown>> = [];
      for (let seq = 0; seq < total; seq += 1) {
        // 100 events per second, evenly spaced (open loop: a slow answer does not slow the sender).
        const due = started + seq * 10;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        sends.push(send(url, seq));
      }
      await Promise.all(sends);
      const deadline = Date.now() + 30_000;
      while (latencies.length < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const sorted = [...latencies].sort((a, b) => a - b);
      console.log(`latency: ${latencies.length}/${total} delivered at 100 events/s for ${seconds} s; capture-to-delivery p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms (targets: p50 < 50, p99 < 250)`);
      await receiver.close();
    }

    if (mode === 'throughput' || mode === 'both') {
      const DESTINATIONS = 100;
      const arrivals: number[] = [];
      const orders: number[][] = Array.from({ length: DESTINATIONS }, () => []);
      const receivers = await Promise.all(Array.from({ length: DESTINATIONS }, (_, index) => startReceiver((body, at) => {
        orders[index]!.push(body.seq);
        arrivals.push(at);
      })));
      const endpoint = await apiCall('/v1/endpoints', { name: 'throughput' });
      for (const [index, receiver] of receivers.entries()) {
        const destination = await apiCall('/v1/destinations', { name: `fleet-${index}`, url: receiver.url });
        await apiCall('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
      }
      await settle();
      const url = ingestUrlOf(endpoint);
      const expected = throughputEvents * DESTINATIONS;
      const started = performance.timeOrigin + performance.now();
      // Captured in order (one sender), as fast as ingest takes them; each fans out to 100 destinations.
      for (let seq = 0; seq < throughputEvents; seq += 1) await send(url, seq);
      const deadline = Date.now() + 120_000;
      while (arrivals.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const elapsedS = (Math.max(...arrivals) - started) / 1000;
      const fifoHeld = orders.every((order) => order.every((seq, index) => index === 0 || seq >= order[index - 1]!));
      const complete = orders.every((order) => new Set(order).size === throughputEvents);
      console.log(`throughput: ${arrivals.length}/${expected} deliveries to ${DESTINATIONS} destinations in ${elapsedS.toFixed(2)} s = ${(arrivals.length / elapsedS).toFixed(0)} deliveries/s (target >= 1000); FIFO held on every destination: ${fifoHeld}; every event delivered everywhere: ${complete}`);
      await Promise.all(receivers.map((receiver) => receiver.close()));
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
