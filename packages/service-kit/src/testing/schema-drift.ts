import { randomBytes } from 'node:crypto';
import { withDatabase } from '../migrate/database-url.js';
import { driftProblems } from '../migrate/drift.js';
import { dropDatabase } from '../migrate/ensure-database.js';
import { createMigrator } from '../migrate/migrator.js';
import { testServerUrl } from './test-database.js';

export interface SchemaDriftOptions {
  schemaPath: string;
  migrationsDir: string;
  /** Prefix of the scratch database's name, e.g. `config_store_test`. */
  databasePrefix: string;
}

/**
 * What `service-migrate dev` would see: migrates a database of its own from empty (not a clone of the test
 * template: what is checked is what the migrations build), diffs it against schema.prisma and returns each
 * difference the schema's drift-allowlist.txt does not name, as a sentence. Drops the database afterwards.
 * How to fix a failure: packages/service-kit/docs/migrations.md.
 */
export async function schemaDriftProblems({ schemaPath, migrationsDir, databasePrefix }: SchemaDriftOptions): Promise<string[]> {
  const url = withDatabase(testServerUrl(), `${databasePrefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`);
  const migrator = createMigrator({ databaseUrl: url, schemaPath, migrationsDir, log: () => undefined });
  try {
    await migrator.deploy();
    return driftProblems(await migrator.diff(), 'prisma/drift-allowlist.txt');
  } finally {
    await migrator.close();
    await dropDatabase(url);
  }
}
