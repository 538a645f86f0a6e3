import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createMigrator, driftProblems } from '../src/migrate/index.js';
import type { Migrator } from '../src/migrate/index.js';
import { SCHEMA_HEADER, databaseNames, dropDatabases, query, scratchProject, uniqueName, urlFor } from './support/scratch.js';

const USER = (extra = '') => `model User {
  id    Int    @id @default(autoincrement())
  email String @unique${extra}
}`;

type Project = Awaited<ReturnType<typeof scratchProject>>;

const folders = async (dir: string) => (await readdir(dir)).filter((entry) => entry !== 'migration_lock.toml').sort();

describe('dev with migrations pending', () => {
  const databases = [uniqueName('sk_dev_first'), uniqueName('sk_dev_fresh'), uniqueName('sk_dev_partial')];
  const [firstDb, freshDb, partialDb] = databases as [string, string, string];
  let project: Project;
  const migrators: Migrator[] = [];
  const migrator = (database: string, migrationsDir = project.migrationsDir) => {
    const created = createMigrator({ databaseUrl: urlFor(database), schemaPath: project.schemaPath, migrationsDir, log: () => undefined });
    migrators.push(created);
    return created;
  };

  beforeAll(async () => {
    project = await scratchProject(USER());
    const first = migrator(firstDb);
    await first.dev('init');
    await first.close();
  });

  afterAll(async () => {
    try {
      await Promise.all(migrators.map((m) => m.close()));
      await dropDatabases(...databases);
    } finally {
      await project.remove();
    }
  });

  // Before: "PostgreSQL shadow DB must be provided through an external factory", on every service.
  it('applies every pending migration on a new database, then writes and applies only the schema change', async () => {
    await writeFile(project.schemaPath, `${SCHEMA_HEADER}\n${USER('\n  name  String?')}\n`);
    const [init] = await folders(project.migrationsDir);

    const result = await migrator(freshDb).dev('add_name');

    expect(result.created).toMatch(/^\d{14}_add_name$/);
    expect(result.applied).toEqual([init, result.created]);
    const sql = await readFile(join(project.migrationsDir, result.created as string, 'migration.sql'), 'utf8');
    expect(sql).toContain('ADD COLUMN     "name" TEXT');
    expect(sql).not.toContain('CREATE TABLE');
    const columns = await query(freshDb, `SELECT column_name FROM information_schema.columns WHERE table_name = 'User' ORDER BY 1`);
    expect(columns.map((row) => row.column_name)).toEqual(['email', 'id', 'name']);
    expect(await databaseNames(`prisma\\_shadow\\_${process.pid}\\_%`)).toEqual([]);
  });

  it('applies the rest of the history on a database that has part of it, then writes only the new change', async () => {
    const [init, addName] = await folders(project.migrationsDir);
    const firstOnly = join(project.dir, 'first-only');
    await mkdir(firstOnly);
    await cp(join(project.migrationsDir, init as string), join(firstOnly, init as string), { recursive: true });
    const older = migrator(partialDb, firstOnly);
    expect(await older.deploy()).toEqual({ applied: [init] });
    // Its session holds the engine's migration lock (pg_advisory_lock) until it is closed.
    await older.close();
    await writeFile(project.schemaPath, `${SCHEMA_HEADER}\n${USER('\n  name  String?\n  age   Int?')}\n`);

    const result = await migrator(partialDb).dev('add_age');

    expect(result.applied).toEqual([addName, result.created]);
    const sql = await readFile(join(project.migrationsDir, result.created as string, 'migration.sql'), 'utf8');
    expect(sql).toContain('ADD COLUMN     "age" INTEGER');
    expect(sql).not.toContain('"name"');
  });
});

// A hand-written history the schema cannot fully say: a relation whose foreign key was dropped on purpose,
// and a trigger.
const HISTORY = `CREATE TABLE "customers" ("id" INTEGER NOT NULL, CONSTRAINT "customers_pkey" PRIMARY KEY ("id"));
CREATE TABLE "orders" ("id" INTEGER NOT NULL, "customer_id" INTEGER NOT NULL, CONSTRAINT "orders_pkey" PRIMARY KEY ("id"));
CREATE FUNCTION orders_touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER orders_touch BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_touch();
`;

const MODELS = (orderExtra = '') => `model Customer {
  id     Int     @id
  orders Order[]

  @@map("customers")
}

model Order {
  id         Int      @id
  customerId Int      @map("customer_id")
  customer   Customer @relation(fields: [customerId], references: [id])${orderExtra}

  @@map("orders")
}`;

const FOREIGN_KEY =
  'ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;';

const ALLOW_LIST = `[diff]

# Dropped on purpose: a lookup per insert.
${FOREIGN_KEY}

[database]

# Touches orders.
function orders_touch()
trigger orders_touch on orders
`;

