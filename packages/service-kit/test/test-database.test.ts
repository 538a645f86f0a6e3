import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase, dropStaleTestDatabases, prepareTemplateDatabase } from '../src/testing/index.js';
import type { TestDatabase } from '../src/testing/index.js';
import { databaseNames, dropDatabases, query, scratchProject, serverUrl, uniqueName } from './support/scratch.js';

const ITEM_MODEL = `model Item {
  id   Int    @id @default(autoincrement())
  name String
}`;

async function addMigration(migrationsDir: string, name: string, sql: string): Promise<void> {
  await mkdir(join(migrationsDir, name), { recursive: true });
  await writeFile(join(migrationsDir, name, 'migration.sql'), sql);
}

async function tables(database: string): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    database,
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
  );
  return rows.map((row) => row.table_name);
}

describe('test databases cloned from a migrated template', () => {
  const templateName = uniqueName('sk_tpl');
  const prefix = uniqueName('sk_tdb');
  let project: Awaited<ReturnType<typeof scratchProject>>;
  const created: TestDatabase[] = [];
  const options = () => ({ serverUrl, templateName, schemaPath: project.schemaPath, migrationsDir: project.migrationsDir });
  const clone = async () => {
    const db = await createTestDatabase({ serverUrl, templateName, prefix });
    created.push(db);
    return db;
  };

  beforeAll(async () => {
    project = await scratchProject(ITEM_MODEL);
    await addMigration(
      project.migrationsDir,
      '20260101000000_init',
      'CREATE TABLE "Item" ("id" SERIAL NOT NULL, "name" TEXT NOT NULL, CONSTRAINT "Item_pkey" PRIMARY KEY ("id"));\n',
    );
  });

  afterAll(async () => {
    try {
      await Promise.all(created.map((db) => db.drop()));
      await dropDatabases(templateName);
    } finally {
      await project.remove();
    }
  });

  it('builds the template once and reuses it while the migrations are unchanged', async () => {
    const first = await prepareTemplateDatabase(options());
    expect(first).toMatchObject({ templateName, rebuilt: true });
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await tables(templateName)).toEqual(['Item', '_prisma_migrations']);

    const second = await prepareTemplateDatabase(options());
    expect(second).toEqual({ ...first, rebuilt: false });

    // Nothing may stay connected to the template, or cloning it fails.
    const sessions = await query('postgres', 'SELECT pid FROM pg_stat_activity WHERE datname = $1', [templateName]);
    expect(sessions).toEqual([]);
  });

  it('gives every clone its own data', async () => {
    const [a, b] = await Promise.all([clone(), clone()]);
    expect(a.name).not.toBe(b.name);
    expect(a.name.startsWith(`${prefix}_`)).toBe(true);
    expect(a.url).toContain(`/${a.name}`);

    await query(a.name, `INSERT INTO "Item" ("name") VALUES ('only in a')`);
    expect(await query(a.name, 'SELECT "name" FROM "Item"')).toEqual([{ name: 'only in a' }]);
    expect(await query(b.name, 'SELECT "name" FROM "Item"')).toEqual([]);
    expect(await tables(b.name)).toEqual(['Item', '_prisma_migrations']);
  });

  it('drop removes the clone, even while someone is connected, and can be called twice', async () => {
    const db = await clone();
    expect(await databaseNames(db.name)).toEqual([db.name]);
    const session = new pg.Client({ connectionString: db.url });
    session.on('error', () => undefined);
    await session.connect();

    await db.drop();
    await session.end().catch(() => undefined);
    await db.drop();
    expect(await databaseNames(db.name)).toEqual([]);
  });

  it('rebuilds the template when the migrations change', async () => {
    const before = await prepareTemplateDatabase(options());
    await addMigration(project.migrationsDir, '20260102000000_add_tag', 'ALTER TABLE "Item" ADD COLUMN "tag" TEXT;\n');

    const after = await prepareTemplateDatabase(options());
    expect(after.rebuilt).toBe(true);
    expect(after.fingerprint).not.toBe(before.fingerprint);

    const db = await clone();
    const columns = await query<{ column_name: string }>(
      db.name,
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'Item' ORDER BY 1`,
    );
    expect(columns.map((row) => row.column_name)).toEqual(['id', 'name', 'tag']);
  });

  it('rebuilds a template left half-built by a killed run', async () => {
    // A killed run leaves the database without the fingerprint comment.
    await query('postgres', `COMMENT ON DATABASE "${templateName}" IS NULL`);
    expect((await prepareTemplateDatabase(options())).rebuilt).toBe(true);
  });

  it('two preparations of the same template at once build it only once', async () => {
    await addMigration(project.migrationsDir, '20260103000000_add_price', 'ALTER TABLE "Item" ADD COLUMN "price" INTEGER;\n');
    // A second service's template (another name) builds alongside, without waiting on this one's lock.
    const otherTemplate = uniqueName('sk_tpl_other');
    try {
      const results = await Promise.all([
        prepareTemplateDatabase(options()),
        prepareTemplateDatabase(options()),
        prepareTemplateDatabase({ ...options(), templateName: otherTemplate }),
      ]);
      expect(results.map((result) => result.rebuilt)).toContain(false);
      expect(results.filter((result) => result.templateName === templateName && result.rebuilt)).toHaveLength(1);
      expect(results[2]).toMatchObject({ templateName: otherTemplate, rebuilt: true });
      await clone();
    } finally {
      await dropDatabases(otherTemplate);
    }
  });

  it('fails clearly when the template does not exist', async () => {
    await expect(createTestDatabase({ serverUrl, templateName: uniqueName('sk_tpl_missing'), prefix })).rejects.toThrow(
      /Template database "sk_tpl_missing_[0-9a-f]+" does not exist: call prepareTemplateDatabase\(\) in jest globalSetup first/,
    );
  });

  it('dropStaleTestDatabases drops old clones nobody is connected to', async () => {
    const old = await clone();
    expect(await dropStaleTestDatabases(prefix, 60 * 60 * 1000, serverUrl)).toEqual([]);

    const dropped = await dropStaleTestDatabases(prefix, 0, serverUrl);
    expect(dropped).toContain(old.name);
    expect(await databaseNames(`${prefix}\\_%`)).toEqual([]);
    expect(await databaseNames(templateName)).toEqual([templateName]);
  });
});
