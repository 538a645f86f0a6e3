import type { Endpoint } from '@workspace/contracts';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { commaList } from '../table.js';
import { positiveInteger } from './options.js';
import { registerProviderSecrets } from './provider-secrets.js';
import { registerEndpointEventTypes } from './event-types.js';
import { registerEndpointVolume } from './stats.js';

interface JsonOption {
  json?: boolean;
}

export function registerEndpoints(program: Command, context: (command: Command) => CommandContext): void {
  const endpoints = program.command('endpoints').description('create, list, rotate and delete endpoints (ingest URLs)');
  registerEndpointVolume(endpoints, context);
  registerEndpointEventTypes(endpoints, context);

  endpoints
    .command('create <name>')
    .description('create an endpoint; prints its id and its ingest URL')
    .option('--provider <slug>', 'verify signatures of this provider (e.g. stripe, github, standard-webhooks)')
    .option('--json', 'print the endpoint as JSON')
    .action(async (name: string, options: JsonOption & { provider?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const endpoint = await (await ctx.client()).createEndpoint({ name, ...(options.provider ? { provider: options.provider } : {}) });
      if (output.isJson) return output.json(endpoint);
      output.line(`Created endpoint ${endpoint.name}`);
      output.line(`id          ${endpoint.id}`);
      output.line(`ingest URL  ${endpoint.ingest_url}`);
    });

  endpoints
    .command('list')
    .description('list endpoints, newest first')
    .option('--json', 'one JSON object per endpoint and line')
    .action(async (options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const client = await ctx.client();
      const all: Endpoint[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listEndpoints({ limit: 100, cursor });
        all.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      if (output.isJson) return all.forEach((endpoint) => output.json(endpoint));
      if (all.length === 0) return output.line('No endpoints yet: create one with `webhook-relay endpoints create <name>`.');
      const rows = [
        ['ID', 'NAME', 'PROVIDER', 'INGEST URL', 'CREATED'],
        ...all.map((e) => [e.id, e.name, e.provider ?? '-', e.ingest_url_hint ?? '-', e.created_at]),
      ];
      const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
      for (const row of rows)
        output.line(row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '));
    });

  endpoints
    .command('ingest-url <endpoint_id>')
    .description("show an endpoint's full ingest URL again")
    .option('--json', 'print {"id", "ingest_url"} as JSON')
    .action(async (endpointId: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const { ingest_url } = await (await ctx.client()).getIngestUrl(endpointId);
      if (output.isJson) return output.json({ id: endpointId, ingest_url });
      output.line(ingest_url);
    });

  endpoints
    .command('dedup <endpoint_id>')
    .description('set how the endpoint drops duplicate deliveries of the same event (or --off)')
    .option('--strategy <strategy>', `${DEDUP_STRATEGIES.join(', ')}`)
    .option('--fields <paths>', 'with --strategy fields: comma-separated JSON paths (e.g. data.id,type)')
    .option('--window <seconds>', 'how long a seen event is remembered')
    .option('--off', 'keep every request, duplicates included')
    .option('--json', 'print the endpoint as JSON')
    .action(async (endpointId: string, options: JsonOption & DedupOptions, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const updated = await (await ctx.client()).updateEndpoint(endpointId, { dedup: dedupSetting(options) });
      if (output.isJson) return output.json(updated);
      const dedup = updated.dedup as { strategy: string; fields?: string[]; window_seconds?: number } | null;
      if (!dedup) return output.line(`Deduplication of ${updated.name} (${updated.id}) is off`);
      const fields = dedup.fields ? ` on ${dedup.fields.join(', ')}` : '';
      const window = dedup.window_seconds ? ` within ${dedup.window_seconds} s` : '';
      output.line(`Deduplication of ${updated.name} (${updated.id}): ${dedup.strategy}${fields}${window}`);
    });

  registerProviderSecrets(endpoints, context);

  endpoints
    .command('delete <endpoint_id>')
    .description("delete an endpoint: its ingest URL stops answering at once; its events stay for the plan's retention window")
    .option('--purge-events', 'remove its captured events now, with their checks, deliveries and dead letters')
    .action(async (endpointId: string, options: { purgeEvents?: boolean }, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).deleteEndpoint(endpointId, options.purgeEvents ? { purge_events: 'true' } : undefined);
      ctx.io.stdout.write(
        options.purgeEvents
          ? `Deleted endpoint ${endpointId} and its events\n`
          : `Deleted endpoint ${endpointId}; its events stay until the retention window removes them\n`,
      );
    });

  endpoints
    .command('rotate <endpoint_id>')
    .description('give the endpoint a new ingest URL; the old one stops answering (404) at once')
    .option('--json', 'print {"ingest_url"} as JSON')
    .action(async (endpointId: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const rotated = await (await ctx.client()).rotateIngestUrl(endpointId);
      if (output.isJson) return output.json({ id: endpointId, ...rotated });
      output.line(`Rotated the ingest URL of ${endpointId}; the old URL now answers 404.`);
      output.line(`ingest URL  ${rotated.ingest_url}`);
    });
}

const DEDUP_STRATEGIES = ['sw_webhook_id', 'provider_event_id', 'content_hash', 'fields'] as const;

interface DedupOptions {
  strategy?: string;
  fields?: string;
  window?: string;
  off?: boolean;
}

type DedupSetting = {
  strategy: (typeof DEDUP_STRATEGIES)[number];
  fields?: string[];
  window_seconds?: number;
} | null;

function dedupSetting(options: DedupOptions): DedupSetting {
  if (options.off) {
    if (options.strategy || options.fields || options.window) throw new CliError('--off takes no other dedup option', EXIT_USAGE);
    return null;
  }
  const strategy = options.strategy as (typeof DEDUP_STRATEGIES)[number] | undefined;
  if (!strategy || !DEDUP_STRATEGIES.includes(strategy))
    throw new CliError(`give --strategy (${DEDUP_STRATEGIES.join(', ')}) or --off`, EXIT_USAGE);
  return {
    strategy,
    ...(options.fields ? { fields: commaList(options.fields) } : {}),
    ...(options.window ? { window_seconds: positiveInteger(options.window, '--window') } : {}),
  };
}
