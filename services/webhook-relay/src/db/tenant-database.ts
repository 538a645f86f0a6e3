import type { Database, TenantTx } from './prisma.js';

const TRANSACTION_OPTIONS = { maxWait: 5_000, timeout: 15_000 };

/**
 * Runs work in one transaction with the tenant set (`app.tenant_id`, transaction-local): the
 * row-level security policies then show and accept that tenant's rows only. Nothing else may
 * reach tenant tables, so a forgotten tenant means no rows rather than every row.
 */
export class TenantDatabase {
  constructor(private readonly db: Database) {}

  run<T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T> {
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT set_config('app.tenant_id', ${tenantId}, true)`;
      return work(tx);
    }, TRANSACTION_OPTIONS);
  }
}
