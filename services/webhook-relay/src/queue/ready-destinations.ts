import type { Redis } from 'ioredis';

/** A destination and the tenant it belongs to: readiness is kept per tenant, so claims can share places fairly. */
export interface DestinationRef {
  tenantId: string;
  destinationId: string;
}

/** What a worker process holds now, per tenant: the claim gives other tenants' due destinations first go. */
export interface ClaimShares {
  /** Places a tenant may hold in this process while another tenant's destination is due. */
  perTenant: number;
  /** Tenants holding places now: the fast places each holds, and how many more it may take beyond its share. */
  tenants: ReadonlyMap<string, { held: number; beyond: number }>;
  /** Places beyond its share a tenant holding none may take. */
  beyondUnlisted: number;
  /** Places beyond their shares all tenants together may take in this claim. */
  beyondTotal: number;
}

/** Due tenants one claim looks at: many more than a process's places, few enough to keep the script short. */
const TENANTS_PER_CLAIM = 256;

/**
 * Which destinations have delivery work, in Redis, so a worker process finds them without looking at the
 * others: idle destinations have no entry and cost nothing.
 *
 * - `ready:t:<tenant>` (sorted set per tenant): a destination whose queue has jobs, scored by when to look at
 *   it next: now when woken, the end of a retry wait, or the end of a claim's lease while a process holds it.
 * - `ready:tenants` (sorted set): each tenant with an entry, scored by its earliest destination.
 * - `woken` (hash): destinations woken while already ready, so the holder looks again before it lets go.
 * - `wake` (channel): a message when a destination becomes ready, so idle worker processes claim at once.
 *
 * Claiming moves an entry's score to the end of a lease, which the holder renews while it works: a process
 * that dies leaves its destinations to the others when the lease runs out. The lease only decides who
 * looks; BullMQ's global concurrency of 1 on each destination queue decides who may send (see
 * DestinationConsumer). Readiness is kept per tenant so one tenant's thousands of due destinations never
 * stand in front of another's: a claim walks tenants, not destinations (see `claim`).
 */
