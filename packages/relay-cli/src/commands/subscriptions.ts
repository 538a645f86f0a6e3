import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { collect, commaList, printTable } from '../table.js';

interface JsonOption {
  json?: boolean;
}

const STATES = ['verified', 'authenticated', 'failed', 'unattempted'] as const;
type State = (typeof STATES)[number];

function states(value: string): State[] {
  const list = commaList(value);
  const wrong = list.find((state) => !(STATES as readonly string[]).includes(state));
  if (wrong) throw new CliError(`--states: "${wrong}" is not one of ${STATES.join(', ')}`, EXIT_USAGE);
  return list as State[];
}

/** `subscriptions …`: which endpoint's events go to which destination. */
export function registerSubscriptions(program: Command, context: (command: Command) => CommandContext): void {
  const subscriptions = program.command('subscriptions').description("forward an endpoint's events to a destination");

  subscriptions
    .command('create <endpoint_id> <destination_id>')
    .description("deliver the endpoint's events to the destination")
    .option('--states <list>', `only events in these verification states (comma-separated: ${STATES.join(', ')})`)
    .option('--event-types <list>', 'only these event types (comma-separated)')
    .option('--json', 'print the subscription as JSON')
    .action(
      async (
        endpointId: string,
        destinationId: string,
        options: JsonOption & { states?: string; eventTypes?: string },
        command: Command,
      ) => {
        const ctx = context(command);
        const output = ctx.output(options.json);
        const created = await (await ctx.client()).createSubscription({
          endpoint_id: endpointId,
          destination_id: destinationId,
          ...(options.states ? { states: states(options.states) } : {}),
          ...(options.eventTypes ? { event_types: commaList(options.eventTypes) } : {}),
        });
        if (output.isJson) return output.json(created);
        output.line(`Created subscription ${created.id}: endpoint ${created.endpoint_id} -> destination ${created.destination_id}`);
      },
    );

  subscriptions
    .command('list')
    .description('list subscriptions, newest first')
    .option('--endpoint <endpoint_id>', "only this endpoint's")
    .option('--destination <destination_id>', "only this destination's")
    .option('--json', 'one JSON object per subscription and line')
    .action(async (options: JsonOption & { endpoint?: string; destination?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const all = await collect(
        (await ctx.client()).listSubscriptionsAll({
          limit: 100,
          ...(options.endpoint ? { endpoint_id: options.endpoint } : {}),
          ...(options.destination ? { destination_id: options.destination } : {}),
        }),
      );
      if (output.isJson) return all.forEach((subscription) => output.json(subscription));
      if (all.length === 0) return output.line('No subscriptions.');
      printTable(
        output,
        ['ID', 'ENDPOINT', 'DESTINATION', 'STATES', 'EVENT TYPES', 'CREATED'],
        all.map((s) => [
          s.id,
          s.endpoint_id,
          s.destination_id,
          s.states.length ? s.states.join(',') : 'all',
          s.event_types.length ? s.event_types.join(',') : 'all',
          s.created_at,
        ]),
      );
    });

  subscriptions
    .command('delete <subscription_id>')
    .description('stop forwarding (deliveries already queued still go out)')
    .action(async (id: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await (await ctx.client()).deleteSubscription(id);
      ctx.io.stdout.write(`Deleted subscription ${id}\n`);
    });
}
