import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runMigrateCli } from '../src/migrate/index.js';
import { dropDatabases, scratchProject, uniqueName, urlFor } from './support/scratch.js';

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

  it('exits 1 with one readable line on failure', async () => {
    const result = await run(['deploy', '--schema', 'missing.prisma']);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([expect.stringMatching(/^service-migrate: Migration deploy failed: Prisma schema not found at \S+missing\.prisma$/)]);
  });
});
