import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createMigrator, driftProblems, dropDatabase, withDatabase } from '@workspace/service-kit';
import { testServerUrl } from '@workspace/service-kit/testing';
import { TEMPLATE } from '../helpers/template.js';

// What `service-migrate dev` diffs against: if the schema and the migrated database disagree, dev writes a
// migration that undoes the difference. A database of its own, migrated from empty (not a clone of the
// template: what is checked is what the migrations build). How to fix a failure:
// packages/service-kit/docs/migrations.md.
describe('prisma/schema.prisma', () => {
  const url = withDatabase(testServerUrl(), `webhook_relay_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`);
  const migrator = createMigrator({
    databaseUrl: url,
    schemaPath: TEMPLATE.schemaPath,
    migrationsDir: TEMPLATE.migrationsDir,
    log: () => undefined,
  });

  afterAll(async () => {
    await migrator.close();
    await dropDatabase(url);
  });

  it('describes the database its migrations build, apart from what prisma/drift-allowlist.txt names', async () => {
    await migrator.deploy();
    const drift = await migrator.diff();
    expect(driftProblems(drift, 'prisma/drift-allowlist.txt')).toEqual([]);
  });
});
