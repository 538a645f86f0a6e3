/**
 * How API processes tell ingest processes which tenants have a live listener, so ingest publishes notices for
 * those tenants only (docs/dashboard.md, "The live feed").
 *
 * - A sorted set holds one member per (tenant, listening process), `${tenantId} ${watcherId}`, scored with the
 *   time (epoch ms) it lapses unless refreshed: an ingest process that starts reads it.
 * - A channel carries each change as it happens: `watch` (added or refreshed, with the new lapse time) and
 *   `unwatch` (that process's last listener of the tenant left).
 * The set is written before the message is published, in one MULTI: whoever reads the set after subscribing to
 * the channel misses nothing.
 */
export const watchersKey = (prefix: string) => `${prefix}:live:watchers`;
export const watchChannel = (prefix: string) => `${prefix}:live:watch`;
export const watcherMember = (tenantId: string, watcherId: string) => `${tenantId} ${watcherId}`;

/** A listening process refreshes its tenants' entries every third of this; a crashed one's lapse after it. */
export const WATCH_TTL_MS = 30_000;

export type WatchMessage = { watcher: string; watch: string[]; until: number } | { watcher: string; unwatch: string[] };

export function parseWatchMessage(text: string): WatchMessage | undefined {
  try {
    const message = JSON.parse(text) as Partial<{ watcher: unknown; watch: unknown; unwatch: unknown; until: unknown }>;
    if (typeof message.watcher !== 'string') return undefined;
    if (isIds(message.watch) && typeof message.until === 'number')
      return { watcher: message.watcher, watch: message.watch, until: message.until };
    if (isIds(message.unwatch)) return { watcher: message.watcher, unwatch: message.unwatch };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

const isIds = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');
