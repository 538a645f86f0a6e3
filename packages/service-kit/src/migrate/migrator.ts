import { dirname, resolve } from 'node:path';
import type { HistoryDiagnostic, SchemaFilter } from '@prisma/schema-engine-wasm/schema_engine_bg';
import { parseDatabaseUrl } from './database-url.js';
import { listDatabaseObjects } from './database-objects.js';
import { compareWithAllowList, splitScript } from './drift.js';
import type { SchemaDrift } from './drift.js';
import { defaultAllowListPath, readDriftAllowList } from './drift-allowlist.js';
import { databaseExists, ensureDatabase } from './ensure-database.js';
import { MigrationError } from './engine-error.js';
import { listMigrationNames, loadMigrationList, nameAfter, readSchemaFiles, writeMigration } from './migrations-dir.js';
import { openSchemaEngine, takeSchemaEnginePanic } from './wasm-engine.js';
import type { SchemaEngine, SchemaEngineHandle } from './wasm-engine.js';

export interface MigratorOptions {
  databaseUrl: string;
  /** A schema.prisma file, or a folder of *.prisma files. */
  schemaPath: string;
  migrationsDir: string;
  /** Intended drift between schema and database (docs/migrations.md); default: drift-allowlist.txt beside the schema. */
  allowListPath?: string;
  log?: (message: string) => void;
}

export interface DevOptions {
  /** Write the migration without applying it, to be edited by hand first; written even when empty. */
  createOnly?: boolean;
}

export interface MigrationStatus {
  databaseExists: boolean;
  /** Migration folders on disk, in the order they apply. */
  local: string[];
  /** On disk, not yet applied. */
  pending: string[];
  /** Recorded as failed in _prisma_migrations; deploy refuses to continue until resolved (P3009). */
  failed: string[];
  /** Applied, but migration.sql changed since. */
  edited: string[];
  /** Applied to the database, but missing from the folder. */
  missingLocally: string[];
  upToDate: boolean;
}

export interface Migrator {
  deploy(): Promise<{ applied: string[] }>;
  /**
   * Applies pending migrations, then writes the migration that brings them to the schema and applies it.
   * Steps the allow-list's [diff] names are left out of it.
   */
  dev(name: string, options?: DevOptions): Promise<{ created: string | null; applied: string[]; leftOut: string[] }>;
  /** Compares the database (as migrated) with the schema, against the allow-list. */
  diff(): Promise<SchemaDrift & { allowListPath: string }>;
  status(): Promise<MigrationStatus>;
  close(): Promise<void>;
}

const FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

function historyLists(history: HistoryDiagnostic | null): { pending: string[]; missingLocally: string[] } {
  if (history === null) return { pending: [], missingLocally: [] };
  switch (history.diagnostic) {
    case 'databaseIsBehind':
      return { pending: history.unappliedMigrationNames, missingLocally: [] };
    case 'migrationsDirectoryIsBehind':
      return { pending: [], missingLocally: history.unpersistedMigrationNames };
    case 'historiesDiverge':
      return { pending: history.unappliedMigrationNames, missingLocally: history.unpersistedMigrationNames };
  }
}

