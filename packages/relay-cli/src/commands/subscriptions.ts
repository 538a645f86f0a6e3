import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { collect, commaList, printTable } from '../table.js';

interface JsonOption {
  json?: boolean;
}

const STATES = ['verified', 'authenticated', 'failed', 'unattempted'] as const;
type State = (typeof STATES)[number];

/** A --filter argument: a JSON object (the relay validates its operators and answers 400 naming a problem). */
function filterOf(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new CliError(`--filter: not JSON: ${value}`, EXIT_USAGE);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new CliError('--filter: must be a JSON object, e.g. \'{"body.amount": {"$gt": 100}}\'', EXIT_USAGE);
  return parsed as Record<string, unknown>;
}

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
    .option('--filter <json>', 'only events this MongoDB-style query matches, e.g. \'{"body.amount": {"$gt": 100}}\' (docs/filters.md)')
    .option('--json', 'print the subscription as JSON')
    .action(
      async (
        endpointId: string,
        destinationId: string,
        options: JsonOption & { states?: string; eventTypes?: string; filter?: string },
        command: Command,
      ) => {
        const ctx = context(command);
        const output = ctx.output(options.json);
        const created = await (await ctx.client()).createSubscription({
          endpoint_id: endpointId,
          destination_id: destinationId,
          ...(options.states ? { states: states(options.states) } : {}),
          ...(options.eventTypes ? { event_types: commaList(options.eventTypes) } : {}),
          ...(options.filter ? { filter: filterOf(options.filter) } : {}),
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
        ['ID', 'ENDPOINT', 'DESTINATION', 'STATES', 'EVENT TYPES', 'FILTER', 'CREATED'],
        all.map((s) => [
          s.id,
          s.endpoint_id,
          s.destination_id,
          s.states.length ? s.states.join(',') : 'all',
          s.event_types.length ? s.event_types.join(',') : 'all',
          s.filter ? JSON.stringify(s.filter) : 'none',
          s.created_at,
        ]),
      );
    });

  subscriptions
    .command('update <subscription_id>')
    .description("set (--filter) or remove (--no-filter) the subscription's filter")
    .option('--filter <json>', 'the new MongoDB-style filter (a JSON object)')
    .option('--no-filter', 'remove the filter: every event is forwarded again')
    .option('--json', 'print the subscription as JSON')
    .action(async (id: string, options: JsonOption & { filter?: string | false }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      if (options.filter === undefined) throw new CliError('give --filter <json> or --no-filter', EXIT_USAGE);
      const updated = await (await ctx.client()).updateSubscription(id, {
        filter: options.filter === false ? null : filterOf(options.filter),
      });
      if (output.isJson) return output.json(updated);
      output.line(`Updated subscription ${updated.id}: filter ${updated.filter ? JSON.stringify(updated.filter) : 'none'}`);
    });

  subscriptions
    .command('dry-run')
    .description("try a filter on the endpoint's last events (newest first) before saving it; changes nothing")
    .requiredOption('--endpoint <endpoint_id>', 'the endpoint whose events are judged')
    .requiredOption('--filter <json>', 'the MongoDB-style filter (a JSON object)')
    .option('--limit <n>', 'how many of the last events (1-100)', '20')
    .option('--json', 'print the answer as JSON')
    .action(async (options: JsonOption & { endpoint: string; filter: string; limit: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new CliError('--limit: a whole number from 1 to 100', EXIT_USAGE);
      const result = await (await ctx.client()).dryRunSubscriptionFilter({
        endpoint_id: options.endpoint,
        filter: filterOf(options.filter),
        limit,
      });
      if (output.isJson) return output.json(result);
      output.line(`${result.matched} matched, ${result.unmatched} filtered, of the last ${result.events.length} events`);
      if (result.events.length === 0) return;
      printTable(
        output,
        ['EVENT', 'CAPTURED', 'TYPE', 'MATCHED', 'NOTE'],
        result.events.map((event) => [
          event.event_id,
          event.captured_at,
          event.event_type ?? '',
          event.matched ? 'yes' : 'no',
          event.reason ?? '',
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
