import type { Redis } from 'ioredis';

/** The channel that carries one tenant's "these events were captured or checked" notices. */
export const eventNoticeChannel = (prefix: string, tenantId: string) => `${prefix}:live:events:${tenantId}`;

/**
 * Tells open dashboards which events changed: one PUBLISH of their ids per committed batch or checked
 * batch, per tenant. A channel nobody listens to costs Redis nothing but the call, and no process does
 * any work for a tenant without an open page. Notices are best effort: a page that misses one still
 * finds the event by paging or reloading.
 */
export class EventNotices {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  publish(tenantId: string, eventIds: string[]): void {
    if (eventIds.length === 0) return;
    this.redis.publish(eventNoticeChannel(this.prefix, tenantId), eventIds.join(',')).catch(this.onError);
  }
}
