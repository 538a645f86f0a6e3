// How long a notification takes to leave (the notifications issue's target: within 60 s of the failure that opens
// the issue). Starts the relay as in production (node dist/server.js, workers in process, so the notifier runs
// there with its default RELAY_NOTIFICATION_POLL_MS), registers a webhook notification target on a loopback
// receiver through the API, then, BENCH_SAMPLES times (50), queues one notification through the API
// (POST /v1/notification-targets/{id}/test: the same outbox insert as enqueueNotification, answered 201 after its
// commit) and times that answer -> the signed POST arriving. Samples are spaced by a random 0-1.5 s, so they fall
// anywhere in the notifier's poll. Reports p50/p95/max.
// Usage: pnpm bench:webhook-relay:notification-delay (needs `pnpm build`); BENCH_SAMPLES (50).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRelay } from './relay-server.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const API_KEY = `whk_bench_${randomBytes(12).toString('hex')}`;
const DATABASE = 'bench_relay_notification_delay';

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { count: sorted.length, p50: at(50), p95: at(95), max: sorted.at(-1) ?? Number.NaN };
}

/** Standard Webhooks: v1,<base64 HMAC-SHA256 of id.timestamp.body> under the whsec_ key. */
function verifies(secret: string, headers: Record<string, string | string[] | undefined>, body: Buffer): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = Buffer.concat([Buffer.from(`${headers['webhook-id']}.${headers['webhook-timestamp']}.`), body]);
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(headers['webhook-signature']).split(' ').includes(expected);
}

async function main(): Promise<void> {
  const arrivals = new Map<string, number>();
  let unverified = 0;
  let secret = '';
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks);
      if (!verifies(secret, req.headers, body)) unverified += 1;
      const id = String(req.headers['webhook-id']);
      if (!arrivals.has(id)) arrivals.set(id, at);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notifications`;

  const relay = await startRelay({
    database: DATABASE,
    apiKey: API_KEY,
    logName: 'relay-notification-delay',
    env: {
      RELAY_WORKERS_IN_PROCESS: 'true',
      RELAY_EGRESS_ALLOW: '127.0.0.1/32',
      RELAY_QUEUE_PREFIX: `bench-notify-${randomBytes(4).toString('hex')}`,
    },
  });
  try {
    const target = (await relay.post('/v1/notification-targets', { kind: 'webhook', url: receiverUrl })) as unknown as {
      id: string;
      secret: string;
    };
    secret = target.secret;
    const committed = new Map<string, number>();
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      const queued = await relay.post(`/v1/notification-targets/${target.id}/test`, {});
      committed.set(queued.id, performance.now());
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1500));
    }
    const deadline = Date.now() + 90_000;
    while (arrivals.size < SAMPLES && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const delays = [...committed].flatMap(([id, at]) => (arrivals.has(id) ? [arrivals.get(id)! - at] : []));
    const figures = summary(delays);
    const round = (value: number) => Math.round(value);
    process.stdout.write(
      `${JSON.stringify({
        samples: SAMPLES,
        received: figures.count,
        missed: SAMPLES - figures.count,
        unverified,
        delay_ms: { p50: round(figures.p50), p95: round(figures.p95), max: round(figures.max) },
      })}\n`,
    );
  } finally {
    await relay.server.stop();
    receiver.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
