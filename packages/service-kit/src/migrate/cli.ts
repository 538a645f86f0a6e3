#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineErrorMessage } from './engine-error.js';
import { driftProblems } from './drift.js';
import { createMigrator } from './migrator.js';
import type { MigrationStatus } from './migrator.js';

export interface MigrateCliIo {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
  /** How `wait` pauses between looks (tests shorten it). */
  sleep?: (ms: number) => Promise<void>;
}

const USAGE =
  'usage: service-migrate deploy | dev <name> [--create-only] | diff | status | wait [--timeout 600]\n' +
  '         [--schema prisma/schema.prisma] [--migrations prisma/migrations] [--allow-list prisma/drift-allowlist.txt]';
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

class UsageError extends Error {}

const COMMANDS = ['deploy', 'dev', 'diff', 'status', 'wait'] as const;
const WAIT_POLL_MS = 2_000;
const DEFAULT_WAIT_SECONDS = 600;
type Command = (typeof COMMANDS)[number];

interface ParsedArgs {
  command: Command;
  name?: string;
  createOnly: boolean;
  /** `wait`: how long to wait for the migrations, in seconds. */
  timeoutSeconds: number;
  schema: string;
  migrations: string;
  allowList?: string;
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string> = { schema: 'prisma/schema.prisma', migrations: 'prisma/migrations' };
  let createOnly = false;
  let timeout: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const flag = /^--(schema|migrations|allow-list)(?:=(.*))?$/.exec(arg);
    const timeoutFlag = /^--timeout(?:=(.*))?$/.exec(arg);
    if (arg === '--create-only') {
      createOnly = true;
    } else if (timeoutFlag) {
      timeout = timeoutFlag[1] ?? argv[++i];
      if (!timeout || !/^\d+$/.test(timeout) || Number(timeout) < 1)
        throw new UsageError('--timeout needs a whole number of seconds, at least 1');
    } else if (flag) {
      const value = flag[2] ?? argv[++i];
      if (!value) throw new UsageError(`${arg} needs a path`);
      flags[flag[1] as string] = value;
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unknown option ${arg}`);
    } else {
      positional.push(arg);
    }
  }
  const [command, name, ...extra] = positional;
  if (!COMMANDS.includes(command as Command)) {
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  }
  if (command === 'dev' && !name) throw new UsageError('dev needs a migration name, e.g. `service-migrate dev add_orders`');
  if ((command !== 'dev' && name !== undefined) || extra.length > 0) {
    throw new UsageError(`unexpected argument "${command === 'dev' ? extra[0] : name}"`);
  }
  if (createOnly && command !== 'dev') throw new UsageError('--create-only goes with dev');
  if (timeout !== undefined && command !== 'wait') throw new UsageError('--timeout goes with wait');
  return {
    command: command as Command,
    name,
    createOnly,
    timeoutSeconds: timeout === undefined ? DEFAULT_WAIT_SECONDS : Number(timeout),
    schema: flags.schema as string,
    migrations: flags.migrations as string,
    allowList: flags['allow-list'],
  };
}

function describeStatus(status: MigrationStatus): string[] {
  const lines = [`${status.local.length} migration(s) found.`];
  if (!status.databaseExists) lines.push('The database does not exist yet.');
  if (status.pending.length) lines.push(`Pending: ${status.pending.join(', ')}`);
  if (status.failed.length) lines.push(`Failed: ${status.failed.join(', ')}`);
  if (status.edited.length) lines.push(`Edited after being applied: ${status.edited.join(', ')}`);
  if (status.missingLocally.length) lines.push(`Applied but missing locally: ${status.missingLocally.join(', ')}`);
  if (status.upToDate) lines.push('Database schema is up to date.');
  return lines;
}

export async function runMigrateCli(argv: readonly string[], io: MigrateCliIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const out = io.stdout ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = io.stderr ?? ((line: string) => process.stderr.write(`${line}\n`));

  let args: ParsedArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    err(`service-migrate: ${(error as Error).message}`);
    err(USAGE);
    return EXIT_USAGE;
  }
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    err('service-migrate: DATABASE_URL is not set; export it, e.g. DATABASE_URL=postgresql://postgres@127.0.0.1:5432/orders');
    return EXIT_USAGE;
  }

  const started = Date.now();
  const migrator = (() => {
    try {
      return createMigrator({
        databaseUrl,
        schemaPath: resolve(cwd, args.schema),
        migrationsDir: resolve(cwd, args.migrations),
        allowListPath: args.allowList === undefined ? undefined : resolve(cwd, args.allowList),
        log: out,
      });
    } catch (error) {
      return error as Error;
    }
  })();
  if (migrator instanceof Error) {
    err(`service-migrate: ${migrator.message}`);
    return EXIT_USAGE;
  }
  try {
    if (args.command === 'deploy') {
      const { applied } = await migrator.deploy();
      out(`Applied ${applied.length} migration(s) in ${((Date.now() - started) / 1000).toFixed(1)}s.`);
    } else if (args.command === 'dev') {
      await migrator.dev(args.name as string, { createOnly: args.createOnly });
    } else if (args.command === 'diff') {
      const drift = await migrator.diff();
      const allowed = drift.steps.filter((step) => step.allowed).length;
      const problems = driftProblems(drift, drift.allowListPath);
      if (problems.length === 0) {
        out(`The schema describes the database${allowed ? `, apart from ${allowed} step(s) allowed by ${drift.allowListPath}` : ''}.`);
        return 0;
      }
      // Several lines on purpose: the SQL is what a maintainer needs to read.
      for (const problem of problems) err(`${problem}\n`);
      return EXIT_FAILURE;
    } else if (args.command === 'wait') {
      return await waitForMigrations(migrator, args.timeoutSeconds, { out, err, sleep: io.sleep ?? defaultSleep });
    } else {
      for (const line of describeStatus(await migrator.status())) out(line);
    }
    return 0;
  } catch (error) {
    // One line: engine messages span several lines, and CI logs are read line by line.
    err(`service-migrate: ${engineErrorMessage(error).replace(/\s*\n\s*/g, ' ')}`);
    return EXIT_FAILURE;
  } finally {
    await migrator.close();
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `wait`: a pod's init container, so new code never starts on a database its migrations have not reached
 * (`kubectl apply` submits the migrate Job and the Deployments together). Exits 0 once nothing is pending;
 * migrations applied but unknown to this image are fine (a newer release's, e.g. during a rollback). Exits 1
 * at once on a failed or edited migration, and after the timeout.
 */
async function waitForMigrations(
  migrator: { status(): Promise<MigrationStatus> },
  timeoutSeconds: number,
  io: { out: (line: string) => void; err: (line: string) => void; sleep: (ms: number) => Promise<void> },
): Promise<number> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let announced = '';
  for (;;) {
    const status = await migrator.status();
    if (status.failed.length || status.edited.length) {
      io.err(`service-migrate: migrations need a person: ${describeStatus(status).slice(1).join(' ')}`);
      return EXIT_FAILURE;
    }
    if (status.databaseExists && status.pending.length === 0) {
      io.out('Every migration this release knows is applied.');
      return 0;
    }
    const waitingFor = status.databaseExists ? `pending: ${status.pending.join(', ')}` : 'the database to be created';
    if (Date.now() >= deadline) {
      io.err(`service-migrate: still waiting after ${timeoutSeconds}s for ${waitingFor}; is the migrate Job running?`);
      return EXIT_FAILURE;
    }
    if (waitingFor !== announced) io.out(`Waiting for the migrate Job: ${waitingFor}`);
    announced = waitingFor;
    await io.sleep(WAIT_POLL_MS);
  }
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    // pnpm puts the bin behind symlinks and shims, so compare real paths.
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMainModule()) {
  runMigrateCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`service-migrate: ${String(error)}\n`);
      process.exitCode = EXIT_FAILURE;
    },
  );
}
