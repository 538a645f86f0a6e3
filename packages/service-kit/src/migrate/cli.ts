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
}

const USAGE =
  'usage: service-migrate deploy | dev <name> [--create-only] | diff | status\n' +
  '         [--schema prisma/schema.prisma] [--migrations prisma/migrations] [--allow-list prisma/drift-allowlist.txt]';
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

class UsageError extends Error {}

const COMMANDS = ['deploy', 'dev', 'diff', 'status'] as const;
type Command = (typeof COMMANDS)[number];

interface ParsedArgs {
  command: Command;
  name?: string;
  createOnly: boolean;
  schema: string;
  migrations: string;
  allowList?: string;
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string> = { schema: 'prisma/schema.prisma', migrations: 'prisma/migrations' };
  let createOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const flag = /^--(schema|migrations|allow-list)(?:=(.*))?$/.exec(arg);
    if (arg === '--create-only') {
      createOnly = true;
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
  return {
    command: command as Command,
    name,
    createOnly,
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
