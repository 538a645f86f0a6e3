import { stackedBarChart } from '../charts.js';
import { facts, h, link, time } from '../dom.js';
import { hourLabel, milliseconds, readDestinationHealth, readEndpointVolume } from '../health.js';

// What a person looks at first on an endpoint's or a destination's page: how much came in over the last day, and
// whether deliveries are getting through. The relay counts the figures; this draws them.

const starts = (series: Array<{ start: string }>) => series.map((bucket) => new Date(bucket.start));

/** Events captured per hour over the last day, by verification state. */
export async function endpointVolumeSection(endpointId: string): Promise<HTMLElement> {
  const volume = await readEndpointVolume(endpointId);
  const { totals, series } = volume;
  return h(
    'section',
    { 'aria-labelledby': 'volume' },
    h('h2', { id: 'volume' }, 'Events, last 24 hours'),
    h(
      'p',
      { id: 'volume-total' },
      `${totals.events.toLocaleString()} events captured: ${totals.verified + totals.authenticated} verified, ${totals.failed} failed, ${totals.unattempted} unattempted, ${totals.pending} pending.`,
    ),
    stackedBarChart({
      caption: 'Events captured per hour, last 24 hours',
      starts: starts(series),
      bucketLabel: hourLabel,
      layers: [
        { label: 'Verified', colour: 'ok', values: series.map((bucket) => bucket.verified + bucket.authenticated) },
        { label: 'Unattempted', colour: 'muted', values: series.map((bucket) => bucket.unattempted) },
        { label: 'Pending', colour: 'accent', values: series.map((bucket) => bucket.pending) },
        { label: 'Failed', colour: 'bad', values: series.map((bucket) => bucket.failed) },
      ],
    }),
  );
}

/** Success rate, latency, the last failure and the queue of the last day's deliveries, and attempts per hour. */
export async function destinationHealthSection(destinationId: string): Promise<HTMLElement> {
  const health = await readDestinationHealth(destinationId);
  const { deliveries, attempts, latency_ms: latency, last_failure: failure, backlog, success_rate: rate } = health;
  return h(
    'section',
    { 'aria-labelledby': 'health' },
    h('h2', { id: 'health' }, 'Health, last 24 hours'),
    facts([
      [
        'Deliveries',
        `${deliveries.total.toLocaleString()} (${deliveries.succeeded} succeeded, ${deliveries.dead_lettered} dead-lettered, ${deliveries.retrying} retrying, ${deliveries.pending} pending)`,
      ],
      [
        'Success rate',
        rate === null
          ? 'nothing finished yet'
          : h('span', { id: 'success-rate', class: rate >= 0.99 ? 'ok' : rate >= 0.9 ? 'warn' : 'bad' }, `${(rate * 100).toFixed(1)} %`),
      ],
      ['Attempts', `${attempts.total.toLocaleString()} (${attempts.succeeded} succeeded, ${attempts.failed} failed)`],
      ['Latency', latency ? `median ${milliseconds(latency.p50)}, 95th percentile ${milliseconds(latency.p95)} (per attempt)` : '—'],
      [
        'Last failure',
        failure
          ? h(
              'span',
              { id: 'last-failure' },
              link(`#/deliveries/${failure.delivery_id}`, time(failure.at)),
              ` · ${failure.status_code ?? 'no answer'}${failure.error ? ` · ${failure.error}` : ''}`,
            )
          : 'none',
      ],
      [
        'Waiting now',
        h(
          'span',
          { id: 'backlog' },
          `${backlog.pending.toLocaleString()}${backlog.more ? '+' : ''}`,
          ...(backlog.oldest_pending_at ? [', the oldest from ', time(backlog.oldest_pending_at)] : []),
        ),
      ],
    ]),
    stackedBarChart({
      caption: 'Delivery attempts per hour, last 24 hours',
      starts: starts(health.series),
      bucketLabel: hourLabel,
      layers: [
        { label: 'Succeeded', colour: 'ok', values: health.series.map((bucket) => bucket.succeeded) },
        { label: 'Failed', colour: 'bad', values: health.series.map((bucket) => bucket.failed) },
      ],
    }),
  );
}
