import { readFile } from 'node:fs/promises';
import type { Schemas } from '@workspace/relay-client';
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import type { CliIo } from '../io.js';
import type { Output } from '../output.js';
import { printTable } from '../table.js';
import { positiveInteger } from './options.js';

// `transformations …` (docs/transformations.md): a destination's versioned JavaScript functions
// `(request) => request`, run in a sandbox before each send.

type TestResult = Schemas['TransformationTestResult'];

interface JsonOption {
  json?: boolean;
}

interface CodeOptions {
  file?: string;
  code?: string;
}

/** The code from `--file <path>` (`-` reads standard input) or `--code '<js>'`; exactly one of them. */
async function codeOption(io: CliIo, options: CodeOptions): Promise<string> {
  if ((options.file === undefined) === (options.code === undefined))
    throw new CliError('give exactly one of --file <path> or --code <js>', EXIT_USAGE);
  if (options.code !== undefined) return options.code;
  if (options.file === '-') return io.readStdin('the transformation code');
  try {
    return await readFile(options.file!, 'utf8');
  } catch (error) {
    throw new CliError(`--file: cannot read ${options.file}: ${(error as Error).message}`, EXIT_USAGE);
  }
}

/** `3` or `none` (detach): the version a destination runs. */
function versionOrNone(value: string): number | null {
  return value === 'none' ? null : positiveInteger(value, 'version (a number, or none)');
}

/** The first line of the code, cut to fit a table column. */
function firstLine(code: string): string {
  const line = code.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** The body as it would be sent: pretty-printed when it is JSON. */
function shownBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function printTestResult(output: Output, result: TestResult): void {
  const took = `${result.duration_ms.toFixed(1)} ms`;
  if (result.outcome === 'send' && result.request) {
    const { method, url, headers, body } = result.request;
    output.line(`outcome: send (${took})`);
    output.line(`${method} ${url}`);
    for (const [name, value] of Object.entries(headers)) output.line(`${name}: ${value}`);
    output.line('');
    output.line(shownBody(body));
  } else if (result.outcome === 'dropped') {
    output.line(`outcome: dropped (${took}): the function returned null, nothing would be sent`);
  } else {
    output.line(`outcome: failed (${took}): ${result.error ?? 'unknown error'}`);
  }
  if (result.logs.length === 0) return;
  output.line('');
  output.line(`logs (${result.logs.length}):`);
  for (const log of result.logs) output.line(`  ${log}`);
}

export function registerTransformations(program: Command, context: (command: Command) => CommandContext): void {
  const transformations = program
    .command('transformations')
    .description("a destination's transformation: JavaScript (request) => request run in a sandbox before each send");

  transformations
    .command('list <destination_id>')
    .description("the destination's versions, newest first, and which one is active")
    .option('--json', 'one JSON object per version and line (with its code)')
    .action(async (destinationId: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const list = await (await ctx.client()).listTransformations(destinationId);
      if (output.isJson) return list.data.forEach((version) => output.json(version));
      output.line(list.active_version === null ? 'Active: none (deliveries go as captured)' : `Active: v${list.active_version}`);
      if (list.data.length === 0)
        return output.line('No versions yet: add one with `webhook-relay transformations create <destination_id> --file transform.js`.');
      printTable(
        output,
        ['VERSION', 'ACTIVE', 'CREATED', 'BY', 'CODE'],
        list.data.map((version) => [
          `v${version.version}`,
          version.active ? 'yes' : '',
          version.created_at,
          version.created_by ?? '',
          firstLine(version.code),
        ]),
      );
    });

  transformations
    .command('create <destination_id>')
    .description('save a new version (versions never change); test it, then activate it, or pass --activate')
    .option('--file <path>', 'the code: a file holding a function expression such as (request) => request (- reads standard input)')
    .option('--code <js>', 'the code inline')
    .option('--activate', 'make it the version deliveries run at once')
    .option('--json', 'print the version as JSON')
    .action(async (destinationId: string, options: JsonOption & CodeOptions & { activate?: boolean }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const code = await codeOption(ctx.io, options);
      const created = await (await ctx.client()).createTransformation(destinationId, { code, activate: options.activate === true });
      if (output.isJson) return output.json(created);
      if (created.active) return output.line(`Created transformation v${created.version} of destination ${destinationId}: active`);
      output.line(`Created transformation v${created.version} of destination ${destinationId}: not active`);
      output.line(`Activate it with \`webhook-relay transformations activate ${destinationId} ${created.version}\``);
    });

  transformations
    .command('activate <destination_id> <version>')
    .description('choose the version deliveries run from their next attempt on; `none` detaches (deliveries go as captured)')
    .option('--json', 'print the destination as JSON')
    .action(async (destinationId: string, version: string, options: JsonOption, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const destination = await (await ctx.client()).activateTransformation(destinationId, { version: versionOrNone(version) });
      if (output.isJson) return output.json(destination);
      const active = destination.transformation_version;
      output.line(
        active === null
          ? `Destination ${destination.id}: no transformation, deliveries go as captured`
          : `Destination ${destination.id}: runs transformation v${active}`,
      );
    });

  transformations
    .command('test <destination_id>')
    .description('run code, or a saved version, on a captured event and show the request it makes; sends and saves nothing')
    .requiredOption('--event <event_id>', 'the captured event to run it on')
    .option('--file <path>', 'code not saved yet, from a file (- reads standard input)')
    .option('--code <js>', 'code not saved yet, inline')
    // Not --version: the program's own --version (the CLI's version) would take it wherever it stands.
    .option('--saved <version>', 'a saved version, e.g. 3')
    .option('--json', 'print the result as JSON')
    .action(async (destinationId: string, options: JsonOption & CodeOptions & { event: string; saved?: string }, command: Command) => {
      const ctx = context(command);
      const output = ctx.output(options.json);
      const given = [options.file, options.code, options.saved].filter((value) => value !== undefined).length;
      if (given !== 1) throw new CliError('give exactly one of --file <path>, --code <js> or --saved <version>', EXIT_USAGE);
      const what =
        options.saved !== undefined ? { version: positiveInteger(options.saved, '--saved') } : { code: await codeOption(ctx.io, options) };
      const result = await (await ctx.client()).testTransformation(destinationId, { event_id: options.event, ...what });
      if (output.isJson) output.json(result);
      else printTestResult(output, result);
      // A failed run is a failed command (exit 1), so a script can test code before saving it.
      if (result.outcome === 'failed') throw new CliError(`the transformation failed: ${result.error ?? 'unknown error'}`);
    });
}
