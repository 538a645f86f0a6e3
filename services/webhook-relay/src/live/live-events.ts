import type { Redis } from 'ioredis';
import { eventNoticeChannel } from './event-notices.js';

export type EventNoticeListener = (eventIds: string[]) => void;

/**
 * The API process's side of the live feed. It holds one Redis subscriber connection, opened when the
 * first page starts listening and closed when the last one leaves, and subscribes to a tenant's channel
 * only while a page of that tenant is open: an idle tenant, or an idle relay, costs no connection and no
 * work.
 */
export class LiveEvents {
  private subscriber: Redis | undefined;
  private readonly listeners = new Map<string, Set<EventNoticeListener>>();
  /** How each listening page's stream is ended when the process shuts down. */
  private readonly enders = new Map<EventNoticeListener, () => void>();

  constructor(
    private readonly connect: () => Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Pages of a tenant listening now (the stream route caps it). */
  listening(tenantId: string): number {
    return this.listeners.get(tenantId)?.size ?? 0;
  }

  /** Open connections to Redis for the feed: 0 or 1. */
  get connections(): number {
    return this.subscriber ? 1 : 0;
  }

  /** `end` closes the listener's stream at shutdown (drain). */
  listen(tenantId: string, listener: EventNoticeListener, end?: () => void): () => void {
    const subscriber = this.open();
    let tenantListeners = this.listeners.get(tenantId);
    if (!tenantListeners) {
      tenantListeners = new Set();
      this.listeners.set(tenantId, tenantListeners);
      subscriber.subscribe(eventNoticeChannel(this.prefix, tenantId)).catch(this.onError);
    }
    tenantListeners.add(listener);
    if (end) this.enders.set(listener, end);
    return () => this.stop(tenantId, listener);
  }

  /** Ends every open stream (the process is shutting down); each stream's own close then stops its listening. */
  drain(): void {
    for (const end of [...this.enders.values()]) end();
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.enders.clear();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    subscriber?.disconnect();
  }

  private stop(tenantId: string, listener: EventNoticeListener): void {
    this.enders.delete(listener);
    const tenantListeners = this.listeners.get(tenantId);
    if (!tenantListeners?.delete(listener) || tenantListeners.size > 0) return;
    this.listeners.delete(tenantId);
    if (this.listeners.size === 0) {
      void this.close();
      return;
    }
    this.subscriber?.unsubscribe(eventNoticeChannel(this.prefix, tenantId)).catch(this.onError);
  }

  private open(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = this.connect();
    const channelStart = `${this.prefix}:live:events:`.length;
    subscriber.on('message', (channel: string, message: string) => {
      const tenantListeners = this.listeners.get(channel.slice(channelStart));
      if (!tenantListeners) return;
      const ids = message.split(',');
      for (const listener of tenantListeners) listener(ids);
    });
    subscriber.on('error', this.onError);
    this.subscriber = subscriber;
    return subscriber;
  }
}
