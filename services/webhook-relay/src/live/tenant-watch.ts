/**
 * How API processes tell ingest processes which tenants have a live listener, so ingest publishes notices for
 * those tenants only (docs/dashboard.md, "The live feed").
 *
 * - A sorted set holds one member per (tenant, listening process), `${tenantId} ${watcherId}`, scored with the
 *   time (epoch ms) it lapses unless refreshed: an ingest process that starts reads it.
 * - A channel carries each change as it happens: `watch` (added or refreshed, with the new lapse time) and
 *   `unwatch` (that process's last listener of the tenant left).
 * The set is written before the message is published, in one MULTI: whoever reads the set after subscribing to
 * the channel misses nothing. A first announcement carries a number that each ingest process, once it has taken
 * the watch in, publishes back on the announcing process's own ack channel: the announcer knows (from PUBLISH's
 * count of receivers) when every ingest process has it.
 */
export const watchersKey = (prefix: string) => `${prefix}:live:watchers`;
export const watchChannel = (prefix: string) => `${prefix}:live:watch`;
export const watcherMember = (tenantId: string, watcherId: string) => `${tenantId} ${watcherId}`;
export const watchAckChannel = (prefix: string, watcherId: string) => `${prefix}:live:watch-ack:${watcherId}`;

/** A listening process refreshes its tenants' entries every third of this; a crashed one's lapse after it. */
export const WATCH_TTL_MS = 30_000;
/** How long an announcer waits for the ingest processes' acks before it goes on without the missing ones. */
export const WATCH_ACK_TIMEOUT_MS = 2_000;

export type WatchMessage = { watcher: string; watch: string[]; until: number; ack?: number } | { watcher: string; unwatch: string[] };

export function parseWatchMessage(text: string): WatchMessage | undefined {
  try {
    const message = JSON.parse(text) as Partial<{ watcher: unknown; watch: unknown; unwatch: unknown; until: unknown; ack: unknown }>;
    if (typeof message.watcher !== 'string') return undefined;
    if (isIds(message.watch) && typeof message.until === 'number')
      return {
        watcher: message.watcher,
        watch: message.watch,
        until: message.until,
        ...(typeof message.ack === 'number' ? { ack: message.ack } : {}),
      };
    if (isIds(message.unwatch)) return { watcher: message.watcher, unwatch: message.unwatch };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

const isIds = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');
