import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { collect, printTable } from '../table.js';

interface WaitOptions {
  trigger?: string;
  ack?: string;
  limit?: string;
  wait?: string;
  start?: string;
  json?: boolean;
}

function whole(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new CliError(`${name} must be a whole number from ${min} to ${max}`, EXIT_USAGE);
  return number;
}

/** `triggers …`: an agent's at-least-once position in an endpoint's events (what the MCP server's triggers.wait drains). */
export function registerTriggers(program: Command, context: (command: Command) => CommandContext): void {
  const triggers = program
    .command('triggers')
    .description("drain an endpoint's events in capture order, at least once (MCP triggers.wait)");

  triggers
    .command('wait <endpoint_id>')
    .description('the events after the trigger’s cursor (registered on first use); --ack moves the cursor past a batch you processed')
    .option('--trigger <name>', 'the trigger’s name on the endpoint (default: default)')
    .option('--ack <cursor>', 'the next_cursor of the batch before, once processed')
    .option('--limit <n>', 'events at most (1-200, default 50)')
    .option('--wait <seconds>', 'when nothing is waiting, wait up to this long for an event (0-30)')
    .option('--start <when>', 'a new trigger drains from "now" (default) or the "oldest" stored event')
    .option('--json', 'print the whole answer as one JSON object')
    .action(async (endpointId: string, options: WaitOptions, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      if (options.start !== undefined && options.start !== 'now' && options.start !== 'oldest')
        throw new CliError('--start must be now or oldest', EXIT_USAGE);
      const waitSeconds = whole('--wait', options.wait, 0, 30);
      const limit = whole('--limit', options.limit, 1, 200);
      const batch = await (await ctx.client()).waitForTrigger(
        {
          endpoint_id: endpointId,
          ...(options.trigger ? { trigger: options.trigger } : {}),
          ...(options.ack ? { ack: options.ack } : {}),
          ...(limit !== undefined ? { limit } : {}),
          ...(waitSeconds !== undefined ? { wait_seconds: waitSeconds } : {}),
          ...(options.start ? { start: options.start as 'now' | 'oldest' } : {}),
        },
        // The server may hold the call for --wait seconds: give each attempt that long and more.
        { timeoutMs: ((waitSeconds ?? 0) + 30) * 1000 },
      );
      if (output.isJson) return output.json(batch);
      if (batch.events.length === 0) output.line(`No events after the cursor of trigger ${batch.trigger} (${batch.trigger_id}).`);
      else
        printTable(
          output,
          ['EVENT', 'RECEIVED', 'METHOD', 'VERIFICATION', 'BODY'],
          batch.events.map((event) => [
            event.id,
            event.received_at,
            event.method,
            event.verification.state,
            event.body === null ? 'withheld' : 'by_reference' in event.body ? `${event.body.size} B by reference` : `${event.body.size} B`,
          ]),
        );
      if (batch.next_cursor) output.line(`Next cursor (pass as --ack once processed): ${batch.next_cursor}`);
    });

  triggers
    .command('list')
    .description('list triggers, newest first')
    .option('--endpoint <endpoint_id>', "only this endpoint's")
    .option('--json', 'one JSON object per trigger and line')
    .action(async (options: { endpoint?: string; json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const all = await collect(
        (await ctx.client()).listTriggersAll({ limit: 100, ...(options.endpoint ? { endpoint_id: options.endpoint } : {}) }),
      );
      if (output.isJson) return all.forEach((trigger) => output.json(trigger));
      if (all.length === 0) return output.line('No triggers.');
      printTable(
        output,
        ['ID', 'ENDPOINT', 'NAME', 'LAST ACKNOWLEDGED', 'UPDATED'],
        all.map((t) => [t.id, t.endpoint_id, t.name, t.last_drained_event_id ?? '-', t.updated_at]),
      );
    });

  triggers
    .command('delete <trigger_id>')
    .description('delete a trigger and its cursor')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).deleteTrigger(id);
      ctx.io.stdout.write(`Deleted trigger ${id}\n`);
    });
}
