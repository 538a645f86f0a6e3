import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runMigrateCli } from '../src/migrate/index.js';
import { dropDatabases, scratchProject, uniqueName, urlFor } from './support/scratch.js';

// `service-migrate wait` is what each Deployment's init container runs, because `kubectl apply` submits the
// migrate Job and the new pods together: new code must not start before the Job has applied its migrations.
describe('service-migrate wait', () => {
  const authoring = uniqueName('sk_wait_dev');
  const deployed = uniqueName('sk_wait_deploy');
  let project: Awaited<ReturnType<typeof scratchProject>>;

  beforeAll(async () => {
    project = await scratchProject('model Note {\n  id Int @id\n}');
    // A release with one migration, written (and applied) on a database of its own.
    expect((await run(authoring, ['dev', 'init'])).code).toBe(0);
  });

  afterAll(async () => {
    try {
      await dropDatabases(authoring, deployed);
    } finally {
      await project.remove();
    }
  });

  async function run(database: string, argv: string[], sleep?: (ms: number) => Promise<void>) {
    const out: string[] = [];
    const err: string[] = [];
    const env = { DATABASE_URL: urlFor(database) };
    const code = await runMigrateCli(argv, { env, cwd: project.dir, stdout: (l) => out.push(l), stderr: (l) => err.push(l), sleep });
    return { code, out, err };
  }

  it('refuses --timeout without wait, and a timeout under one second', async () => {
    expect((await run(deployed, ['status', '--timeout', '5'])).code).toBe(2);
    expect((await run(deployed, ['wait', '--timeout', '0'])).code).toBe(2);
  });

  it('gives up after its timeout while nobody applies the migrations, naming what it waited for', async () => {
    const result = await run(deployed, ['wait', '--timeout', '1'], () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(result.code).toBe(1);
    expect(result.err).toEqual(['service-migrate: still waiting after 1s for the database to be created; is the migrate Job running?']);
  });

  it('returns as soon as the migrate Job has applied them, when the Job finishes while it waits', async () => {
    // The bad interleaving forced: the pod starts first; the Job deploys during the pod's first pause.
    let jobRan = false;
    const result = await run(deployed, ['wait', '--timeout', '120'], async () => {
      if (jobRan) return;
      jobRan = true;
      expect((await run(deployed, ['deploy'])).code).toBe(0);
    });
    expect(jobRan).toBe(true);
    expect(result).toMatchObject({ code: 0, err: [] });
    expect(result.out).toEqual([
      'Waiting for the migrate Job: the database to be created',
      'Every migration this release knows is applied.',
    ]);
  });

  it('stops at once on a migration edited after it was applied, which no waiting can fix', async () => {
    const [folder] = (await readdir(project.migrationsDir)).filter((name) => /^\d{14}_init$/.test(name));
    const file = join(project.migrationsDir, folder as string, 'migration.sql');
    const original = await readFile(file, 'utf8');
    await writeFile(file, `${original}\n-- edited\n`);
    try {
      const result = await run(deployed, ['wait', '--timeout', '120'], () => Promise.reject(new Error('must not wait')));
      expect(result.code).toBe(1);
      expect(result.err).toEqual([
        expect.stringMatching(/^service-migrate: migrations need a person: .*Edited after being applied: \d{14}_init/),
      ]);
    } finally {
      await writeFile(file, original);
    }
  });
});
