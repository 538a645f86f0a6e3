import { describe, expect, it } from '@jest/globals';
import { compareWithAllowList, driftProblems, parseDriftAllowList, splitScript } from '../src/migrate/index.js';

// What the schema engine's diff prints (script: true), warnings block included.
const ENGINE_SCRIPT = `/*
  Warnings:

  - You are about to drop the \`sweep\` table. If the table is not empty, all the data it contains will be lost.

*/
-- DropIndex
DROP INDEX "orders_customer_id_idx";

-- DropTable
DROP TABLE "sweep";

-- CreateTable
CREATE TABLE "notes" (
    "id" INTEGER NOT NULL,

    CONSTRAINT "notes_pkey" PRIMARY KEY ("id")
);

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
`;

const ALLOW_LIST = `# header: a comment paragraph without entries

[diff]

# The key was dropped on purpose.
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey"
  FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

[database]

# Tenant isolation,
# in two lines of reason.
policy tenant_isolation on orders
row level security on orders (forced)

# A function.
function app_current_tenant()
`;

describe('drift allow-list', () => {
  it("reads [diff] steps across lines and [database] objects one per line, each with its paragraph's reason", () => {
    const list = parseDriftAllowList(ALLOW_LIST, 'prisma/drift-allowlist.txt');
    expect(list.diff).toEqual([
      {
        entry:
          'ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;',
        why: 'The key was dropped on purpose.',
        line: 6,
      },
    ]);
    expect(list.database.map((allowed) => [allowed.entry, allowed.why])).toEqual([
      ['policy tenant_isolation on orders', 'Tenant isolation, in two lines of reason.'],
      ['row level security on orders (forced)', 'Tenant isolation, in two lines of reason.'],
      ['function app_current_tenant()', 'A function.'],
    ]);
  });

  it('refuses an entry without a reason, outside a section, in an unknown section, or listed twice', () => {
    expect(() => parseDriftAllowList('[database]\n\npolicy p on t\n', 'a.txt')).toThrow('a.txt:3: an entry without a reason');
    expect(() => parseDriftAllowList('# why\npolicy p on t\n', 'a.txt')).toThrow(
      'a.txt:2: an entry before any [diff] or [database] section',
    );
    expect(() => parseDriftAllowList('[objects]\n', 'a.txt')).toThrow('a.txt:1: unknown section [objects]');
    expect(() => parseDriftAllowList('[database]\n# why\npolicy p on t\n\n# again\npolicy p on t\n', 'a.txt')).toThrow(
      'a.txt:6: the same entry as line 3',
    );
    expect(() => parseDriftAllowList('[database]\npolicy p on t\n# late reason\n', 'a.txt')).toThrow('a.txt:3: a # line after the entries');
  });

  it('splits an engine script into its steps, without the warnings and comment-only blocks', () => {
    const { warnings, steps } = splitScript(ENGINE_SCRIPT);
    expect(warnings).toContain('You are about to drop the `sweep` table');
    expect(steps.map((step) => step.sql)).toEqual([
      'DROP INDEX "orders_customer_id_idx";',
      'DROP TABLE "sweep";',
      'CREATE TABLE "notes" ( "id" INTEGER NOT NULL, CONSTRAINT "notes_pkey" PRIMARY KEY ("id") );',
      'ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;',
    ]);
    expect(steps[0]?.text).toBe('-- DropIndex\nDROP INDEX "orders_customer_id_idx";');
    expect(splitScript('-- This is an empty migration.\n').steps).toEqual([]);
  });

  it('accepts only allowed steps and listed objects, and names every stale entry', () => {
    const list = parseDriftAllowList(ALLOW_LIST, 'drift-allowlist.txt');
    const drift = compareWithAllowList(
      ENGINE_SCRIPT,
      ['function app_current_tenant()', 'policy tenant_isolation on orders', 'trigger audit on orders'],
      list,
    );

    expect(drift.steps.map((step) => step.allowed)).toEqual([false, false, false, true]);
    expect(drift.unlistedObjects).toEqual(['trigger audit on orders']);
    expect(drift.missingObjects).toEqual(['row level security on orders (forced)']);
    const problems = driftProblems(drift, 'drift-allowlist.txt');
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('-- DropTable\nDROP TABLE "sweep";');
    expect(problems[0]).not.toContain('orders_customer_id_fkey');

    const clean = compareWithAllowList(
      '-- AddForeignKey\nALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;\n',
      ['function app_current_tenant()', 'policy tenant_isolation on orders', 'row level security on orders (forced)'],
      list,
    );
    expect(driftProblems(clean, 'drift-allowlist.txt')).toEqual([]);
    const stale = compareWithAllowList(
      '',
      ['function app_current_tenant()', 'policy tenant_isolation on orders', 'row level security on orders (forced)'],
      list,
    );
    expect(driftProblems(stale, 'drift-allowlist.txt')).toEqual([
      expect.stringMatching(/^drift-allowlist.txt \[diff\] allows steps Prisma no longer proposes/),
    ]);
  });
});
