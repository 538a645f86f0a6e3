import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import type { Output } from '../output.js';
import { collect, printTable } from '../table.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { headerRecord, positiveInteger, repeatable } from './options.js';
import { registerDestinationHealth } from './stats.js';

interface JsonOption {
  json?: boolean;
}

type Destination = Schemas['Destination'];

function printDestination(output: Output, destination: Destination): void {
  output.line(`id         ${destination.id}`);
  output.line(`name       ${destination.name}`);
  output.line(`url        ${destination.url}`);
  output.line(`enabled    ${destination.enabled ? 'yes' : `no${destination.disabled_reason ? ` (${destination.disabled_reason})` : ''}`}`);
  output.line(`timeout    ${destination.timeout_ms} ms`);
  if (destination.header_names.length > 0) output.line(`headers    ${destination.header_names.join(', ')}`);
  if (destination.paused_at)
    output.line(`paused     since ${destination.paused_at}${destination.paused_reason ? ` (${destination.paused_reason})` : ''}`);
  const limit = destination.rate_limit;
  output.line(`rate limit ${limit ? `${limit.max} per ${limit.per}` : 'none'}`);
  const breaker = destination.breaker;
  const failing = breaker.failing_since ? `, ${breaker.consecutive_failures} failures in a row since ${breaker.failing_since}` : '';
  const probe = breaker.next_probe_at ? `, next probe ${breaker.next_probe_at}` : '';
  output.line(`breaker    ${breaker.state.replace('_', '-')}${failing}${probe}`);
  output.line(
    `           opens after ${breaker.failures} failures over ${breaker.window_seconds} s; turns off after ${breaker.disable_after_hours} h failing`,
  );
}

/** `--rate-limit 10/second`, `100/minute` or `none`. */
function rateLimit(value: string): Destination['rate_limit'] {
  if (value === 'none') return null;
  const match = /^(\d+)\/(second|minute)$/.exec(value.trim());
  if (!match) throw new CliError('--rate-limit must look like 10/second, 600/minute or none', EXIT_USAGE);
  return { max: positiveInteger(match[1]!, '--rate-limit'), per: match[2] as 'second' | 'minute' };
}

interface ControlOptions {
  rateLimit?: string;
  breakerFailures?: string;
  breakerWindow?: string;
  disableAfterHours?: string;
}

/** The rate limit and breaker settings given on the command line, as the API takes them. */
function controls(options: ControlOptions) {
  const breaker = {
    ...(options.breakerFailures ? { failures: positiveInteger(options.breakerFailures, '--breaker-failures') } : {}),
    ...(options.breakerWindow ? { window_seconds: positiveInteger(options.breakerWindow, '--breaker-window', 0) } : {}),
    ...(options.disableAfterHours ? { disable_after_hours: positiveInteger(options.disableAfterHours, '--disable-after-hours') } : {}),
  };
  return {
    ...(options.rateLimit !== undefined ? { rate_limit: rateLimit(options.rateLimit) } : {}),
    ...(Object.keys(breaker).length > 0 ? { breaker } : {}),
  };
}

/** The options of `create` and `edit` that set a destination's rate limit and circuit breaker. */
function withControls(command: Command): Command {
  return command
    .option('--rate-limit <n/unit>', 'at most n deliveries per second or minute (10/second, 600/minute), or none')
    .option('--breaker-failures <n>', 'failures in a row that open the circuit breaker (default 5)')
    .option('--breaker-window <seconds>', '...once they have lasted this long (default 300)')
    .option('--disable-after-hours <h>', 'failing this long turns the destination off (default 120)');
}