export class ReadyDestinations {
  readonly channel: string;
  private readonly tenantsKey: string;
  /** Each tenant's set is this followed by its id. */
  private readonly tenantKeyBase: string;
  private readonly wokenKey: string;
  private readonly turnKeyBase: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.tenantsKey = `${prefix}:relay:ready:tenants`;
    this.tenantKeyBase = `${prefix}:relay:ready:t:`;
    this.wokenKey = `${prefix}:relay:woken`;
    this.turnKeyBase = `${prefix}:relay:ready:turn:`;
    this.channel = `${prefix}:relay:wake`;
    defineScripts(redis);
  }

  private get scripted(): ScriptedRedis {
    return this.redis as ScriptedRedis;
  }

  /** Marks destinations ready now (a retry wait in progress keeps its time) and tells idle processes. */
  async wake(destinations: DestinationRef[], now: number): Promise<void> {
    await this.markReady(destinations, now, 1);
  }

  /**
   * Marks destinations ready now unless they already have an entry; the holder is not asked to look again.
   * The reconciler's repair for entries Redis lost.
   */
  ensure(destinations: DestinationRef[], now: number): Promise<number> {
    return this.markReady(destinations, now, 0);
  }

  /** Adds the destinations without an entry (due now); with `markWoken`, the holders of the others look again. */
  private async markReady(destinations: DestinationRef[], now: number, markWoken: 0 | 1): Promise<number> {
    if (destinations.length === 0) return 0;
    const { tenantsKey, wokenKey, channel, tenantKeyBase } = this;
    return this.scripted.relayWakeDestinations(tenantsKey, wokenKey, channel, now, tenantKeyBase, markWoken, ...pairs(destinations));
  }

  /**
   * Takes up to `max` destinations due at `now` and leases them until `leaseUntil`. First each due tenant in
   * turn, up to its share of the process's places (`shares.perTenant` less what it holds); then, if places
   * are left because nobody else is due, the same tenants beyond their share (as many as `shares` allows:
   * see DeliveryLanes.shares), so a lone tenant still uses every place. Also returns the earliest time any entry falls due (null when none
   * has one), for the caller's next look.
   */
  async claim(
    now: number,
    max: number,
    leaseUntil: number,
    shares: ClaimShares,
  ): Promise<{ destinations: DestinationRef[]; nextDueAt: number | null }> {
    const tenants = [...shares.tenants].flatMap(([tenantId, { held, beyond }]) => [tenantId, String(held), String(beyond)]);
    const [flat, next] = await this.scripted.relayClaimDestinations(
      this.tenantsKey,
      this.wokenKey,
      now,
      max,
      leaseUntil,
      this.tenantKeyBase,
      TENANTS_PER_CLAIM,
      shares.perTenant,
      shares.beyondUnlisted,
      shares.beyondTotal,
      ...tenants,
    );
    const destinations: DestinationRef[] = [];
    for (let index = 0; index < flat.length; index += 2) destinations.push({ tenantId: flat[index]!, destinationId: flat[index + 1]! });
    return { destinations, nextDueAt: next === null || next === false ? null : Number(next) };
  }

  /** Extends a held destination's lease. */
  async renew(destination: DestinationRef, leaseUntil: number): Promise<void> {
    await this.scripted.relayRenewDestination(
      this.tenantsKey,
      this.tenantKeyBase,
      destination.tenantId,
      destination.destinationId,
      leaseUntil,
    );
  }

  /**
   * Lets go of a held destination: it is looked at again at `dueAt`, or not at all when `dueAt` is null
   * (its queue is empty). Answers false, changing nothing, when the destination was woken since the
   * holder's last look: the holder looks again (its queue may have a job it has not seen).
   */
  async release(destination: DestinationRef, dueAt: number | null): Promise<boolean> {
    const released = await this.scripted.relayReleaseDestination(
      this.tenantsKey,
      this.wokenKey,
      this.tenantKeyBase,
      destination.tenantId,
      destination.destinationId,
      dueAt === null ? '' : String(dueAt),
      'release',
    );
    return released === 1;
  }

  /**
   * Lets go of a held destination that still has work, due at `now`: behind every destination of its tenant
   * that became due earlier, so a long backlog takes turns with the others instead of holding a worker.
   */
  async yieldTurn(destination: DestinationRef, now: number): Promise<void> {
    await this.scripted.relayReleaseDestination(
      this.tenantsKey,
      this.wokenKey,
      this.tenantKeyBase,
      destination.tenantId,
      destination.destinationId,
      String(now),
      'yield',
    );
  }

  /**
   * True for one caller per `ms` across every process on this prefix: the reconciler's periodic pass runs
   * in one process at a time, not in each.
   */
  async takeTurn(name: string, token: string, ms: number): Promise<boolean> {
    return (await this.redis.set(`${this.turnKeyBase}${name}`, token, 'PX', Math.max(1, ms), 'NX')) === 'OK';
  }

  /** Gives a turn back before its time is up, if `token` still holds it: the next caller may take it at once. */
  async giveBackTurn(name: string, token: string): Promise<void> {
    await this.scripted.relayGiveBackTurn(`${this.turnKeyBase}${name}`, token);
  }

  /** The entry's due time (tests and the reconciler's report). */
  async dueAt(destination: DestinationRef): Promise<number | null> {
    const score = await this.redis.zscore(`${this.tenantKeyBase}${destination.tenantId}`, destination.destinationId);
    return score === null ? null : Number(score);
  }
}

function pairs(destinations: DestinationRef[]): string[] {
  return destinations.flatMap(({ tenantId, destinationId }) => [tenantId, destinationId]);
}

interface ScriptedRedis extends Redis {
  relayWakeDestinations(
    tenants: string,
    woken: string,
    channel: string,
    now: number,
    base: string,
    markWoken: 0 | 1,
    ...pairs: string[]
  ): Promise<number>;
  relayClaimDestinations(
    tenants: string,
    woken: string,
    now: number,
    max: number,
    leaseUntil: number,
    base: string,
    tenantsPerClaim: number,
    perTenant: number,
    beyondUnlisted: number,
    beyondTotal: number,
    ...heldAndBeyond: string[]
  ): Promise<[string[], string | null | false]>;
  relayRenewDestination(tenants: string, base: string, tenantId: string, destinationId: string, leaseUntil: number): Promise<number>;
  relayGiveBackTurn(turn: string, token: string): Promise<number>;
  relayReleaseDestination(
    tenants: string,
    woken: string,
    base: string,
    tenantId: string,
    destinationId: string,
    dueAt: string,
    mode: 'release' | 'yield',
  ): Promise<number>;
}

