import type { Redis } from 'ioredis';
import { WatchedTenants } from './watched-tenants.js';

/** The channel that carries one tenant's "these events were captured or checked" notices. */
export const eventNoticeChannel = (prefix: string, tenantId: string) => `${prefix}:live:events:${tenantId}`;

/**
 * Tells open dashboards (and any other LiveEvents listener) which events changed: one PUBLISH of their ids per
 * committed batch or checked batch, per tenant, and only for a tenant some API process has a listener for
 * (WatchedTenants): a tenant without one costs Redis nothing, not even the call. Notices are best effort: a
 * page that misses one still finds the event by paging or reloading.
 */
export class EventNotices {
  private readonly watched: WatchedTenants;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
    options: { now?: () => number } = {},
  ) {
    this.watched = new WatchedTenants(() => redis.duplicate(), redis, prefix, onError, options.now);
  }

  publish(tenantId: string, eventIds: string[]): void {
    if (eventIds.length === 0 || !this.watched.isWatched(tenantId)) return;
    this.redis.publish(eventNoticeChannel(this.prefix, tenantId), eventIds.join(',')).catch(this.onError);
  }

  /** Which tenants have listeners (opened at the first publish). */
  get watchedTenants(): WatchedTenants {
    return this.watched;
  }

  close(): void {
    this.watched.close();
  }
}
