import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runMigrateCli } from '../src/migrate/index.js';
import { SCHEMA_HEADER, dropDatabases, scratchProject, uniqueName, urlFor } from './support/scratch.js';

describe('runMigrateCli', () => {
  const database = uniqueName('sk_cli');
  let project: Awaited<ReturnType<typeof scratchProject>>;

  beforeAll(async () => {
    project = await scratchProject('model Note {\n  id Int @id\n}');
  });

  afterAll(async () => {
    try {
      await dropDatabases(database);
    } finally {
      await project.remove();
    }
  });

  const run = async (argv: string[], env: NodeJS.ProcessEnv = { DATABASE_URL: urlFor(database) }) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runMigrateCli(argv, { env, cwd: project.dir, stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
    return { code, out, err };
  };

  it('exits 2 with a clear message when DATABASE_URL is unset', async () => {
    const result = await run(['status'], {});
    expect(result.code).toBe(2);
    expect(result.err).toEqual([expect.stringMatching(/^service-migrate: DATABASE_URL is not set/)]);
  });

  it('exits 2 on usage errors', async () => {
    expect((await run(['dev'])).code).toBe(2);
    expect((await run(['push'])).err[0]).toBe('service-migrate: unknown command "push"');
    expect((await run(['status', '--bogus'])).code).toBe(2);
  });

  it('runs dev, deploy and status with paths relative to cwd', async () => {
    const dev = await run(['dev', 'init']);
    expect(dev).toMatchObject({ code: 0, err: [] });
    expect(dev.out.join('\n')).toMatch(/Created migration \d{14}_init/);

    const deploy = await run(['deploy', '--schema', 'prisma/schema.prisma', '--migrations=prisma/migrations']);
    expect(deploy.code).toBe(0);
    expect(deploy.out.at(-1)).toMatch(/^Applied 0 migration\(s\) in \d+\.\ds\.$/);

    const status = await run(['status']);
    expect(status.code).toBe(0);
    expect(status.out).toContain('Database schema is up to date.');
  });

  it('diff exits 0 when the schema describes the database, 1 with the SQL when it does not', async () => {
    const same = await run(['diff']);
    expect(same).toMatchObject({ code: 0, err: [], out: ['The schema describes the database.'] });

    await writeFile(
      join(project.dir, 'prisma', 'schema.prisma'),
      `${SCHEMA_HEADER}\nmodel Note {\n  id   Int     @id\n  body String?\n}\n`,
    );
    const changed = await run(['diff']);
    expect(changed.code).toBe(1);
    expect(changed.err.join('\n')).toContain('ALTER TABLE "Note" ADD COLUMN     "body" TEXT;');
  });

  it('dev --create-only writes the migration without applying it; the next dev applies it', async () => {
    const created = await run(['dev', 'add_body', '--create-only']);
    expect(created.code).toBe(0);
    const folder = /Created migration (\d{14}_add_body)/.exec(created.out.join('\n'))?.[1] as string;
    expect((await run(['status'])).out).toContain(`Pending: ${folder}`);

    await writeFile(
      join(project.migrationsDir, folder, 'migration.sql'),
      'ALTER TABLE "Note" ADD COLUMN "body" TEXT;\nCOMMENT ON COLUMN "Note"."body" IS \'by hand\';\n',
    );
    const applied = await run(['dev', 'after_body']);
    expect(applied.code).toBe(0);
    expect(applied.out).toContain(`Applied migration ${folder}`);
    expect(applied.out.at(-1)).toBe('Already in sync, no changes: no migration created.');
    expect((await run(['diff'])).code).toBe(0);
    expect((await run(['status', '--create-only'])).code).toBe(2);
  });

  it('exits 1 with one readable line on failure', async () => {
    const result = await run(['deploy', '--schema', 'missing.prisma']);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      expect.stringMatching(/^service-migrate: Migration deploy failed: Prisma schema not found at \S+missing\.prisma$/),
    ]);
  });
});