/** `destinations …`: where the relay delivers events (signed per Standard Webhooks). */
export function registerDestinations(program: Command, context: (command: Command) => CommandContext): void {
  const destinations = program.command('destinations').description('create, list, edit, enable, disable and delete destinations');
  registerDestinationHealth(destinations, context);

  withControls(destinations.command('create <name> <url>'))
    .description('register a destination; prints its id and its signing secret (shown this once)')
    .option('--header <name: value>', 'a header sent with every delivery (repeatable)', repeatable)
    .option('--timeout-ms <ms>', 'how long a delivery waits for an answer')
    .option('--disabled', 'create it disabled (nothing is delivered until `destinations enable`)')
    .option('--json', 'print the destination (with its secret) as JSON')
    .action(
      async (
        name: string,
        url: string,
        options: JsonOption & ControlOptions & { header?: string[]; timeoutMs?: string; disabled?: boolean },
        command: Command,
      ) => {
        const ctx = context(command);
        const output = ctx.output(options.json);
        const headers = headerRecord(options.header);
        const created = await (await ctx.client()).createDestination({
          name,
          url,
          ...controls(options),
          ...(headers ? { headers } : {}),
          ...(options.timeoutMs ? { timeout_ms: positiveInteger(options.timeoutMs, '--timeout-ms') } : {}),
          ...(options.disabled ? { enabled: false } : {}),
        });
        if (output.isJson) return output.json(created);
        output.line(`Created destination ${created.name}`);
        printDestination(output, created);
        output.line(`secret     ${created.secret}`);
        output.line('The signing secret is shown only now: store it where your receiver reads it (verify with it).');
      },
    );

  destinations
    .command('list')
    .description('list destinations, newest first')
    .option('--json', 'one JSON object per destination and line')
    .action(async (options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const all = await collect((await ctx.client()).listDestinationsAll({ limit: 100 }));
      if (output.isJson) return all.forEach((destination) => output.json(destination));
      if (all.length === 0) return output.line('No destinations yet: create one with `webhook-relay destinations create <name> <url>`.');
      printTable(
        output,
        ['ID', 'NAME', 'URL', 'ENABLED', 'CREATED'],
        all.map((d) => [d.id, d.name, d.url, d.enabled ? 'yes' : 'no', d.created_at]),
      );
    });

  destinations
    .command('show <destination_id>')
    .description('a destination: its URL, state, timeout and header names')
    .option('--json', 'print the destination as JSON')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const destination = await (await ctx.client()).getDestination(id);
      if (output.isJson) return output.json(destination);
      printDestination(output, destination);
    });

  withControls(destinations.command('edit <destination_id>'))
    .description('change a destination’s name, URL, headers, timeout, rate limit or circuit breaker')
    .option('--name <name>', 'a new name')
    .option('--url <url>', 'a new URL')
    .option('--header <name: value>', 'the headers sent with every delivery, replacing the old ones (repeatable)', repeatable)
    .option('--timeout-ms <ms>', 'how long a delivery waits for an answer')
    .option('--json', 'print the destination as JSON')
    .action(
      async (
        id: string,
        options: JsonOption & ControlOptions & { name?: string; url?: string; header?: string[]; timeoutMs?: string },
        command: Command,
      ) => {
        const ctx = context(command);
        const output = ctx.output(options.json);
        const headers = headerRecord(options.header);
        const updated = await (await ctx.client()).updateDestination(id, {
          ...controls(options),
          ...(options.name ? { name: options.name } : {}),
          ...(options.url ? { url: options.url } : {}),
          ...(headers ? { headers } : {}),
          ...(options.timeoutMs ? { timeout_ms: positiveInteger(options.timeoutMs, '--timeout-ms') } : {}),
        });
        if (output.isJson) return output.json(updated);
        output.line(`Updated destination ${updated.name}`);
        printDestination(output, updated);
      },
    );

  for (const [verb, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    destinations
      .command(`${verb} <destination_id>`)
      .description(enabled ? 'deliver to it again (pending deliveries resume)' : 'stop delivering to it (deliveries wait)')
      .option('--json', 'print the destination as JSON')
      .action(async (id: string, options: JsonOption, command: Command) => {
        const ctx = context(command);
        const output = ctx.output(options.json);
        const updated = await (await ctx.client()).updateDestination(id, { enabled });
        if (output.isJson) return output.json(updated);
        output.line(`${enabled ? 'Enabled' : 'Disabled'} destination ${updated.name} (${updated.id})`);
      });
  }

  destinations
    .command('pause <destination_id>')
    .description('hold its queue in order (events still join it; nothing is sent or dead-lettered) until `resume`')
    .option('--reason <text>', 'why, shown with the destination')
    .option('--json', 'print the destination as JSON')
    .action(async (id: string, options: JsonOption & { reason?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const paused = await (await ctx.client()).pauseDestination(id, options.reason ? { reason: options.reason } : {});
      if (output.isJson) return output.json(paused);
      output.line(
        `Paused destination ${paused.name} (${paused.id}): its queue holds until \`webhook-relay destinations resume ${paused.id}\``,
      );
    });

  destinations
    .command('resume <destination_id>')
    .description('send its queue again, in order, at once: unpaused, on again if it was turned off, its circuit breaker closed')
    .option('--json', 'print the destination as JSON')
    .action(async (id: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const resumed = await (await ctx.client()).resumeDestination(id);
      if (output.isJson) return output.json(resumed);
      output.line(`Resumed destination ${resumed.name} (${resumed.id})`);
    });

  destinations
    .command('rotate-secret <destination_id>')
    .description('a new signing secret (printed once); deliveries carry both signatures until the old one expires')
    .option('--label <text>', 'a name for the new secret')
    .option('--previous-expire-in <seconds>', 'how long the previous secrets still sign (default: the API’s, 1 day)')
    .option('--json', 'print the new secret as JSON')
    .action(async (id: string, options: JsonOption & { label?: string; previousExpireIn?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const expireIn =
        options.previousExpireIn === undefined ? undefined : positiveInteger(options.previousExpireIn, '--previous-expire-in', 0);
      const rotated = await (await ctx.client()).rotateDestinationSecret(id, {
        ...(options.label ? { label: options.label } : {}),
        ...(expireIn !== undefined ? { previous_expire_in_seconds: expireIn } : {}),
      });
      if (output.isJson) return output.json(rotated);
      output.line(`New signing secret of destination ${id} (shown only now):`);
      output.line(`secret     ${rotated.secret}`);
      for (const previous of rotated.previous)
        output.line(`secret ${previous.id} (${previous.secret_hint}) expires ${previous.expires_at ?? 'never'}`);
    });

  destinations
    .command('revoke-secret <destination_id> <secret_id>')
    .description('stop signing with a secret at once')
    .action(async (id: string, secretId: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).revokeDestinationSecret(id, secretId);
      ctx.io.stdout.write(`Revoked secret ${secretId} of destination ${id}\n`);
    });

  destinations
    .command('delete <destination_id>')
    .description('delete a destination; its pending deliveries are cancelled')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).deleteDestination(id);
      ctx.io.stdout.write(`Deleted destination ${id}\n`);
    });
}
