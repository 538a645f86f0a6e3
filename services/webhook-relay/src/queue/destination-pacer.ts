import type { Redis } from 'ioredis';

/**
 * The rate limit of a destination, kept across worker processes: a generic cell rate algorithm whose one
 * number per destination (the theoretical arrival time of the next send) lives in Redis, read and moved on by
 * one script. The clock is Redis's own (TIME), the one every worker process shares. The first send of a
 * destination goes at once; after that a send may take a slot due at most one interval ago, or 50 ms at rates
 * above 20/s (a worker that came back late catches up that much, no more), so the mean rate over a long window is
 * the limit, and a window of one second holds at most one send more than the limit (at 100/s: five).
 *
 * The slot is taken only when it is due within `maxWaitMs`; otherwise nothing is taken and the caller gives
 * the destination back until then (a worker never sits on a place waiting for a slow limit).
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local max_wait = tonumber(ARGV[2])
local slack = tonumber(ARGV[3])
local stored = redis.call('GET', KEYS[1])
local tat = now
if stored then tat = math.max(tonumber(stored), now - slack) end
local wait = tat - now
if wait < 0 then wait = 0 end
if wait > max_wait then return {0, wait} end
redis.call('SET', KEYS[1], tostring(tat + interval), 'PX', math.ceil(math.max(interval * 2, 60000)))
return {1, wait}
`;

type PacingRedis = Redis & {
  relayReserveSend(key: string, intervalMs: number, maxWaitMs: number, slackMs: number): Promise<[number, number]>;
};

/** How far behind a late worker may catch up: one interval, or CATCH_UP_MS at fast rates (a few sends). */
const CATCH_UP_MS = 50;

export interface RateLimit {
  max: number;
  perMs: number;
}

/** What a reservation answers: `reserved` (send after `waitMs`) or not (nothing taken: look again in `waitMs`). */
export interface Reservation {
  reserved: boolean;
  waitMs: number;
}

/** Defines the pacer's script on `redis` (DeliveryQueues does it before the connection's first command). */
export function definePacerScripts(redis: Redis): void {
  if (!('relayReserveSend' in redis)) redis.defineCommand('relayReserveSend', { numberOfKeys: 1, lua: RESERVE });
}

export class DestinationPacer {
  private readonly redis: PacingRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    definePacerScripts(redis);
    this.redis = redis as PacingRedis;
  }

  async reserve(destinationId: string, limit: RateLimit, maxWaitMs: number): Promise<Reservation> {
    const interval = limit.perMs / limit.max;
    const slack = Math.max(interval, CATCH_UP_MS);
    const [reserved, waitMs] = await this.redis.relayReserveSend(`${this.prefix}:relay:pace:${destinationId}`, interval, maxWaitMs, slack);
    return { reserved: reserved === 1, waitMs: Math.ceil(waitMs) };
  }
}
