// Plain JavaScript: jest loads its globalSetup outside the TypeScript module mapping.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const serviceRoot = fileURLToPath(new URL('../..', import.meta.url));
// Several checkouts (git worktrees) share one PostgreSQL server: a template per checkout, or a run in one
// rebuilds the template with its own migrations under another's running tests.
const checkout = createHash('sha256').update(serviceRoot).digest('hex').slice(0, 10);

// One migrated template per test run; every test file clones its own database from it.
export const TEMPLATE = {
  templateName: `config_store_test_template_${checkout}`,
  schemaPath: `${serviceRoot}prisma/schema.prisma`,
  migrationsDir: `${serviceRoot}prisma/migrations`,
};
