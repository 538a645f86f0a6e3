// Plain JavaScript: jest loads its globalSetup outside the TypeScript module mapping.
import { fileURLToPath } from 'node:url';

const serviceRoot = fileURLToPath(new URL('../..', import.meta.url));

// One migrated template per test run; every test file clones its own database from it.
export const TEMPLATE = {
  templateName: 'webhook_relay_test_template',
  schemaPath: `${serviceRoot}prisma/schema.prisma`,
  migrationsDir: `${serviceRoot}prisma/migrations`,
};
