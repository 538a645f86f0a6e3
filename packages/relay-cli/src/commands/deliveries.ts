import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import type { Output } from '../output.js';
import { collect, printTable } from '../table.js';
import { positiveInteger } from './options.js';

type DeliveryState = Schemas['DeliveryState'];
const STATES: DeliveryState[] = ['pending', 'succeeded', 'dead_lettered', 'cancelled', 'filtered'];

interface ListOptions {
  json?: boolean;
  destination?: string;
  event?: string;
  limit?: string;
}

async function listDeliveries(ctx: CommandContext, output: Output, options: ListOptions, state: DeliveryState | undefined): Promise<void> {
  const limit = options.limit === undefined ? 50 : positiveInteger(options.limit, '--limit');
  const shown = await collect(
    (await ctx.client()).listDeliveriesAll({
      limit: Math.min(limit, 100),
      ...(state ? { state } : {}),
      ...(options.destination ? { destination_id: options.destination } : {}),
      ...(options.event ? { event_id: options.event } : {}),
    }),
    limit,
  );
  if (output.isJson) return shown.forEach((delivery) => output.json(delivery));
  if (shown.length === 0) return output.line(state === 'dead_lettered' ? 'No dead letters.' : 'No deliveries.');
  printTable(
    output,
    ['ID', 'STATE', 'DESTINATION', 'EVENT', 'ATTEMPTS', 'LAST STATUS', 'CREATED'],
    shown.map((d) => [
      d.id,
      d.state,
      d.destination_id,
      d.event_id,
      String(d.attempts),
      d.last_status === null ? '-' : String(d.last_status),
      d.created_at,
    ]),
  );
}

function listCommand(parent: Command, context: (command: Command) => CommandContext, state?: DeliveryState): Command {
  return parent
    .command('list')
    .option('--destination <destination_id>', "only this destination's")
    .option('--event <event_id>', "only this event's")
    .option('--limit <n>', 'at most this many, newest first (default 50)')
    .option('--json', 'one JSON object per delivery and line')
    .action(async (options: ListOptions & { state?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      let chosen = state;
      if (options.state !== undefined) {
        if (!(STATES as string[]).includes(options.state)) throw new CliError(`--state must be one of ${STATES.join(', ')}`, EXIT_USAGE);
        chosen = options.state as DeliveryState;
      }
      await listDeliveries(ctx, output, options, chosen);
    });
}

/** `deliveries list|show` and `dead-letters list|replay`. */
export function registerDeliveries(program: Command, context: (command: Command) => CommandContext): void {
  const deliveries = program.command('deliveries').description('deliveries of events to destinations, and their attempts');
  listCommand(deliveries, context)
    .description('list deliveries, newest first')
    .option('--state <state>', `only deliveries in this state (${STATES.join(', ')})`);

  deliveries
    .command('show <delivery_id>')
    .description('a delivery and its attempts')
    .option('--json', 'print the delivery as JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const delivery = await (await ctx.client()).getDelivery(id);
      if (output.isJson) return output.json(delivery);
      output.line(`id           ${delivery.id}`);
      output.line(`state        ${delivery.state}`);
      output.line(`destination  ${delivery.destination_id}`);
      output.line(`event        ${delivery.event_id}`);
      output.line(`attempts     ${delivery.attempts}`);
      if (delivery.last_error) output.line(`last error   ${delivery.last_error}`);
      if (delivery.attempt_log.length > 0)
        printTable(
          output,
          ['ATTEMPT STARTED', 'STATUS', 'DURATION', 'ERROR'],
          delivery.attempt_log.map((a) => [
            a.started_at,
            a.status_code === null ? '-' : String(a.status_code),
            `${a.duration_ms} ms`,
            a.error ?? '-',
          ]),
        );
    });

  const deadLetters = program.command('dead-letters').description('deliveries whose retries are spent');
  listCommand(deadLetters, context, 'dead_lettered').description('list dead-lettered deliveries, newest first');

  deadLetters
    .command('replay <delivery_id...>')
    .description('send dead-lettered deliveries again, as new deliveries to a destination')
    .requiredOption('--destination <destination_id>', 'where to send them')
    .option('--json', 'print the result as JSON')
    .action(async (ids: string[], options: { destination: string; json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const result = await (await ctx.client()).replay({ destination_id: options.destination, delivery_ids: ids });
      if (output.isJson) return output.json(result);
      output.line(
        `Queued ${result.replayed} deliver${result.replayed === 1 ? 'y' : 'ies'} to ${result.destination_id}: ${result.delivery_ids.join(' ')}`,
      );
    });
}