export function createMigrator(options: MigratorOptions): Migrator {
  const databaseUrl = options.databaseUrl;
  const schemaPath = resolve(options.schemaPath);
  const migrationsDir = resolve(options.migrationsDir);
  const log = options.log ?? ((message: string) => console.log(message));
  const poolConfig = parseDatabaseUrl(databaseUrl);
  const allowListPath = (async () => (options.allowListPath ? resolve(options.allowListPath) : defaultAllowListPath(schemaPath)))();
  allowListPath.catch(() => undefined);

  let handle: Promise<SchemaEngineHandle> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  // The schema is re-read on every command; the engine only needs it at creation for the datasource.
  const loadSchema = async () => ({ files: await readSchemaFiles(schemaPath) });

  function engine(): Promise<SchemaEngine> {
    handle ??= loadSchema().then((schema) =>
      openSchemaEngine(
        poolConfig,
        schema.files.map((file): [string, string] => [file.path, file.content]),
      ),
    );
    handle.catch(() => {
      handle = undefined;
    });
    return handle.then((opened) => opened.engine);
  }

  // One wasm engine handles one command at a time; overlapping calls on it are not supported.
  function serialized<T>(command: string, run: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new MigrationError(command, 'the migrator is closed'));
    const result = queue.then(async () => {
      try {
        return await run();
      } catch (error) {
        const panic = takeSchemaEnginePanic();
        if (panic !== undefined) {
          // A panicked engine cannot be used (or freed) again; the next command opens a new one on the
          // same wasm instance, which keeps working. Panics raised outside a command's promise still
          // surface as an uncaught "RuntimeError: unreachable".
          const opened = handle;
          handle = undefined;
          await opened?.then((h) => h.close()).catch(() => undefined);
          throw new MigrationError(command, `schema engine panicked: ${panic}`);
        }
        throw error instanceof MigrationError ? error : new MigrationError(command, error);
      }
    });
    queue = result.catch(() => undefined);
    return result;
  }

  async function applyPending(se: SchemaEngine): Promise<string[]> {
    const { appliedMigrationNames } = await se.applyMigrations({
      migrationsList: await loadMigrationList(migrationsDir),
      filters: FILTERS,
    });
    for (const name of appliedMigrationNames) log(`Applied migration ${name}`);
    return appliedMigrationNames;
  }

  // devDiagnostic must run with the whole history applied: it fills, through a shadow database, the schema
  // cache that createMigration reads. With migrations pending it skips the shadow database, and
  // createMigration then fails with "PostgreSQL shadow DB must be provided through an external factory"
  // (what `dev` did on every service until pending migrations were applied first).
  async function diagnose(se: SchemaEngine): Promise<void> {
    const diagnostic = await se.devDiagnostic({ migrationsList: await loadMigrationList(migrationsDir), filters: FILTERS });
    if (diagnostic.action.tag === 'reset') {
      throw new Error(`the database needs a reset, which is never done automatically: ${diagnostic.action.reason}`);
    }
  }

  return {
    deploy: () =>
      serialized('deploy', async () => {
        await ensureDatabase(databaseUrl);
        const applied = await applyPending(await engine());
        if (applied.length === 0) log('No pending migrations to apply.');
        return { applied };
      }),

    dev: (name: string, devOptions: DevOptions = {}) =>
      serialized('dev', async () => {
        // Like Prisma's CLI: the name becomes part of a folder name, so no separators or odd characters.
        const migrationName = name
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9_]+/g, '_')
          .replace(/^_+|_+$/g, '')
          .slice(0, 200);
        if (!migrationName) throw new Error(`"${name}" is not usable as a migration name; use letters, digits and _`);
        await ensureDatabase(databaseUrl);
        const se = await engine();
        // Checks the applied history first (edited or missing migrations, drift), so nothing is applied to
        // a database that needs a reset; then again once the pending migrations are in (see diagnose).
        await diagnose(se);
        const applied = await applyPending(se);
        if (applied.length > 0) await diagnose(se);
        const created = await se.createMigration({
          draft: devOptions.createOnly === true,
          migrationName,
          migrationsList: await loadMigrationList(migrationsDir),
          schema: await loadSchema(),
          filters: FILTERS,
        });
        const allowList = await readDriftAllowList(await allowListPath);
        const allowed = new Set(allowList.diff.map((allowedStep) => allowedStep.entry));
        const { warnings, steps } = splitScript(created.migrationScript ?? '');
        const leftOut = steps.filter((step) => allowed.has(step.sql));
        const kept = steps.filter((step) => !allowed.has(step.sql));
        for (const step of leftOut) log(`Left out (allowed by ${allowList.path}): ${step.sql}`);
        if (created.migrationScript === null || (kept.length === 0 && !devOptions.createOnly)) {
          log('Already in sync, no changes: no migration created.');
          return { created: null, applied, leftOut: leftOut.map((step) => step.sql) };
        }
        const script =
          leftOut.length === 0
            ? created.migrationScript
            : kept.length === 0
              ? '-- This is an empty migration.\n'
              : `${[warnings, ...kept.map((step) => step.text)].filter(Boolean).join('\n\n')}\n`;
        const folder = nameAfter(await listMigrationNames(migrationsDir), created.generatedMigrationName);
        await writeMigration(migrationsDir, folder, script);
        log(`Created migration ${folder}`);
        if (devOptions.createOnly) {
          log(`Not applied: edit ${folder}/migration.sql, then run dev again (or deploy) to apply it.`);
          return { created: folder, applied, leftOut: leftOut.map((step) => step.sql) };
        }
        return { created: folder, applied: [...applied, ...(await applyPending(se))], leftOut: leftOut.map((step) => step.sql) };
      }),

    diff: () =>
      serialized('diff', async () => {
        if (!(await databaseExists(databaseUrl))) throw new Error(`database "${poolConfig.database}" does not exist; run deploy first`);
        const se = await engine();
        const diagnosis = await se.diagnoseMigrationHistory({
          migrationsList: await loadMigrationList(migrationsDir),
          optInToShadowDatabase: false,
          filters: FILTERS,
        });
        const schema = await loadSchema();
        // From the database the engine is connected to (the datasource) to the schema: the SQL that would make
        // the database match the schema. The wasm engine refuses a `url` target; the datasource is the same one.
        const result = await se.diff({
          from: { tag: 'schemaDatasource', files: schema.files, configDir: dirname(schemaPath) },
          to: { tag: 'schemaDatamodel', files: schema.files },
          script: true,
          exitCode: null,
          filters: FILTERS,
        });
        const path = await allowListPath;
        const drift = compareWithAllowList(
          result.stdout ?? '',
          await listDatabaseObjects(poolConfig),
          await readDriftAllowList(path),
          historyLists(diagnosis.history).pending,
        );
        return { ...drift, allowListPath: path };
      }),

    status: () =>
      serialized('status', async () => {
        const local = await listMigrationNames(migrationsDir);
        if (!(await databaseExists(databaseUrl))) {
          return { databaseExists: false, local, pending: local, failed: [], edited: [], missingLocally: [], upToDate: local.length === 0 };
        }
        const diagnosis = await (await engine()).diagnoseMigrationHistory({
          migrationsList: await loadMigrationList(migrationsDir),
          optInToShadowDatabase: false,
          filters: FILTERS,
        });
        const { pending, missingLocally } = historyLists(diagnosis.history);
        const failed = diagnosis.failedMigrationNames;
        const edited = diagnosis.editedMigrationNames;
        return {
          databaseExists: true,
          local,
          pending,
          failed,
          edited,
          missingLocally,
          upToDate: pending.length + failed.length + edited.length + missingLocally.length === 0,
        };
      }),

    async close() {
      if (closed) return;
      closed = true;
      await queue;
      const opened = handle;
      handle = undefined;
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}
