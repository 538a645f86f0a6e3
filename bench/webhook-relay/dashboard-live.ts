// How fast a captured event shows in an open dashboard (issue 26's figure: p95 under 1 s at 50 events/s).
// Starts the relay as in production (node dist/server.js, workers in process), opens the dashboard's events page in
// Debian's chromium (playwright-core) signed in with an API key, then posts Stripe-signed webhooks to an endpoint at a
// steady rate. The page records when each event's row appears and when it turns "verified" (a MutationObserver, the
// page's own clock); the load generator records when ingest answered (the event is committed). Both clocks are the
// machine's. Reports p50/p95/p99/max of capture -> row shown and capture -> shown verified, and events never shown.
// Usage: pnpm bench:webhook-relay:dashboard (needs `pnpm build`); BENCH_RATE (events/s, default 50), BENCH_SECONDS (30).
import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';
import Stripe from 'stripe';
import { startRelay } from './relay-server.js';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const API_KEY = `whk_bench_${randomBytes(12).toString('hex')}`;
const SECRET = 'whsec_bench_dashboard_live';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

async function main(): Promise<void> {
  const relay = await startRelay({
    database: 'bench_relay_dashboard',
    apiKey: API_KEY,
    logName: 'relay-dashboard-live',
    env: { RELAY_WORKERS_IN_PROCESS: 'true', RELAY_QUEUE_PREFIX: `bench-dash-${randomBytes(4).toString('hex')}` },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const endpoint = await relay.post('/v1/endpoints', { name: 'live bench', provider: 'stripe' });
    await relay.post(`/v1/endpoints/${endpoint.id}/secrets`, { secret: SECRET });
    const ingest = `http://127.0.0.1:${relay.ingestPort}${new URL(endpoint.ingest_url).pathname}`;

    const page = await browser.newPage();
    // Signed in through the browser context's own request client, which shares the page's cookies.
    const signIn = await page.context().request.post(`${relay.server.url}/auth/session`, { data: { api_key: API_KEY } });
    if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
    await page.goto(`${relay.server.url}/dashboard/#/events`);
    await page.getByText('Live: new events appear as they are captured').waitFor({ timeout: 30_000 });
    // A string, not a function: tsx would wrap a function's inner helpers in its own __name(), unknown in the page.
    await page.evaluate(`(() => {
      const seen = {};
      globalThis.seen = seen;
      const note = (row) => {
        const id = row.getAttribute('data-event-id');
        if (!id) return;
        const entry = (seen[id] ??= {});
        entry.shown ??= Date.now();
        if (!entry.verified && row.textContent.includes('verified')) entry.verified = Date.now();
      };
      new MutationObserver((mutations) => {
        for (const mutation of mutations) for (const node of mutation.addedNodes) if (node instanceof Element && node.matches('tr')) note(node);
      }).observe(document.querySelector('#events-table tbody'), { childList: true });
    })()`);

    const captured = new Map<string, number>();
    const failures: string[] = [];
    const total = RATE * SECONDS;
    const started = Date.now();
    const sends: Promise<void>[] = [];
    for (let index = 0; index < total; index++) {
      const due = started + (index * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const body = JSON.stringify({ id: `evt_${index}`, type: 'invoice.paid', data: { object: { amount: index } } });
      sends.push(
        fetch(ingest, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }),
          },
          body,
        }).then(async (response) => {
          const at = Date.now();
          if (response.status !== 200) return void failures.push(`ingest answered ${response.status}`);
          captured.set(((await response.json()) as { event_id: string }).event_id, at);
        }),
      );
    }
    await Promise.all(sends);
    const sentSeconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const seen = (await page.evaluate('globalThis.seen')) as Record<string, { shown?: number; verified?: number }>;

    const shown: number[] = [];
    const verified: number[] = [];
    let missing = 0;
    for (const [id, at] of captured) {
      const entry = seen[id];
      if (!entry?.shown) missing += 1;
      else shown.push(Math.max(0, entry.shown - at));
      if (entry?.verified) verified.push(Math.max(0, entry.verified - at));
    }
    const result = {
      rate_per_second: RATE,
      seconds: SECONDS,
      achieved_rate: Math.round(total / sentSeconds),
      captured: captured.size,
      ingest_failures: failures.length,
      never_shown: missing,
      capture_to_shown_ms: summary(shown),
      capture_to_shown_verified_ms: summary(verified),
      target: 'capture_to_shown_ms.p95 < 1000',
      met: summary(shown).p95 < 1000 && missing === 0,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await relay.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
