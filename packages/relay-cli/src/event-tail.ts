import type { EventSummary } from '@workspace/contracts';
import type { RelayClient } from './api-client.js';
import type { Clock } from './io.js';
import { firstIdAt, LOOKBACK_MS, timeOfId } from './event-ids.js';
import type { ListenerCursor } from './listener-cursor.js';

const PAGE_LIMIT = 100;
/** An event whose check is still due (`verification.pending`) is held this long for its result. */
export const VERIFICATION_WAIT_MS = 3_000;

export interface EventTailOptions {
  client: RelayClient;
  endpointId: string;
  clock: Clock;
  /** Resume from the listener's saved cursor; null: start with what arrives next. */
  after: ListenerCursor | null;
  lookbackMs?: number;
  verificationWaitMs?: number;
}

/**
 * Tails one endpoint's events by polling the events list (newest first, cursor-paged) from a little
 * before the newest event seen, and hands out each event once, oldest first.
 */
export class EventTail {
  private readonly seen = new Map<string, number>();
  private readonly pendingSince = new Map<string, number>();
  private newest: string | null;
  /** With a cursor: events before this millisecond were handed out (or missed) before the restart. */
  private readonly floorTime: number | null;

  constructor(private readonly options: EventTailOptions) {
    const { after } = options;
    this.newest = after?.last ?? null;
    this.floorTime = after ? timeOfId(after.last) - (options.lookbackMs ?? LOOKBACK_MS) : null;
    for (const id of after?.recent ?? []) this.seen.set(id, timeOfId(id));
  }

  /** Without a cursor, what is already there counts as seen: only new events are shown. */
  async start(): Promise<void> {
    if (this.options.after !== null) return;
    const page = await this.options.client.listEvents({ endpoint_id: this.options.endpointId, limit: PAGE_LIMIT });
    for (const event of page.data) this.markSeen(event.id);
  }

  /** The newest event handed out (or seen at start). */
  get cursor(): string | null {
    return this.newest;
  }

  /** What was seen at start, as a cursor: a new listener resumes from here next time (from now, when nothing was there). */
  startCursor(): ListenerCursor {
    if (!this.newest) return { last: firstIdAt(this.options.clock.now().getTime()), recent: [] };
    const horizon = timeOfId(this.newest) - (this.options.lookbackMs ?? LOOKBACK_MS);
    return { last: this.newest, recent: [...this.seen].filter(([, time]) => time >= horizon).map(([id]) => id) };
  }

  /** Events not handed out before, oldest first. */
  async poll(): Promise<EventSummary[]> {
    const fresh = (await this.fetchSinceNewest()).filter(
      (event) => !this.seen.has(event.id) && (this.floorTime === null || timeOfId(event.id) >= this.floorTime),
    );
    fresh.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const ready: EventSummary[] = [];
    for (const event of fresh) {
      if (this.awaitsVerification(event)) break;
      this.pendingSince.delete(event.id);
      this.markSeen(event.id);
      ready.push(event);
    }
    this.forgetOld();
    return ready;
  }

  private async fetchSinceNewest(): Promise<EventSummary[]> {
    const lookback = this.options.lookbackMs ?? LOOKBACK_MS;
    const from = this.newest ? new Date(Math.max(0, timeOfId(this.newest) - lookback)).toISOString() : undefined;
    const events: EventSummary[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.options.client.listEvents({ endpoint_id: this.options.endpointId, limit: PAGE_LIMIT, from, cursor });
      events.push(...page.data);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return events;
  }

  private awaitsVerification(event: EventSummary): boolean {
    if (!event.verification.pending) return false;
    const now = this.options.clock.now().getTime();
    const since = this.pendingSince.get(event.id) ?? now;
    this.pendingSince.set(event.id, since);
    return now - since < (this.options.verificationWaitMs ?? VERIFICATION_WAIT_MS);
  }

  private markSeen(id: string): void {
    this.seen.set(id, timeOfId(id));
    if (this.newest === null || id > this.newest) this.newest = id;
  }

  private forgetOld(): void {
    if (!this.newest) return;
    const horizon = timeOfId(this.newest) - 2 * (this.options.lookbackMs ?? LOOKBACK_MS);
    for (const [id, time] of this.seen) if (time < horizon) this.seen.delete(id);
  }
}
