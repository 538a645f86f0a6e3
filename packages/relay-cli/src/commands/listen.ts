import type { EventSummary } from '@workspace/contracts';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { ApiError, CliError, EXIT_USAGE } from '../errors.js';
import { EventTail } from '../event-tail.js';
import { forwardEvent } from '../forward.js';
import { advanceCursor } from '../listener-cursor.js';
import { parseLoopbackUrl } from '../loopback-url.js';
import { Output, outputOptions } from '../output.js';

interface ListenOptions {
  forward?: string;
  json?: boolean;
  interval: string;
  maxEvents?: string;
}

const positiveInteger = (value: string, flag: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new CliError(`${flag} must be a positive whole number`, EXIT_USAGE);
  return number;
};

export function registerListen(program: Command, context: (command: Command) => CommandContext): void {
  program
    .command('listen <endpoint_id>')
    .description('show live events of an endpoint; with --forward, send each to a local server')
    .option(
      '--forward <loopback_url>',
      'forward every event to this local URL (localhost, 127.0.0.1 or [::1]); first catches up on what arrived since the last run',
    )
    .option('--json', 'one JSON object per line instead of text')
    .option('--interval <ms>', 'how often to ask the API for new events', '1000')
    .option('--max-events <n>', 'stop after this many events (for scripts)')
    .addHelpText(
      'after',
      '\nExamples:\n  webhook-relay listen 0196...\n  webhook-relay listen 0196... --forward http://localhost:3000/webhooks',
    )
    .action(async (endpointId: string, options: ListenOptions, command: Command) => {
      const ctx = context(command);
      const target = options.forward !== undefined ? parseLoopbackUrl(options.forward) : null;
      const intervalMs = positiveInteger(options.interval, '--interval');
      const maxEvents = options.maxEvents !== undefined ? positiveInteger(options.maxEvents, '--max-events') : Infinity;
      const { io } = ctx;
      const output = new Output(io.stdout, outputOptions(io.stdout, io.env, options.json));
      const client = await ctx.client();
      const apiUrl = await ctx.apiUrl();
      const endpoint = await client.getEndpoint(endpointId);
      const after = target ? await ctx.store.readCursor(apiUrl, endpoint.id) : null;
      const tail = new EventTail({ client, endpointId: endpoint.id, clock: io.clock, after });
      await tail.start();
      let cursor = after ?? tail.startCursor();
      if (target && after === null) await ctx.store.saveCursor(apiUrl, endpoint.id, cursor);
      io.stderr.write(`Listening to ${endpoint.name} (${endpoint.id})${target ? `, forwarding to ${target}` : ''}. Ctrl-C to quit.\n`);

      let handled = 0;
      let catchingUp = target !== null;
      while (!io.signal.aborted && handled < maxEvents) {
        const events = await pollOnce(tail, io.stderr);
        for (const event of events ?? []) {
          if (io.signal.aborted || handled >= maxEvents) break;
          output.event(event);
          if (target) {
            const outcome = await forwardEvent({ event: await client.getEvent(event.id), target, fetch: io.fetch, clock: io.clock });
            output.forwarded(outcome, io.clock.now());
            cursor = advanceCursor(cursor, event.id);
            await ctx.store.saveCursor(apiUrl, endpoint.id, cursor);
          }
          handled += 1;
        }
        if (catchingUp && events !== null && handled < maxEvents) {
          output.caughtUp(handled);
          catchingUp = false;
        }
        if (handled < maxEvents) await io.clock.sleep(intervalMs, io.signal);
      }
    });
}

// A lost connection or a 5xx is waited out (the next poll retries); anything else ends the command.
async function pollOnce(tail: EventTail, stderr: { write(text: string): unknown }): Promise<EventSummary[] | null> {
  try {
    return await tail.poll();
  } catch (error) {
    const transient = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
    if (!(error instanceof CliError) || !transient) throw error;
    stderr.write(`${error.message}; retrying\n`);
    return null;
  }
}
