import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { printTable } from '../table.js';
import { positiveInteger } from './options.js';

interface JsonOption {
  json?: boolean;
}

/** A secret from standard input (never from the command line, where shells and `ps` keep it). */
async function readSecret(ctx: CommandContext, what: string): Promise<string> {
  const secret = (await ctx.io.readStdin(what)).trim();
  if (!secret) throw new CliError(`no ${what} on standard input: e.g. \`echo "$SECRET" | webhook-relay ...\``, EXIT_USAGE);
  return secret;
}

/** `endpoints secrets …`: the provider signing secrets an endpoint verifies incoming requests with. */
export function registerProviderSecrets(endpoints: Command, context: (command: Command) => CommandContext): void {
  const secrets = endpoints
    .command('secrets')
    .description("the provider's signing secrets an endpoint verifies requests with (read from standard input)");

  secrets
    .command('list <endpoint_id>')
    .description('the secrets of an endpoint, masked')
    .option('--json', 'one JSON object per secret and line')
    .action(async (endpointId: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const { data } = await (await ctx.client()).listProviderSecrets(endpointId);
      if (output.isJson) return data.forEach((secret) => output.json(secret));
      if (data.length === 0) return output.line('No secrets: add one with `webhook-relay endpoints secrets add <endpoint_id>`.');
      printTable(
        output,
        ['ID', 'LABEL', 'SECRET', 'ACTIVE', 'EXPIRES', 'CREATED'],
        data.map((s) => [s.id, s.label ?? '-', s.secret_hint, s.active ? 'yes' : 'no', s.expires_at ?? '-', s.created_at]),
      );
    });

  secrets
    .command('add <endpoint_id>')
    .description('add a secret (read from standard input); the others stay active')
    .option('--label <text>', 'a name for the secret')
    .option('--expires-at <time>', 'when it stops being accepted (ISO 8601)')
    .option('--json', 'print the secret (masked) as JSON')
    .action(async (endpointId: string, options: JsonOption & { label?: string; expiresAt?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const secret = await readSecret(ctx, "the provider's signing secret");
      const added = await (await ctx.client()).addProviderSecret(endpointId, {
        secret,
        ...(options.label ? { label: options.label } : {}),
        ...(options.expiresAt ? { expires_at: options.expiresAt } : {}),
      });
      if (output.isJson) return output.json(added);
      output.line(`Added secret ${added.id} (${added.secret_hint}) to endpoint ${endpointId}`);
    });

  secrets
    .command('rotate <endpoint_id>')
    .description('add a new secret (read from standard input); the others expire after --previous-expire-in')
    .option('--label <text>', 'a name for the new secret')
    .option('--previous-expire-in <seconds>', 'how long the previous secrets stay accepted (default: the API’s, 1 day)')
    .option('--json', 'print the new secret and the previous ones (masked) as JSON')
    .action(async (endpointId: string, options: JsonOption & { label?: string; previousExpireIn?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const expireIn =
        options.previousExpireIn === undefined ? undefined : positiveInteger(options.previousExpireIn, '--previous-expire-in', 0);
      const secret = await readSecret(ctx, "the provider's new signing secret");
      const rotated = await (await ctx.client()).rotateProviderSecrets(endpointId, {
        secret,
        ...(options.label ? { label: options.label } : {}),
        ...(expireIn !== undefined ? { previous_expire_in_seconds: expireIn } : {}),
      });
      if (output.isJson) return output.json(rotated);
      output.line(`Added secret ${rotated.secret.id} (${rotated.secret.secret_hint}) to endpoint ${endpointId}`);
      for (const previous of rotated.previous)
        output.line(`secret ${previous.id} (${previous.secret_hint}) expires ${previous.expires_at ?? 'never'}`);
    });

  secrets
    .command('remove <endpoint_id> <secret_id>')
    .description('stop accepting a secret at once')
    .action(async (endpointId: string, secretId: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).removeProviderSecret(endpointId, secretId);
      ctx.io.stdout.write(`Removed secret ${secretId} from endpoint ${endpointId}\n`);
    });
}