// Each script runs atomically: a wake between a holder's last look and its release is never lost. The
// tenant sets' keys are derived inside the scripts from `base`: this layout needs a single Redis (or one
// hash slot), as BullMQ's queues on one prefix already do.
const REFRESH_TENANT = `
local function refresh(tenants, base, tenant)
  local first = redis.call('ZRANGE', base .. tenant, 0, 0, 'WITHSCORES')
  if first[2] then redis.call('ZADD', tenants, first[2], tenant) else redis.call('ZREM', tenants, tenant) end
end`;

const WAKE = `
local now, base, markWoken = ARGV[1], ARGV[2], ARGV[3] == '1'
local added = 0
for i = 4, #ARGV, 2 do
  local tenant, id = ARGV[i], ARGV[i + 1]
  if redis.call('ZADD', base .. tenant, 'NX', now, id) == 1 then
    added = added + 1
    -- The tenant's earliest entry is now or earlier.
    redis.call('ZADD', KEYS[1], 'LT', now, tenant)
  elseif markWoken then
    redis.call('HSET', KEYS[2], id, 1)
  end
end
if added > 0 then redis.call('PUBLISH', KEYS[3], added) end
return added`;

const CLAIM = `${REFRESH_TENANT}
local now, free, lease, base = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
local tenantsPerClaim, perTenant = tonumber(ARGV[5]), tonumber(ARGV[6])
local beyondUnlisted, beyondTotal = tonumber(ARGV[7]), tonumber(ARGV[8])
local held, beyond = {}, {}
for i = 9, #ARGV, 3 do
  held[ARGV[i]] = tonumber(ARGV[i + 1])
  beyond[ARGV[i]] = tonumber(ARGV[i + 2])
end
local claimed = {}
local function take(tenant, count)
  local key = base .. tenant
  local ids = redis.call('ZRANGEBYSCORE', key, '-inf', now, 'LIMIT', 0, count)
  for _, id in ipairs(ids) do
    redis.call('ZADD', key, 'XX', lease, id)
    redis.call('HDEL', KEYS[2], id)
    claimed[#claimed + 1] = tenant
    claimed[#claimed + 1] = id
  end
  if #ids > 0 then refresh(KEYS[1], base, tenant) end
  return #ids
end
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tenantsPerClaim)
-- First pass: each due tenant up to its share, so no tenant's backlog stands in front of another's.
for _, tenant in ipairs(due) do
  if free <= 0 then break end
  local room = math.min(free, perTenant - (held[tenant] or 0))
  if room > 0 then free = free - take(tenant, room) end
end
-- Second pass: places nobody else is due for go to the same tenants beyond their share.
for _, tenant in ipairs(due) do
  if free <= 0 or beyondTotal <= 0 then break end
  local room = math.min(free, beyondTotal, beyond[tenant] or beyondUnlisted)
  if room > 0 then
    local taken = take(tenant, room)
    free = free - taken
    beyondTotal = beyondTotal - taken
  end
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {claimed, first[2] or false}`;

const RENEW = `${REFRESH_TENANT}
local base, tenant, id, lease = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local changed = redis.call('ZADD', base .. tenant, 'XX', 'CH', lease, id)
if changed > 0 then refresh(KEYS[1], base, tenant) end
return changed`;

const RELEASE = `${REFRESH_TENANT}
local base, tenant, id, dueAt, mode = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
if redis.call('HDEL', KEYS[2], id) == 1 and mode == 'release' then return 0 end
if dueAt == '' then
  redis.call('ZREM', base .. tenant, id)
else
  redis.call('ZADD', base .. tenant, 'XX', dueAt, id)
end
refresh(KEYS[1], base, tenant)
return 1`;

const GIVE_BACK_TURN = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

function defineScripts(redis: Redis): void {
  if ('relayClaimDestinations' in redis) return;
  redis.defineCommand('relayWakeDestinations', { numberOfKeys: 3, lua: WAKE });
  redis.defineCommand('relayClaimDestinations', { numberOfKeys: 2, lua: CLAIM });
  redis.defineCommand('relayRenewDestination', { numberOfKeys: 1, lua: RENEW });
  redis.defineCommand('relayReleaseDestination', { numberOfKeys: 2, lua: RELEASE });
  redis.defineCommand('relayGiveBackTurn', { numberOfKeys: 1, lua: GIVE_BACK_TURN });
}
