import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import type { Output } from '../output.js';
import { collect, printTable } from '../table.js';
import { positiveInteger } from './options.js';

type BulkRetry = Schemas['BulkRetry'];
type Selection = Schemas['BulkRetrySelection'];

/** How often --watch asks for progress. */
const WATCH_EVERY_MS = 1000;
const FINISHED = ['succeeded', 'cancelled', 'failed'];

interface SelectionOptions {
  destination: string;
  from?: string;
  to?: string;
  endpoint?: string;
  eventType?: string;
  status?: string;
  json?: boolean;
}

/** --status 502 or --status 5xx. */
function statusFilter(value: string): number | string {
  if (/^[1-5]xx$/.test(value)) return value;
  if (/^\d{3}$/.test(value) && Number(value) >= 100 && Number(value) <= 599) return Number(value);
  throw new CliError('--status must be an HTTP status (e.g. 502) or a class (e.g. 5xx)', EXIT_USAGE);
}

function selectionOf(options: SelectionOptions): Selection {
  const filter = {
    ...(options.endpoint ? { endpoint_id: options.endpoint } : {}),
    ...(options.eventType ? { event_type: options.eventType } : {}),
    ...(options.status ? { last_status: statusFilter(options.status) } : {}),
  };
  return {
    destination_id: options.destination,
    ...(options.from ? { from: options.from } : {}),
    ...(options.to ? { to: options.to } : {}),
    ...(Object.keys(filter).length ? { filter } : {}),
  } as Selection;
}

function selectionCommand(parent: Command, name: string): Command {
  return parent
    .command(name)
    .requiredOption('--destination <destination_id>', 'the destination whose dead letters are sent again')
    .option('--from <time>', 'dead-lettered at or after this ISO time')
    .option('--to <time>', 'dead-lettered before this ISO time (default: now)')
    .option('--endpoint <endpoint_id>', "only dead letters of this endpoint's events")
    .option('--event-type <type>', 'only events of this type')
    .option('--status <status>', 'only dead letters last answered with this status (502) or class (5xx)')
    .option('--json', 'print JSON');
}

const progress = (job: BulkRetry) => (job.total === null ? `${job.retried}` : `${job.retried}/${job.total}`);

function printJob(output: Output, job: BulkRetry): void {
  if (output.isJson) return output.json(job);
  output.line(`id           ${job.id}`);
  output.line(`state        ${job.state}`);
  output.line(`destination  ${job.selection.destination_id}`);
  output.line(`retried      ${progress(job)}`);
  output.line(`created      ${job.created_at}`);
  if (job.started_at) output.line(`started      ${job.started_at}`);
  if (job.finished_at) output.line(`finished     ${job.finished_at}`);
  if (job.error) output.line(`error        ${job.error}`);
}

/** Prints progress until the job finishes (or Ctrl-C); fails when it failed. */
async function watch(ctx: CommandContext, output: Output, job: BulkRetry): Promise<void> {
  const client = await ctx.client();
  let last = '';
  for (;;) {
    const line = `${job.state} ${progress(job)}`;
    if (line !== last) {
      if (output.isJson) output.json(job);
      else output.line(`${ctx.io.clock.now().toISOString()}  ${job.id}  ${job.state}  retried ${progress(job)}`);
      last = line;
    }
    if (FINISHED.includes(job.state) || ctx.io.signal.aborted) break;
    await ctx.io.clock.sleep(WATCH_EVERY_MS, ctx.io.signal);
    if (ctx.io.signal.aborted) break;
    job = await client.getBulkRetry(job.id);
  }
  if (job.state === 'failed') throw new CliError(`bulk retry ${job.id} failed: ${job.error ?? 'no reason given'}`);
}

/** `bulk-retries preview|start|list|get|cancel`: re-send a destination's dead letters as a durable job. */
export function registerBulkRetries(program: Command, context: (command: Command) => CommandContext): void {
  const bulk = program.command('bulk-retries').description("send a destination's dead letters again, as a durable job with progress");

  selectionCommand(bulk, 'preview')
    .description('how many dead letters (and events) a bulk retry of this selection would send again')
    .action(async (options: SelectionOptions, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const preview = await (await ctx.client()).previewBulkRetry(selectionOf(options));
      if (output.isJson) return output.json(preview);
      output.line(
        `${preview.deliveries} dead letter${preview.deliveries === 1 ? '' : 's'} of ${preview.events} event${preview.events === 1 ? '' : 's'}` +
          (preview.oldest ? `, dead-lettered from ${preview.oldest} to ${preview.newest}` : ''),
      );
    });

  selectionCommand(bulk, 'start')
    .description('start a bulk retry of the selection (the worker processes run it)')
    .option('--watch', 'print progress until it finishes')
    .action(async (options: SelectionOptions & { watch?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const job = await (await ctx.client()).startBulkRetry(selectionOf(options));
      if (options.watch) return watch(ctx, output, job);
      if (output.isJson) return output.json(job);
      output.line(`Started bulk retry ${job.id} (${job.state}); follow it with \`webhook-relay bulk-retries get ${job.id} --watch\`.`);
    });

  bulk
    .command('list')
    .description('list bulk retries, newest first')
    .option('--destination <id>', 'only this destination’s')
    .option('--limit <n>', 'at most this many (default 20)')
    .option('--json', 'one JSON object per bulk retry and line')
    .action(async (options: { destination?: string; limit?: string; json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const limit = options.limit === undefined ? 20 : positiveInteger(options.limit, '--limit');
      const query = { limit: Math.min(limit, 100), ...(options.destination ? { destination_id: options.destination } : {}) };
      const shown = await collect((await ctx.client()).listBulkRetriesAll(query), limit);
      if (output.isJson) return shown.forEach((job) => output.json(job));
      if (shown.length === 0) return output.line('No bulk retries.');
      printTable(
        output,
        ['ID', 'STATE', 'DESTINATION', 'RETRIED', 'CREATED'],
        shown.map((job) => [job.id, job.state, job.selection.destination_id, progress(job), job.created_at]),
      );
    });

  bulk
    .command('get <bulk_retry_id>')
    .description('a bulk retry: its state and progress')
    .option('--watch', 'print progress until it finishes')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { watch?: boolean; json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const job = await (await ctx.client()).getBulkRetry(id);
      if (options.watch) return watch(ctx, output, job);
      printJob(output, job);
    });

  bulk
    .command('cancel <bulk_retry_id>')
    .description('stop a queued or running bulk retry (deliveries it already queued still go out)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const job = await (await ctx.client()).cancelBulkRetry(id);
      if (output.isJson) return output.json(job);
      output.line(`Cancelled bulk retry ${job.id} after ${progress(job)} dead letters.`);
    });
}
