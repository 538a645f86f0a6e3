// Figures (ARCHITECTURE.md, webhook-relay): capture-to-delivery latency at 100 events/s (p50 under 50 ms,
// p99 under 250 ms; every other event signed for a verifying endpoint, the others plain on a second
// endpoint, both feeding one destination, so verified events and the capture-order holds they cause
// are in the figure) and delivery throughput across 100 destinations with FIFO held (at least 1,000
// deliveries per second). Runs the real service (dist/server.js, workers in the API process, as the quick
// start does) against local HTTP receivers on this machine.
// Run: pnpm bench:webhook-relay:delivery (needs pnpm build). BENCH_MODE=latency|throughput|both (both),
// BENCH_SECONDS (10, latency phase), BENCH_EVENTS (50 events x 100 destinations, throughput phase),
// BENCH_PARTITION_DAYS (0: with N, every plan gets N days of partition ranges behind today first, as a relay that
// has run N days holds; 30 is the steady state of a relay with every plan in use, about 125 partitions per table).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePastRanges, startRelay } from './relay-server.js';

const mode = process.env.BENCH_MODE ?? 'both';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const throughputEvents = Number(process.env.BENCH_EVENTS ?? 50);
const partitionDays = Number(process.env.BENCH_PARTITION_DAYS ?? 0);
const WARM_UP_S = 2;
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A Standard Webhooks provider's signature (the relay verifies it before fan-out).
const PROVIDER_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
function standardWebhookHeaders(id: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(PROVIDER_SECRET.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const {
    server,
    ingestPort,
    post: apiCall,
  } = await startRelay({
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
  if (partitionDays > 0)
    console.log(
      `${await makePastRanges('webhook_relay_delivery_bench', partitionDays)} partitions of events (${partitionDays} days of ranges)`,
    );
  const ingestUrlOf = (created: { ingest_url: string }) => `http://127.0.0.1:${ingestPort}${new URL(created.ingest_url).pathname}`;
  const send = (url: string, seq: number, signed = false) => {
    const body = JSON.stringify({ seq, sentAt: performance.timeOrigin + performance.now(), pad: 'x'.repeat(400) });
    const headers = { 'content-type': 'application/json', ...(signed ? standardWebhookHeaders(`msg_${seq}`, body) : {}) };
    return fetch(url, { method: 'POST', headers, body });
  };
  // Workers for new destinations start on the reconciler's next pass.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

  try {
    if (mode === 'latency' || mode === 'both') {
      const latencies: number[] = [];
      const steadyLatencies: number[] = [];
      const verifiedLatencies: number[] = [];
      const arrivalOrder: number[] = [];
      const receiver = await startReceiver((body, at) => {
        latencies.push(at - body.sentAt);
        if (body.seq >= WARM_UP_S * 100) steadyLatencies.push(at - body.sentAt);
        if (body.seq % 2 === 0) verifiedLatencies.push(at - body.sentAt);
        arrivalOrder.push(body.seq);
      });
      const verifying = await apiCall('/v1/endpoints', { name: 'latency verified', provider: 'standard-webhooks' });
      await apiCall(`/v1/endpoints/${verifying.id}/secrets`, { secret: PROVIDER_SECRET });
      const plain = await apiCall('/v1/endpoints', { name: 'latency plain' });
      const destination = await apiCall('/v1/destinations', { name: 'latency', url: receiver.url });
      await apiCall('/v1/subscriptions', { endpoint_id: verifying.id, destination_id: destination.id });
      await apiCall('/v1/subscriptions', { endpoint_id: plain.id, destination_id: destination.id });
      await settle();
      const verifiedUrl = ingestUrlOf(verifying);
      const plainUrl = ingestUrlOf(plain);
      const total = seconds * 100;
      const started = performance.now();
      const sends: Array<Promise<unknown>> = [];
      const sentAt: number[] = [];
      const answeredAt: number[] = [];
      for (let seq = 0; seq < total; seq += 1) {
        // 100 events per second, evenly spaced (open loop: a slow answer does not slow the sender).
        const due = started + seq * 10;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        sentAt[seq] = performance.now();
        sends.push((seq % 2 === 0 ? send(verifiedUrl, seq, true) : send(plainUrl, seq)).then(() => (answeredAt[seq] = performance.now())));
      }
      await Promise.all(sends);
      const deadline = Date.now() + 30_000;
      while (latencies.length < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const sorted = [...latencies].sort((a, b) => a - b);
      // Steady state: events sent after the first WARM_UP_S seconds (the service's first seconds after start
      // are also its JIT warm-up and its first connections and plans, which the overall figure includes).
      const steady = [...steadyLatencies].sort((a, b) => a - b);
      const verifiedSorted = [...verifiedLatencies].sort((a, b) => a - b);
      // Capture order as a sender can see it: an event answered before another was sent must arrive first
      // (open loop, so requests may overlap; overlapping ones have no order to keep).
      const position = new Map(arrivalOrder.map((seq, index) => [seq, index]));
      let inOrder = true;
      for (let a = 0; a < total; a += 1)
        for (let b = a + 1; b < total; b += 1) if (answeredAt[a]! < sentAt[b]! && position.get(b)! < position.get(a)!) inOrder = false;
      console.log(
        `latency: ${latencies.length}/${total} delivered at 100 events/s for ${seconds} s (half signed and verified); capture-to-delivery p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms (targets: p50 < 50, p99 < 250); verified events p50 ${percentile(verifiedSorted, 50).toFixed(1)} ms, p99 ${percentile(verifiedSorted, 99).toFixed(1)} ms; after the first ${WARM_UP_S} s: p50 ${percentile(steady, 50).toFixed(1)} ms, p99 ${percentile(steady, 99).toFixed(1)} ms; capture order kept: ${inOrder}`,
      );
      await receiver.close();
    }

    if (mode === 'throughput' || mode === 'both') {
      const DESTINATIONS = 100;
      const arrivals: number[] = [];
      const orders: number[][] = Array.from({ length: DESTINATIONS }, () => []);
      const receivers = await Promise.all(
        Array.from({ length: DESTINATIONS }, (_, index) =>
          startReceiver((body, at) => {
            orders[index]!.push(body.seq);
            arrivals.push(at);
          }),
        ),
      );
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
      console.log(
        `throughput: ${arrivals.length}/${expected} deliveries to ${DESTINATIONS} destinations in ${elapsedS.toFixed(2)} s = ${(arrivals.length / elapsedS).toFixed(0)} deliveries/s (target >= 1000); FIFO held on every destination: ${fifoHeld}; every event delivered everywhere: ${complete}`,
      );
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
