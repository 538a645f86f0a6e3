import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { collect, printTable } from '../table.js';

/** `api-keys create|list|revoke`: the tenant's API keys (a new key's secret is printed once). */
export function registerApiKeys(program: Command, context: (command: Command) => CommandContext): void {
  const keys = program.command('api-keys').description("create, list and revoke the tenant's API keys");

  keys
    .command('create <name>')
    .description('create an API key; prints its secret, shown only this once')
    .option('--json', 'print the key (with its secret) as JSON')
    .action(async (name: string, options: { json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const created = await (await ctx.client()).createApiKey({ name });
      if (output.isJson) return output.json(created);
      output.line(`Created API key ${created.name}`);
      output.line(`id    ${created.id}`);
      output.line(`key   ${created.key}`);
      output.line('The key is shown only now: store it where its user reads it (WEBHOOK_RELAY_API_KEY, a secret store).');
    });

  keys
    .command('list')
    .description('list API keys, masked, newest first')
    .option('--json', 'one JSON object per key and line')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const all = await collect((await ctx.client()).listApiKeysAll({ limit: 100 }));
      if (output.isJson) return all.forEach((key) => output.json(key));
      if (all.length === 0) return output.line('No API keys.');
      printTable(
        output,
        ['ID', 'NAME', 'KEY', 'LAST USED', 'REVOKED', 'CREATED'],
        all.map((k) => [k.id, k.name, k.key_hint, k.last_used_at ?? '-', k.revoked_at ?? '-', k.created_at]),
      );
    });

  keys
    .command('revoke <key_id>')
    .description('revoke an API key for good: it stops working at once')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).revokeApiKey(id);
      ctx.io.stdout.write(`Revoked API key ${id}\n`);
    });
}
