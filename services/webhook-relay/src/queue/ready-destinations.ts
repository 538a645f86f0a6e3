import type { Redis } from 'ioredis';

/**
 * Which destinations have delivery work, in Redis, so a worker process finds them without looking at the
 * others: idle destinations have no entry and cost nothing.
 *
 * - `ready` (sorted set): a destination whose queue has jobs, scored by when to look at it next: now when
 *   woken, the end of a retry wait, or the end of a claim's lease while a worker process holds it.
 * - `woken` (hash): destinations woken while already in `ready`, so the holder looks again before it lets go.
 * - `wake` (channel): a message when a destination enters `ready`, so idle worker processes claim at once.
 *
 * Claiming moves an entry's score to the end of a lease, which the holder renews while it works: a process
 * that dies leaves its destinations to the others when the lease runs out. The lease only decides who
 * looks; BullMQ's global concurrency of 1 on each destination queue decides who may send (see
 * DestinationConsumer).
 */
export class ReadyDestinations {
  readonly channel: string;
  private readonly readyKey: string;
  private readonly wokenKey: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.readyKey = `${prefix}:relay:ready`;
    this.wokenKey = `${prefix}:relay:woken`;
    this.channel = `${prefix}:relay:wake`;
    defineScripts(redis);
  }

  /** Marks destinations ready now (a retry wait in progress keeps its time) and tells idle processes. */
  async wake(destinationIds: string[], now: number): Promise<void> {
    if (destinationIds.length === 0) return;
    await (this.redis as ScriptedRedis).relayWakeDestinations(this.readyKey, this.wokenKey, this.channel, now, ...destinationIds);
  }

  /**
   * Marks destinations ready now unless they already have an entry; the holder is not asked to look again.
   * The reconciler's repair for entries Redis lost.
   */
  async ensure(destinationIds: string[], now: number): Promise<number> {
    if (destinationIds.length === 0) return 0;
    return (this.redis as ScriptedRedis).relayEnsureDestinations(this.readyKey, this.channel, now, ...destinationIds);
  }

  /**
   * Takes up to `max` destinations due at `now` and leases them until `leaseUntil`. Also returns the
   * earliest time any entry falls due (null when none has one), for the caller's next look.
   */
  async claim(now: number, max: number, leaseUntil: number): Promise<{ destinationIds: string[]; nextDueAt: number | null }> {
    const [ids, next] = await (this.redis as ScriptedRedis).relayClaimDestinations(this.readyKey, this.wokenKey, now, max, leaseUntil);
    return { destinationIds: ids, nextDueAt: next === null || next === false ? null : Number(next) };
  }

  /** Extends a held destination's lease. */
  async renew(destinationId: string, leaseUntil: number): Promise<void> {
    await this.redis.zadd(this.readyKey, 'XX', leaseUntil, destinationId);
  }

  /**
   * Lets go of a held destination: it is looked at again at `dueAt`, or not at all when `dueAt` is null
   * (its queue is empty). Answers false, changing nothing, when the destination was woken since the
   * holder's last look: the holder looks again (its queue may have a job it has not seen).
   */
  async release(destinationId: string, dueAt: number | null): Promise<boolean> {
    const released = await (this.redis as ScriptedRedis).relayReleaseDestination(
      this.readyKey,
      this.wokenKey,
      destinationId,
      dueAt === null ? '' : String(dueAt),
      'release',
    );
    return released === 1;
  }

  /**
   * Lets go of a held destination that still has work, due at `now`: behind every destination that became
   * due earlier, so a long backlog takes turns with the others instead of holding a worker.
   */
  async yieldTurn(destinationId: string, now: number): Promise<void> {
    await (this.redis as ScriptedRedis).relayReleaseDestination(this.readyKey, this.wokenKey, destinationId, String(now), 'yield');
  }

  /**
   * True for one caller per `ms` across every process on this prefix: the reconciler's periodic pass runs
   * in one process at a time, not in each.
   */
  async takeTurn(name: string, token: string, ms: number): Promise<boolean> {
    return (await this.redis.set(`${this.readyKey}:turn:${name}`, token, 'PX', Math.max(1, ms), 'NX')) === 'OK';
  }

  /** The entry's due time (tests and the reconciler's report). */
  async dueAt(destinationId: string): Promise<number | null> {
    const score = await this.redis.zscore(this.readyKey, destinationId);
    return score === null ? null : Number(score);
  }

  /** How many destinations have an entry. */
  count(): Promise<number> {
    return this.redis.zcard(this.readyKey);
  }
}

interface ScriptedRedis extends Redis {
  relayWakeDestinations(ready: string, woken: string, channel: string, now: number, ...ids: string[]): Promise<number>;
  relayEnsureDestinations(ready: string, channel: string, now: number, ...ids: string[]): Promise<number>;
  relayClaimDestinations(
    ready: string,
    woken: string,
    now: number,
    max: number,
    leaseUntil: number,
  ): Promise<[string[], string | null | false]>;
  relayReleaseDestination(ready: string, woken: string, id: string, dueAt: string, mode: 'release' | 'yield'): Promise<number>;
}

// Each script runs atomically: a wake between a holder's last look and its release is never lost.
const WAKE = `
local added = 0
for i = 2, #ARGV do
  if redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[i]) == 1 then
    added = added + 1
  else
    redis.call('HSET', KEYS[2], ARGV[i], 1)
  end
end
if added > 0 then redis.call('PUBLISH', KEYS[3], added) end
return added`;

const ENSURE = `
local added = 0
for i = 2, #ARGV do
  added = added + redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[i])
end
if added > 0 then redis.call('PUBLISH', KEYS[2], added) end
return added`;

const CLAIM = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, id in ipairs(ids) do
  redis.call('ZADD', KEYS[1], 'XX', ARGV[3], id)
  redis.call('HDEL', KEYS[2], id)
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {ids, first[2] or false}`;

const RELEASE = `
if redis.call('HDEL', KEYS[2], ARGV[1]) == 1 and ARGV[3] == 'release' then return 0 end
if ARGV[2] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[1])
end
return 1`;

function defineScripts(redis: Redis): void {
  if ('relayClaimDestinations' in redis) return;
  redis.defineCommand('relayWakeDestinations', { numberOfKeys: 3, lua: WAKE });
  redis.defineCommand('relayEnsureDestinations', { numberOfKeys: 2, lua: ENSURE });
  redis.defineCommand('relayClaimDestinations', { numberOfKeys: 2, lua: CLAIM });
  redis.defineCommand('relayReleaseDestination', { numberOfKeys: 2, lua: RELEASE });
}
