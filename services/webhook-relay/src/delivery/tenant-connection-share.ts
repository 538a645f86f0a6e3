/**
 * At most `perTenant` of a worker process's database connections serve one tenant's delivery statements at once.
 * A tenant may hold more places than the process has connections (its places per tenant, or every place when
 * nobody else is due), and a turn whose heads carry large bodies holds its connection longer: without this share,
 * one tenant's reads could hold every connection while another tenant's turn waits for one. With a pool of n,
 * a tenant gets n - 1, so one connection is always left to the others (docs/delivery.md#sharing-between-tenants).
 */
export class TenantConnectionShare {
  private readonly inUse = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(readonly perTenant: number) {}

  /** The share for a pool of `poolSize` connections: all but one, and at least one. */
  static forPool(poolSize: number): TenantConnectionShare {
    return new TenantConnectionShare(Math.max(1, poolSize - 1));
  }

  async run<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(tenantId);
    try {
      return await work();
    } finally {
      this.release(tenantId);
    }
  }

  /** Statements of `tenantId` running now. */
  running(tenantId: string): number {
    return this.inUse.get(tenantId) ?? 0;
  }

  private acquire(tenantId: string): Promise<void> | undefined {
    const running = this.running(tenantId);
    if (running < this.perTenant) {
      this.inUse.set(tenantId, running + 1);
      return undefined;
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(tenantId) ?? [];
      queue.push(resolve);
      this.waiting.set(tenantId, queue);
    });
  }

  /** A waiting statement of the same tenant takes the place over; otherwise it is given back. */
  private release(tenantId: string): void {
    const queue = this.waiting.get(tenantId);
    const next = queue?.shift();
    if (next) {
      if (queue!.length === 0) this.waiting.delete(tenantId);
      next();
      return;
    }
    const running = this.running(tenantId) - 1;
    if (running > 0) this.inUse.set(tenantId, running);
    else this.inUse.delete(tenantId);
  }
}
