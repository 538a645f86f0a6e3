import type { StatsBucket, StatsWindow } from '@workspace/contracts';
import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import type { Output } from '../output.js';
import { printTable } from '../table.js';

// `destinations health` and `endpoints volume`: the figures the relay counts (GET /v1/destinations/{id}/health,
// GET /v1/endpoints/{id}/volume), with the series as a table of the buckets that had anything.

// The contract's lists (typed against it); the CLI imports only types from the contracts, to keep zod out of its bundle.
const STATS_WINDOWS: readonly StatsWindow[] = ['1h', '24h', '7d'];
const STATS_BUCKETS: readonly StatsBucket[] = ['5m', '1h', '1d'];

interface StatsOptions {
  window?: string;
  bucket?: string;
  json?: boolean;
}

/** The query, checked here so that a typo is a usage error (exit 2); the relay checks the pair (bucket vs window). */
function statsQuery(options: StatsOptions): { window?: StatsWindow; bucket?: StatsBucket } {
  if (options.window !== undefined && !(STATS_WINDOWS as readonly string[]).includes(options.window))
    throw new CliError(`--window must be one of ${STATS_WINDOWS.join(', ')}`, EXIT_USAGE);
  if (options.bucket !== undefined && !(STATS_BUCKETS as readonly string[]).includes(options.bucket))
    throw new CliError(`--bucket must be one of ${STATS_BUCKETS.join(', ')}`, EXIT_USAGE);
  return {
    ...(options.window ? { window: options.window as StatsWindow } : {}),
    ...(options.bucket ? { bucket: options.bucket as StatsBucket } : {}),
  };
}

function withStatsOptions(command: Command): Command {
  return command
    .option('--window <window>', `how far back: ${STATS_WINDOWS.join(', ')} (default 24h)`)
    .option(
      '--bucket <bucket>',
      `the width of each row of the series: ${STATS_BUCKETS.join(', ')} (default: 5m for 1h, 1h for 24h, 1d for 7d)`,
    )
    .option('--json', 'print the answer as JSON');
}

const percent = (rate: number | null) => (rate === null ? 'nothing finished' : `${(rate * 100).toFixed(1)} %`);

function printHealth(output: Output, health: Schemas['DestinationHealth']): void {
  const { deliveries, attempts, latency_ms: latency, last_failure: failure, backlog } = health;
  output.line(`window        ${health.window}, from ${health.from} to ${health.to}`);
  output.line(`success rate  ${percent(health.success_rate)}`);
  output.line(
    `deliveries    ${deliveries.total} (${deliveries.succeeded} succeeded, ${deliveries.retrying} retrying, ${deliveries.pending} pending, ${deliveries.dead_lettered} dead-lettered, ${deliveries.cancelled} cancelled)`,
  );
  output.line(`attempts      ${attempts.total} (${attempts.succeeded} succeeded, ${attempts.failed} failed)`);
  output.line(`latency       ${latency ? `p50 ${latency.p50} ms, p95 ${latency.p95} ms` : '-'}`);
  output.line(
    `last failure  ${failure ? `${failure.at} ${failure.status_code ?? 'no answer'}${failure.error ? ` ${failure.error}` : ''} (delivery ${failure.delivery_id})` : 'none'}`,
  );
  output.line(
    `queue now     ${backlog.pending}${backlog.more ? '+' : ''} waiting${backlog.oldest_pending_at ? `, oldest from ${backlog.oldest_pending_at}` : ''}`,
  );
  const busy = health.series.filter((bucket) => bucket.succeeded + bucket.failed > 0);
  if (busy.length === 0) return output.line(`No attempts in the last ${health.window}.`);
  printTable(
    output,
    ['BUCKET', 'SUCCEEDED', 'FAILED'],
    busy.map((bucket) => [bucket.start, String(bucket.succeeded), String(bucket.failed)]),
  );
}

function printVolume(output: Output, volume: Schemas['EndpointVolume']): void {
  const { totals } = volume;
  output.line(`window      ${volume.window}, from ${volume.from} to ${volume.to}`);
  output.line(
    `events      ${totals.events} (${totals.verified} verified, ${totals.authenticated} authenticated, ${totals.failed} failed, ${totals.unattempted} unattempted, ${totals.pending} pending; ${totals.duplicates} repeats)`,
  );
  const busy = volume.series.filter((bucket) => bucket.events > 0);
  if (busy.length === 0) return output.line(`No events in the last ${volume.window}.`);
  printTable(
    output,
    ['BUCKET', 'EVENTS', 'VERIFIED', 'AUTHENTICATED', 'FAILED', 'UNATTEMPTED', 'PENDING'],
    busy.map((b) => [b.start, b.events, b.verified, b.authenticated, b.failed, b.unattempted, b.pending].map(String)),
  );
}

/** `destinations health <id>`. */
export function registerDestinationHealth(destinations: Command, context: (command: Command) => CommandContext): void {
  withStatsOptions(
    destinations
      .command('health <destination_id>')
      .description('success rate, latency, the last failure, the queue and attempts per bucket over a recent window'),
  ).action(async (id: string, options: StatsOptions, command: Command) => {
    const ctx = context(command);
    const output = ctx.output(options.json);
    const health = await (await ctx.client()).getDestinationHealth(id, statsQuery(options));
    if (output.isJson) return output.json(health);
    printHealth(output, health);
  });
}

/** `endpoints volume <id>`. */
export function registerEndpointVolume(endpoints: Command, context: (command: Command) => CommandContext): void {
  withStatsOptions(
    endpoints.command('volume <endpoint_id>').description('events captured per bucket over a recent window, by verification state'),
  ).action(async (id: string, options: StatsOptions, command: Command) => {
    const ctx = context(command);
    const output = ctx.output(options.json);
    const volume = await (await ctx.client()).getEndpointVolume(id, statsQuery(options));
    if (output.isJson) return output.json(volume);
    printVolume(output, volume);
  });
}
