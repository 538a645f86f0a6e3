#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineErrorMessage } from './engine-error.js';
import { createMigrator } from './migrator.js';
import type { MigrationStatus } from './migrator.js';

export interface MigrateCliIo {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
}

const USAGE = 'usage: service-migrate deploy|dev <name>|status [--schema prisma/schema.prisma] [--migrations prisma/migrations]';
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

class UsageError extends Error {}

interface ParsedArgs {
  command: 'deploy' | 'dev' | 'status';
  name?: string;
  schema: string;
  migrations: string;
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string> = { schema: 'prisma/schema.prisma', migrations: 'prisma/migrations' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const flag = /^--(schema|migrations)(?:=(.*))?$/.exec(arg);
    if (flag) {
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
  if (command !== 'deploy' && command !== 'dev' && command !== 'status') {
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  }
  if (command === 'dev' && !name) throw new UsageError('dev needs a migration name, e.g. `service-migrate dev add_orders`');
  if ((command !== 'dev' && name !== undefined) || extra.length > 0) {
    throw new UsageError(`unexpected argument "${command === 'dev' ? extra[0] : name}"`);
  }
  return { command, name, schema: flags.schema as string, migrations: flags.migrations as string };
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
      await migrator.dev(args.name as string);
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
