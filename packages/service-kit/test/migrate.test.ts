import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile, cp } from 'node:fs/promises';
import { join } from 'node:path';
import { createMigrator, ensureDatabase, openSchemaEngine, parseDatabaseUrl } from '../src/migrate/index.js';
import { takeSchemaEnginePanic } from '../src/migrate/wasm-engine.js';
import type { Migrator } from '../src/migrate/index.js';
import { SCHEMA_HEADER, databaseNames, dropDatabases, query, scratchProject, uniqueName, urlFor } from './support/scratch.js';

const USER_MODEL = `model User {
  id    Int    @id @default(autoincrement())
  email String @unique
}`;

const USER_MODEL_WITH_NAME = `model User {
  id    Int     @id @default(autoincrement())
  email String  @unique
  name  String?
}`;

describe('createMigrator', () => {
  const devDb = uniqueName('sk_mig_dev');
  const deployDb = uniqueName('sk_mig_deploy');
  const brokenDb = uniqueName('sk_mig_broken');
  let project: Awaited<ReturnType<typeof scratchProject>>;
  const migrators: Migrator[] = [];
  const logs: string[] = [];

  const migrator = (database: string, migrationsDir = project.migrationsDir) => {
    const created = createMigrator({
      databaseUrl: urlFor(database),
      schemaPath: project.schemaPath,
      migrationsDir,
      log: (line) => logs.push(line),
    });
    migrators.push(created);
    return created;
  };

  // One instance for every dev step: the schema must be re-read on each command, not cached.
  let devMigrator: Migrator;

  beforeAll(async () => {
    project = await scratchProject(USER_MODEL);
    devMigrator = migrator(devDb);
  });

  afterAll(async () => {
    try {
      await Promise.all(migrators.map((m) => m.close()));
      await dropDatabases(devDb, deployDb, brokenDb);
    } finally {
      await project.remove();
    }
  });

  it('dev creates the first migration and the lock file, and applies it', async () => {
    const result = await devMigrator.dev('init');

    expect(result.created).toMatch(/^\d{14}_init$/);
    expect(result.applied).toEqual([result.created]);
    const sql = await readFile(join(project.migrationsDir, result.created as string, 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE TABLE "User"');
    expect(await readFile(join(project.migrationsDir, 'migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');
    const tables = await query(devDb, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
    expect(tables.map((row) => row.table_name)).toEqual(['User', '_prisma_migrations']);
  });

  it('dev with an unchanged schema reports no changes', async () => {
    logs.length = 0;
    const result = await devMigrator.dev('nothing');

    expect(result).toEqual({ created: null, applied: [], leftOut: [] });
    expect(logs.join('\n')).toMatch(/no changes/i);
    expect(await readdir(project.migrationsDir)).toHaveLength(2);
  });

  it('dev after adding a field creates a second migration', async () => {
    await writeFile(project.schemaPath, `${SCHEMA_HEADER}\n${USER_MODEL_WITH_NAME}\n`);
    const result = await devMigrator.dev('add_field');

    expect(result.created).toMatch(/^\d{14}_add_field$/);
    expect(await readFile(join(project.migrationsDir, result.created as string, 'migration.sql'), 'utf8')).toContain(
      'ADD COLUMN     "name" TEXT',
    );
    const dirs = (await readdir(project.migrationsDir)).filter((entry) => entry !== 'migration_lock.toml');
    expect(dirs).toHaveLength(2);
    // The shadow databases used for diffing are gone.
    expect(await databaseNames(`prisma\\_shadow\\_${process.pid}\\_%`)).toEqual([]);
  });

  it('status, deploy and deploy again on a fresh database', async () => {
    const dirs = (await readdir(project.migrationsDir)).filter((entry) => entry !== 'migration_lock.toml').sort();
    expect(await ensureDatabase(urlFor(deployDb))).toEqual({ created: true });
    expect(await ensureDatabase(urlFor(deployDb))).toEqual({ created: false });
    const target = migrator(deployDb);

    const before = await target.status();
    expect(before.pending).toEqual(dirs);
    expect(before.upToDate).toBe(false);

    const started = Date.now();
    expect(await target.deploy()).toEqual({ applied: dirs });
    const took = Date.now() - started;
    expect(await target.deploy()).toEqual({ applied: [] });

    const after = await target.status();
    expect(after).toMatchObject({ databaseExists: true, pending: [], failed: [], upToDate: true });
    const columns = await query(deployDb, `SELECT column_name FROM information_schema.columns WHERE table_name = 'User' ORDER BY 1`);
    expect(columns.map((row) => row.column_name)).toEqual(['email', 'id', 'name']);
    process.stdout.write(`deploy of ${dirs.length} migrations took ${took} ms\n`);
  });

  it('status of a database that does not exist lists every migration as pending', async () => {
    const missing = uniqueName('sk_mig_missing');
    const status = await migrator(missing).status();

    expect(status.databaseExists).toBe(false);
    expect(status.pending).toHaveLength(2);
    expect(await databaseNames(missing)).toEqual([]);
  });

  it('deploy rejects with a readable message when a migration is broken', async () => {
    const brokenDir = join(project.dir, 'broken-migrations');
    await cp(project.migrationsDir, brokenDir, { recursive: true });
    await mkdir(join(brokenDir, '29991231000000_broken'));
    await writeFile(join(brokenDir, '29991231000000_broken', 'migration.sql'), 'CREATE TABLE "Partial" (id int);\nTHIS IS NOT SQL;\n');
    const broken = migrator(brokenDb, brokenDir);

    const error = await broken.deploy().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe(
      'Migration deploy failed: migration 29991231000000_broken: Error querying the database: ERROR: syntax error at or near "THIS"',
    );

    // The whole script is one implicit transaction, as with Prisma's native engine: nothing half-applied.
    expect(await query(brokenDb, `SELECT to_regclass('"Partial"') AS partial`)).toEqual([{ partial: null }]);

    // The failed migration is recorded, so the next deploy stops with P3009, also readably.
    const again = await broken.deploy().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(again?.message).toMatch(/^Migration deploy failed: P3009: migrate found failed migrations/);
    expect(again?.message).not.toMatch(/\.rs:\d+/);
    expect((await broken.status()).failed).toEqual(['29991231000000_broken']);
  });

  it('dev introspects CHECK constraints (pg "char" columns) without a panic', async () => {
    // pg_constraint.contype is a "char": read as text it made the engine panic and kill the process.
    const checkDb = uniqueName('sk_mig_check');
    const checkDir = join(project.dir, 'check-migrations');
    await mkdir(join(checkDir, '20260101000000_init'), { recursive: true });
    await writeFile(join(checkDir, 'migration_lock.toml'), 'provider = "postgresql"\n');
    await writeFile(
      join(checkDir, '20260101000000_init', 'migration.sql'),
      'CREATE TABLE "User" ("id" SERIAL NOT NULL, "email" TEXT NOT NULL, "name" TEXT, CONSTRAINT "User_pkey" PRIMARY KEY ("id"), ' +
        'CONSTRAINT "email_not_blank" CHECK ("email" <> \'\'));\nCREATE UNIQUE INDEX "User_email_key" ON "User"("email");\n',
    );
    try {
      const check = migrator(checkDb, checkDir);
      expect(await check.deploy()).toEqual({ applied: ['20260101000000_init'] });
      expect(await check.dev('after_check')).toEqual({ created: null, applied: [], leftOut: [] });
    } finally {
      await dropDatabases(checkDb);
    }
  });

  it('applies a migration whose function body and strings contain semicolons', async () => {
    const fnDb = uniqueName('sk_mig_fn');
    const fnDir = join(project.dir, 'function-migrations');
    await mkdir(join(fnDir, '20260101000000_fn'), { recursive: true });
    await writeFile(
      join(fnDir, '20260101000000_fn', 'migration.sql'),
      `CREATE TABLE "Audit" ("note" TEXT NOT NULL DEFAULT 'a;b');
CREATE FUNCTION audit_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.note := NEW.note || ';checked';
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Audit_note" BEFORE INSERT ON "Audit" FOR EACH ROW EXECUTE FUNCTION audit_note();
`,
    );
    try {
      expect(await migrator(fnDb, fnDir).deploy()).toEqual({ applied: ['20260101000000_fn'] });
      await query(fnDb, 'INSERT INTO "Audit" DEFAULT VALUES');
      expect(await query(fnDb, 'SELECT "note" FROM "Audit"')).toEqual([{ note: 'a;b;checked' }]);
    } finally {
      await dropDatabases(fnDb);
    }
  });

  it('reports a missing schema file readably', async () => {
    const lost = createMigrator({
      databaseUrl: urlFor(devDb),
      schemaPath: join(project.dir, 'nope.prisma'),
      migrationsDir: project.migrationsDir,
      log: () => undefined,
    });
    migrators.push(lost);
    await expect(lost.deploy()).rejects.toThrow(/^Migration deploy failed: Prisma schema not found at .*nope\.prisma$/);
    expect(existsSync(join(project.dir, 'nope.prisma'))).toBe(false);
  });
});

describe('openSchemaEngine', () => {
  it('runs several engines on one wasm instance, and a panic in one leaves the others usable', async () => {
    const config = parseDatabaseUrl(urlFor('postgres'));
    const datamodel: [string, string][] = [['schema.prisma', 'datasource db {\n  provider = "postgresql"\n}\n']];
    const [first, second] = await Promise.all([openSchemaEngine(config, datamodel), openSchemaEngine(config, datamodel)]);
    try {
      expect(() => first.engine.debugPanic()).toThrow();
      expect(takeSchemaEnginePanic()).toContain('This is the debugPanic artificial panic');
      expect(await second.engine.version()).toMatch(/^PostgreSQL/);
      const third = await openSchemaEngine(config, datamodel);
      expect(await third.engine.version()).toMatch(/^PostgreSQL/);
      await third.close();
    } finally {
      await first.close();
      await second.close();
    }
  });
});