describe('the allow-list in dev and diff', () => {
  const database = uniqueName('sk_drift');
  let project: Project;
  let allowListPath: string;
  // One migrator: its session keeps the engine's migration lock (pg_advisory_lock), which another
  // migrator's dev or deploy on the same database would wait for.
  let migrator: Migrator;
  const problems = async () => {
    const drift = await migrator.diff();
    return driftProblems(drift, drift.allowListPath);
  };

  beforeAll(async () => {
    project = await scratchProject(MODELS());
    allowListPath = join(project.dir, 'prisma', 'drift-allowlist.txt');
    await mkdir(join(project.migrationsDir, '20260101000000_init'), { recursive: true });
    await writeFile(join(project.migrationsDir, 'migration_lock.toml'), 'provider = "postgresql"\n');
    await writeFile(join(project.migrationsDir, '20260101000000_init', 'migration.sql'), HISTORY);
    await writeFile(allowListPath, ALLOW_LIST);
    migrator = createMigrator({
      databaseUrl: urlFor(database),
      schemaPath: project.schemaPath,
      migrationsDir: project.migrationsDir,
      log: () => undefined,
    });
  });

  afterAll(async () => {
    try {
      await migrator.close();
      await dropDatabases(database);
    } finally {
      await project.remove();
    }
  });

  it('dev leaves the allowed step out and, with nothing else to do, writes no migration', async () => {
    const result = await migrator.dev('next');
    expect(result).toEqual({ created: null, applied: ['20260101000000_init'], leftOut: [FOREIGN_KEY] });
    expect(await folders(project.migrationsDir)).toEqual(['20260101000000_init']);
    expect(await query(database, `SELECT conname FROM pg_constraint WHERE contype = 'f'`)).toEqual([]);
  });

  it('diff accepts the database when only allowed drift remains', async () => {
    const drift = await migrator.diff();
    expect(drift.steps.map((step) => [step.sql, step.allowed])).toEqual([[FOREIGN_KEY, true]]);
    expect(driftProblems(drift, drift.allowListPath)).toEqual([]);
  });

  it('dev writes a schema change without the allowed step', async () => {
    await writeFile(project.schemaPath, `${SCHEMA_HEADER}\n${MODELS('\n  note       String?')}\n`);
    const result = await migrator.dev('add_note');
    const sql = await readFile(join(project.migrationsDir, result.created as string, 'migration.sql'), 'utf8');
    expect(sql).toContain('ALTER TABLE "orders" ADD COLUMN     "note" TEXT;');
    expect(sql).not.toContain('FOREIGN KEY');
    expect(result.leftOut).toEqual([FOREIGN_KEY]);
    expect(await problems()).toEqual([]);
  });

  it('diff fails on a column the schema has and no migration creates, printing the SQL', async () => {
    await writeFile(project.schemaPath, `${SCHEMA_HEADER}\n${MODELS('\n  note       String?\n  total      Int?')}\n`);
    const found = await problems();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('-- AlterTable\nALTER TABLE "orders" ADD COLUMN     "total" INTEGER;');
    await writeFile(project.schemaPath, `${SCHEMA_HEADER}\n${MODELS('\n  note       String?')}\n`);
  });

  it('diff fails on a column a migration creates and the schema lacks', async () => {
    await query(database, 'ALTER TABLE "orders" ADD COLUMN "shipped" BOOLEAN');
    try {
      const found = await problems();
      expect(found).toHaveLength(1);
      expect(found[0]).toContain('ALTER TABLE "orders" DROP COLUMN "shipped";');
    } finally {
      await query(database, 'ALTER TABLE "orders" DROP COLUMN "shipped"');
    }
  });

  it('diff fails on an object the allow-list does not name, and on entries that are gone', async () => {
    await query(database, 'CREATE INDEX orders_open ON "orders" ("id") WHERE "note" IS NULL');
    await writeFile(allowListPath, ALLOW_LIST.replace(`# Dropped on purpose: a lookup per insert.\n${FOREIGN_KEY}\n`, ''));
    try {
      const found = await problems();
      expect(found).toEqual([
        expect.stringContaining(`-- AddForeignKey\n${FOREIGN_KEY}`),
        expect.stringMatching(
          /\[database\] does not name; add them with the reason:\nindex CREATE INDEX orders_open ON public\.orders USING btree \(id\) WHERE \(note IS NULL\)$/,
        ),
      ]);
      await query(database, 'DROP INDEX orders_open');
      await query(database, 'DROP TRIGGER orders_touch ON "orders"');
      await writeFile(allowListPath, ALLOW_LIST);
      expect(await problems()).toEqual([
        expect.stringMatching(
          /\[database\] names objects the migrated database does not have; remove or correct them:\ntrigger orders_touch on orders$/,
        ),
      ]);
    } finally {
      await writeFile(allowListPath, ALLOW_LIST);
    }
  });

  it('dev --create-only writes an empty migration to edit, not the allowed step, and does not apply it', async () => {
    const result = await migrator.dev('by_hand', { createOnly: true });
    expect(result).toMatchObject({ applied: [], leftOut: [FOREIGN_KEY] });
    expect(await readFile(join(project.migrationsDir, result.created as string, 'migration.sql'), 'utf8')).toBe(
      '-- This is an empty migration.\n',
    );
    expect((await migrator.status()).pending).toEqual([result.created]);
    await rm(join(project.migrationsDir, result.created as string), { recursive: true });
  });

  it('without an allow-list file every difference counts', async () => {
    await rm(allowListPath);
    try {
      const found = await problems();
      expect(found[0]).toContain(FOREIGN_KEY);
      expect(found[1]).toContain('function orders_touch()');
    } finally {
      await writeFile(allowListPath, ALLOW_LIST);
    }
  });
});
