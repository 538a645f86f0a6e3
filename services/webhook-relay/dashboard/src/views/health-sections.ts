import { barChart } from '../charts.js';
import { facts, h, link, time } from '../dom.js';
import { destinationHealth, HOURS, perHour, readRecent } from '../health.js';
import type { Delivery, EventSummary } from '../types.js';

// What a person looks at first on an endpoint's or a destination's page: how much came in or went out over the
// last day, and whether deliveries are getting through.

const since = (now: Date) => new Date(now.getTime() - HOURS * 3_600_000);
const atLeast = (capped: boolean, count: number) => `${capped ? 'at least ' : ''}${count.toLocaleString()}`;

function milliseconds(value: number): string {
  return value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)} s`;
}

/** Events captured per hour over the last day (by capture time). */
export async function endpointVolumeSection(endpointId: string): Promise<HTMLElement> {
  const now = new Date();
  const recent = await readRecent<EventSummary>(
    '/v1/events',
    { endpoint_id: endpointId, from: since(now).toISOString() },
    since(now),
    (event) => event.received_at,
  );
  return h(
    'section',
    { 'aria-labelledby': 'volume' },
    h('h2', { id: 'volume' }, 'Events, last 24 hours'),
    h('p', null, `${atLeast(recent.capped, recent.items.length)} events captured.`),
    barChart(
      perHour(
        recent.items.map((event) => event.received_at),
        now,
      ),
      'Events captured per hour, last 24 hours',
      'events',
    ),
  );
}

/** Success rate, time to deliver and the last failure of the last day's deliveries, and deliveries per hour. */
export async function destinationHealthSection(destinationId: string): Promise<HTMLElement> {
  const now = new Date();
  const recent = await readRecent<Delivery>(
    '/v1/deliveries',
    { destination_id: destinationId },
    since(now),
    (delivery) => delivery.created_at,
  );
  const health = destinationHealth(recent.items);
  const failure = health.lastFailure;
  return h(
    'section',
    { 'aria-labelledby': 'health' },
    h('h2', { id: 'health' }, 'Health, last 24 hours'),
    facts([
      [
        'Deliveries',
        `${atLeast(recent.capped, health.total)} (${health.succeeded} succeeded, ${health.failedForGood} dead-lettered, ${health.pending} pending)`,
      ],
      [
        'Success rate',
        health.successRate === null
          ? 'nothing finished yet'
          : h(
              'span',
              { id: 'success-rate', class: health.successRate >= 0.99 ? 'ok' : health.successRate >= 0.9 ? 'warn' : 'bad' },
              `${(health.successRate * 100).toFixed(1)} %`,
            ),
      ],
      [
        'Time to deliver',
        health.timeToDeliver
          ? `median ${milliseconds(health.timeToDeliver.median)}, 95th percentile ${milliseconds(health.timeToDeliver.p95)} (from capture to the successful attempt, retries included)`
          : '—',
      ],
      [
        'Last failure',
        failure
          ? h(
              'span',
              { id: 'last-failure' },
              link(`#/deliveries/${failure.id}`, time(failure.created_at)),
              ` · ${failure.last_status ?? 'no answer'}${failure.last_error ? ` · ${failure.last_error}` : ''}`,
            )
          : 'none',
      ],
    ]),
    barChart(
      perHour(
        recent.items.map((delivery) => delivery.created_at),
        now,
      ),
      'Deliveries per hour, last 24 hours',
      'deliveries',
    ),
  );
}
