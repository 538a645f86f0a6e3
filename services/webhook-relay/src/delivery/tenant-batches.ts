import type { TenantConnectionShare } from './tenant-connection-share.js';

/** Runs one batch of a tenant's items in one statement: one result per item, in order. */
export type RunBatch<Item, Result> = (tenantId: string, items: Item[]) => Promise<Result[]>;

export interface BatchLimits<Item> {
  /** An item's share of a statement's bound (1 unless said). */
  size?: (item: Item) => number;
  /** A statement's bound: items wait for the next connection past it; an item larger than it goes alone. */
  maxSize: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit per tenant: a delivery worker's statements of one kind (heads reads, outcome records) for several of
 * a tenant's destinations in one call. An item goes to PostgreSQL at once when one of the tenant's connections is
 * free (TenantConnectionShare); while none is, the items of the tenant's other destinations that come meanwhile wait
 * with it, and the next free connection runs them all in one statement. Each call costs PostgreSQL a plpgsql call and
 * its statements' executor start and end whatever its rows, so a busy tenant pays that once per batch, not once per
 * destination turn, and an idle one waits for nothing (bench/relay-delivery-scale.md). Each item's promise settles
 * with its own result once the statement is done.
 * Tenants never share a batch: one tenant's statement, or its failure, never holds another's items. A batch that
 * fails is run again item by item, so an item PostgreSQL refuses fails alone.
 */
export class TenantBatches<Item, Result> {
  private readonly waiting = new Map<string, Array<Waiting<Item, Result>>>();
  private readonly size: (item: Item) => number;
  private readonly maxSize: number;

  constructor(
    private readonly connections: TenantConnectionShare,
    private readonly runBatch: RunBatch<Item, Result>,
    limits: BatchLimits<Item>,
  ) {
    this.size = limits.size ?? (() => 1);
    this.maxSize = limits.maxSize;
  }

  /** Resolves with the item's result once its statement is done. */
  run(tenantId: string, item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(tenantId);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      this.waiting.set(tenantId, [{ item, resolve, reject }]);
      this.runWhenConnected(tenantId);
    });
  }

  /** Items of the tenant waiting for a connection now. */
  waitingItems(tenantId: string): number {
    return this.waiting.get(tenantId)?.length ?? 0;
  }

  private runWhenConnected(tenantId: string): void {
    void this.connections.run(tenantId, () => this.runWaiting(tenantId));
  }

  /** Takes the waiting items (up to the statement's bound; the rest wait for the next connection) and runs them. */
  private async runWaiting(tenantId: string): Promise<void> {
    const queue = this.waiting.get(tenantId) ?? [];
    let size = 0;
    let taken = 0;
    while (taken < queue.length && (taken === 0 || size + this.size(queue[taken]!.item) <= this.maxSize)) {
      size += this.size(queue[taken]!.item);
      taken += 1;
    }
    const batch = queue.splice(0, taken);
    if (queue.length === 0) this.waiting.delete(tenantId);
    else this.runWhenConnected(tenantId);
    let results: Result[];
    try {
      results = await this.runBatch(
        tenantId,
        batch.map((waiting) => waiting.item),
      );
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) {
        await this.runBatch(tenantId, [waiting.item]).then(([result]) => waiting.resolve(result!), waiting.reject);
      }
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index]!));
  }
}
