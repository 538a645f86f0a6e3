// The CPU the metrics calls themselves cost per request, measured in-process without any I/O: the low-noise
// half of the overhead benches (webhook-relay/metrics-overhead.ts, translator/metrics-overhead.ts), whose
// end-to-end figures swing by more than the effect on a shared machine. Each bench divides this by the CPU a
// request costs the service without metrics, measured in the same run.
import { performance } from 'node:perf_hooks';
import { ServiceMetrics } from '@workspace/service-kit';

const ITERATIONS = 1_000_000;

function nsPer(work: (i: number) => void): number {
  for (let i = 0; i < 200_000; i += 1) work(i); // warm the JIT
  const runs: number[] = [];
  // The fastest of 3: what the calls cost when this process is not preempted by others.
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    for (let i = 0; i < ITERATIONS; i += 1) work(i);
    runs.push(((performance.now() - started) * 1e6) / ITERATIONS);
  }
  return Math.min(...runs);
}

/**
 * What a captured ingest request records: its outcome counter and duration histogram, the verification
 * counter after the commit, and the time reads around it (as src/ingest/ingest-server.ts and
 * verification-queue.ts do).
 */
export function ingestInstrumentationNs(): number {
  const metrics = new ServiceMetrics({ enabled: true, service: 'bench' });
  const requests = metrics.counter({ name: 'relay_ingest_requests_total', help: 'x', labelNames: ['outcome'] });
  const duration = metrics.histogram({ name: 'relay_ingest_request_duration_seconds', help: 'x', labelNames: ['outcome'] });
  const verifications = metrics.counter({ name: 'relay_verifications_total', help: 'x', labelNames: ['state', 'cause'] });
  return nsPer((i) => {
    const started = performance.now();
    requests.inc({ outcome: 'captured' });
    duration.observe({ outcome: 'captured' }, (performance.now() - started + (i % 50)) / 1000);
    verifications.inc({ state: 'verified', cause: 'none' });
  });
}

/**
 * What one POST /v2/translate of one paragraph records: the HTTP duration histogram and its 456 check, the
 * characters counter, and one queue-wait observation per segment (`segments`).
 */
export function translateInstrumentationNs(segments: number): number {
  const metrics = new ServiceMetrics({ enabled: true, service: 'bench' });
  const http = metrics.histogram({ name: 'http_request_duration_seconds', help: 'x', labelNames: ['method', 'route', 'status'] });
  const characters = metrics.counter({
    name: 'translator_characters_translated_total',
    help: 'x',
    labelNames: ['engine', 'source', 'target'],
  });
  const queueWait = metrics.histogram({ name: 'translator_engine_queue_wait_seconds', help: 'x' });
  return nsPer((i) => {
    const started = performance.now();
    characters.inc({ engine: 'apertium', source: 'EN', target: 'ES' }, 400);
    for (let segment = 0; segment < segments; segment += 1) queueWait.observe(((i + segment) % 20) / 1000);
    const status = 200;
    if (status === (i === -1 ? 200 : 456)) characters.inc({ engine: 'never', source: 'x', target: 'y' });
    http.observe({ method: 'POST', route: '/v2/translate', status: String(status) }, (performance.now() - started + (i % 50)) / 1000);
  });
}
