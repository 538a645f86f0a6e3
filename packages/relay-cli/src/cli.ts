import { Command, CommanderError } from 'commander';
import { registerAgents } from './commands/agents.js';
import { registerApiKeys } from './commands/api-keys.js';
import { registerAudit } from './commands/audit.js';
import { registerBulkRetries } from './commands/bulk-retries.js';
import { registerDeliveries } from './commands/deliveries.js';
import { registerDestinations } from './commands/destinations.js';
import { registerEndpoints } from './commands/endpoints.js';
import { registerEvents } from './commands/events.js';
import { registerEventTypes } from './commands/event-types.js';
import { registerIssues } from './commands/issues.js';
import { registerListen } from './commands/listen.js';
import { registerLogin } from './commands/login.js';
import { registerLogout } from './commands/logout.js';
import { registerNotifications } from './commands/notifications.js';
import { registerReplay } from './commands/replay.js';
import { registerSubscriptions } from './commands/subscriptions.js';
import { registerTransformations } from './commands/transformations.js';
import { registerTriggers } from './commands/triggers.js';
import { registerUsage } from './commands/usage.js';
import { CommandContext, type GlobalOptions } from './context.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './errors.js';
import type { CliIo } from './io.js';

export const VERSION = '0.1.0';

export function buildProgram(io: CliIo, exit: (code: number) => void): Command {
  const program = new Command('webhook-relay')
    .description('Capture, inspect, forward and replay webhooks from the command line.')
    .version(VERSION)
    .option(
      '--api-url <url>',
      'the webhook-relay API (default: WEBHOOK_RELAY_API_URL, then the URL you signed in to, then http://127.0.0.1:8100)',
    )
    .addHelpText(
      'after',
      '\nEnvironment:\n  WEBHOOK_RELAY_API_URL  the API, like --api-url\n  WEBHOOK_RELAY_API_KEY  an API key to use instead of the stored one\n  NO_COLOR               no colours even on a terminal\n\nExit codes: 0 done, 1 failed, 2 wrong usage.',
    )
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) });
  const context = (command: Command) => new CommandContext(io, command.optsWithGlobals<GlobalOptions>());
  registerLogin(program, context);
  registerLogout(program, context);
  registerEndpoints(program, context);
  registerDestinations(program, context);
  registerIssues(program, context);
  registerSubscriptions(program, context);
  registerTransformations(program, context);
  registerEvents(program, context);
  registerEventTypes(program, context);
  registerDeliveries(program, context);
  registerNotifications(program, context);
  registerListen(program, context);
  registerReplay(program, context);
  registerBulkRetries(program, context);
  registerAudit(program, context, exit);
  registerTriggers(program, context);
  registerAgents(program, context);
  registerApiKeys(program, context);
  registerUsage(program, context);
  // Subcommands inherit the overrides (exit, output) of the program.
  for (const command of program.commands) inherit(command, program);
  return program;
}

function inherit(command: Command, parent: Command): void {
  command.exitOverride().configureOutput(parent.configureOutput()).showHelpAfterError('(run with --help for usage)');
  for (const child of command.commands) inherit(child, command);
}

/** Runs one command line (arguments after the program name) and answers its exit code. Never throws. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  let code = 0;
  const program = buildProgram(io, (exitCode) => (code = exitCode));
  try {
    await program.parseAsync(args, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end with code 0; usage mistakes were already explained by commander.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (io.signal.aborted) return code;
    if (error instanceof CliError) {
      io.stderr.write(`error: ${error.message}\n`);
      return error.exitCode;
    }
    // Something unexpected: one line, no stack trace (WEBHOOK_RELAY_DEBUG=1 shows it).
    io.stderr.write(`error: ${(error as Error)?.message ?? String(error)}\n`);
    if (io.env.WEBHOOK_RELAY_DEBUG) io.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
    return EXIT_FAILURE;
  }
}
