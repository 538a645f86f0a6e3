import type { EventStateFilter } from '@workspace/contracts';
import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { collect, printTable } from '../table.js';
import { positiveInteger } from './options.js';

type EventSummary = Schemas['EventSummary'];
// The API's filter values (EVENT_STATE_FILTERS), listed here so the CLI bundle does not carry the contracts' zod.
const STATES = ['verified', 'authenticated', 'failed', 'unattempted', 'pending'] as const satisfies readonly EventStateFilter[];

interface ListOptions {
  json?: boolean;
  endpoint?: string;
  state?: string;
  provider?: string;
  eventType?: string;
  invalid?: boolean;
  from?: string;
  to?: string;
  limit?: string;
}

const verificationOf = (event: EventSummary) =>
  event.verification.pending
    ? 'pending'
    : `${event.verification.state ?? '-'}${event.verification.cause ? ` (${event.verification.cause})` : ''}`;

// The capture number orders events as deliveries do; events from before numbers existed have none.
const captureOf = (event: { capture_seq: number | null }) => (event.capture_seq === null ? '-' : String(event.capture_seq));

/** `events list|show`: the captured requests, as the API keeps them (within the plan's retention window). */
export function registerEvents(program: Command, context: (command: Command) => CommandContext): void {
  const events = program.command('events').description('captured events: list them, or show one with its headers and body');

  events
    .command('list')
    .description('list captured events, newest capture first (CAPTURE: the order deliveries follow)')
    .option('--endpoint <endpoint_id>', "only this endpoint's")
    .option('--state <state>', `only events in this verification state (${STATES.join(', ')})`)
    .option('--provider <id>', 'only events whose verification named this provider (e.g. stripe)')
    .option('--event-type <type>', 'only events of this type (e.g. invoice.paid)')
    .option('--invalid', "with --event-type: only events that do not validate against your event type's schema")
    .option('--from <time>', 'received at or after this ISO time')
    .option('--to <time>', 'received before this ISO time')
    .option('--limit <n>', 'at most this many (default 50)')
    .option('--json', 'one JSON object per event and line')
    .action(async (options: ListOptions, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      if (options.state !== undefined && !(STATES as readonly string[]).includes(options.state))
        throw new CliError(`--state must be one of ${STATES.join(', ')}`, EXIT_USAGE);
      if (options.invalid && !options.eventType) throw new CliError('--invalid needs --event-type <type>', EXIT_USAGE);
      const limit = options.limit === undefined ? 50 : positiveInteger(options.limit, '--limit');
      const shown = await collect(
        (await ctx.client()).listEventsAll({
          limit: Math.min(limit, 100),
          ...(options.endpoint ? { endpoint_id: options.endpoint } : {}),
          ...(options.state ? { state: options.state as EventStateFilter } : {}),
          ...(options.provider ? { provider: options.provider } : {}),
          ...(options.eventType ? { event_type: options.eventType } : {}),
          ...(options.invalid ? { schema_valid: 'false' as const } : {}),
          ...(options.from ? { from: options.from } : {}),
          ...(options.to ? { to: options.to } : {}),
        }),
        limit,
      );
      if (output.isJson) return shown.forEach((event) => output.json(event));
      if (shown.length === 0) return output.line('No events.');
      printTable(
        output,
        ['ID', 'CAPTURE', 'ENDPOINT', 'RECEIVED', 'METHOD', 'TYPE', 'SIZE', 'VERIFICATION'],
        shown.map((e) => [
          e.id,
          captureOf(e),
          e.endpoint_id,
          e.received_at,
          e.method,
          e.event_type ?? '-',
          String(e.size),
          verificationOf(e),
        ]),
      );
    });

  events
    .command('show <event_id>')
    .description('an event with its headers, body and verification (410 once past the retention window)')
    .option('--json', 'print the event as JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const event = await (await ctx.client()).getEvent(id);
      if (output.isJson) return output.json(event);
      output.line(`id            ${event.id}`);
      output.line(`endpoint      ${event.endpoint_id}`);
      output.line(`received      ${event.received_at}`);
      output.line(`capture       ${captureOf(event)}`);
      output.line(`request       ${event.method} ${event.path}${event.query ? `?${event.query}` : ''}`);
      output.line(`verification  ${verificationOf(event)}`);
      output.line(`type          ${event.event_type ?? '-'}`);
      if (event.schema_check) output.line(`schema        ${event.schema_check.valid ? 'valid' : `invalid: ${event.schema_check.error}`}`);
      output.line(`size          ${event.size} bytes, sha256 ${event.body.sha256}`);
      output.line('');
      for (const [name, value] of event.headers) output.line(`${name}: ${value}`);
      output.line('');
      output.line(event.body.encoding === 'utf8' ? event.body.data : `(binary, base64) ${event.body.data}`);
    });
}
