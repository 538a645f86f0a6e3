import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { forwardEvent } from '../forward.js';
import { parseLoopbackUrl } from '../loopback-url.js';
import { Output, outputOptions } from '../output.js';

interface ReplayOptions {
  forward?: string;
  destination?: string;
  json?: boolean;
}

export function registerReplay(program: Command, context: (command: Command) => CommandContext): void {
  program
    .command('replay <event_id>')
    .description('send a captured event again: to a local server (--forward) or to a registered destination (--destination)')
    .option('--forward <loopback_url>', 'a local URL (localhost, 127.0.0.1 or [::1]) to send the event to from this machine')
    .option('--destination <destination_id>', 'a registered destination; the relay queues a new delivery')
    .option('--json', 'print the outcome as one JSON object')
    .action(async (eventId: string, options: ReplayOptions, command: Command) => {
      if ((options.forward === undefined) === (options.destination === undefined))
        throw new CliError('give exactly one of --forward <loopback_url> and --destination <destination_id>', EXIT_USAGE);
      const ctx = context(command);
      const { io } = ctx;
      const output = new Output(io.stdout, outputOptions(io.stdout, io.env, options.json));
      if (options.forward !== undefined) {
        const target = parseLoopbackUrl(options.forward);
        const event = await (await ctx.client()).getEvent(eventId);
        const outcome = await forwardEvent({ event, target, fetch: io.fetch, clock: io.clock });
        output.forwarded(outcome, io.clock.now());
        if (outcome.status === null) throw new CliError(`could not reach ${target}: ${outcome.error}`);
        return;
      }
      const result = await (await ctx.client()).replay({ destination_id: options.destination!, event_ids: [eventId] });
      if (output.isJson) return output.json({ type: 'replay', event_id: eventId, ...result });
      output.line(
        `Queued event ${eventId} for destination ${result.destination_id} (delivery ${result.delivery_ids.join(', ') || 'none'}).`,
      );
    });
}
