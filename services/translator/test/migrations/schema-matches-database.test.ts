import { describe, expect, it } from '@jest/globals';
import { schemaDriftProblems } from '@workspace/service-kit/testing';
import { TEMPLATE } from '../helpers/template.js';

// If the schema and the migrated database disagree, `service-migrate dev` writes a migration that undoes the
// difference. How to fix a failure: packages/service-kit/docs/migrations.md.
describe('prisma/schema.prisma', () => {
  it('describes the database its migrations build, apart from what prisma/drift-allowlist.txt names', async () => {
    expect(await schemaDriftProblems({ ...TEMPLATE, databasePrefix: 'translator_test' })).toEqual([]);
  });
});
