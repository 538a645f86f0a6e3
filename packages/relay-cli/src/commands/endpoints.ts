import type { Endpoint } from '@workspace/contracts';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { Output, outputOptions } from '../output.js';

interface JsonOption {
  json?: boolean;
}

export function registerEndpoints(program: Command, context: (command: Command) => CommandContext): void {
  const endpoints = program.command('endpoints').description('create, list and rotate endpoints (ingest URLs)');

  endpoints
    .command('create <name>')
    .description('create an endpoint; prints its id and its ingest URL')
    .option('--provider <slug>', 'verify signatures of this provider (e.g. stripe, github, standard-webhooks)')
    .option('--json', 'print the endpoint as JSON')
    .action(async (name: string, options: JsonOption & { provider?: string }, command: Command) => {
      const ctx = context(command);
      const output = new Output(ctx.io.stdout, outputOptions(ctx.io.stdout, ctx.io.env, options.json));
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
      const output = new Output(ctx.io.stdout, outputOptions(ctx.io.stdout, ctx.io.env, options.json));
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
    .command('rotate <endpoint_id>')
    .description('give the endpoint a new ingest URL; the old one stops answering (404) at once')
    .option('--json', 'print {"ingest_url"} as JSON')
    .action(async (endpointId: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = new Output(ctx.io.stdout, outputOptions(ctx.io.stdout, ctx.io.env, options.json));
      const rotated = await (await ctx.client()).rotateIngestUrl(endpointId);
      if (output.isJson) return output.json({ id: endpointId, ...rotated });
      output.line(`Rotated the ingest URL of ${endpointId}; the old URL now answers 404.`);
      output.line(`ingest URL  ${rotated.ingest_url}`);
    });
}
