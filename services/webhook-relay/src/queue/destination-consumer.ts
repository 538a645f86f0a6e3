import { randomUUID } from 'node:crypto';
import { createRedisBackend, Job, Queue, Worker, type JobJson, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { queueName, type DeliveryJob } from './delivery-job.js';

/** BullMQ's event stream per queue: nothing here reads it, so it is kept short. */
const EVENTS_KEPT = 100;

/** How soon a destination is looked at again after its worker's stale rate limit was dropped. */
const STALE_LIMIT_RETRY_MS = 10;

/** How soon a destination is looked at again while another process's job is active on its queue. */
export const ACTIVE_ELSEWHERE_RETRY_MS = 1000;

/**
 * Removes, from the oldest end of a queue's wait list, the jobs of the given ids, and their keys: the wake-ups of
 * deliveries an earlier job already sent. Looks at most twice as many entries as ids, from the oldest (BullMQ's
 * own removal scans the whole list per job), so it stays cheap behind a backlog of thousands.
 * KEYS[1] the wait list; ARGV[1] the queue's key prefix (a job's key is it followed by the id); ARGV[2..] ids.
 */
const DROP_WAITING = `
local wanted = {}
for index = 2, #ARGV do wanted[ARGV[index]] = true end
local oldest = redis.call('LRANGE', KEYS[1], -2 * (#ARGV - 1), -1)
local dropped = 0
for _, id in ipairs(oldest) do
  if wanted[id] then
    redis.call('LREM', KEYS[1], -1, id)
    local key = ARGV[1] .. id
    redis.call('DEL', key, key .. ':logs', key .. ':dependencies', key .. ':processed', key .. ':failed', key .. ':unsuccessful')
    dropped = dropped + 1
  end
end
return dropped`;

type DroppingRedis = Redis & { relayDropWaiting(wait: string, keyPrefix: string, ...ids: string[]): Promise<number> };

/** Defines the consumers' own script on `redis` (DeliveryQueues does it before the connection's first command). */
export function defineConsumerScripts(redis: Redis): void {
  if (!('relayDropWaiting' in redis)) redis.defineCommand('relayDropWaiting', { numberOfKeys: 1, lua: DROP_WAITING });
}

/** What is left on a destination's queue once no job can be taken from it now. */
export type QueueRemainder = { kind: 'empty' } | { kind: 'later'; at: number };

/** After a job completes: the next one (already taken), or what is left when there is none to take now. */
export type AfterComplete = { next: Job<DeliveryJob> } | { next: undefined; remainder: QueueRemainder | undefined };

/**
 * Takes a destination's jobs one at a time with BullMQ's manual processing (`Worker.getNextJob`), over the
 * process's shared command connection: no blocking connection, no timers, nothing held once closed. A
 * process keeps a bounded number of them (DeliveryQueues.consumer), so it holds consumers only for the
 * destinations it works on now or did recently.
 *
 * The queue's global concurrency is 1 (set before every take): BullMQ moves a job to active only while no
 * other job of the queue is active, in whatever process, so at most one process sends a destination's
 * head at a time. A process that dies leaves its job active until the lock runs out; the stalled check
 * (`remainder`) then moves it back to wait and the next claimant takes it.
 */
export class DestinationConsumer {
  private readonly queue: Queue<DeliveryJob>;
  private worker: Worker<DeliveryJob>;
  /** What every queue handle of this consumer shares: the process's command connection and the prefix. */
  private readonly shared: WorkerOptions;
  private readonly token = randomUUID();
  private concurrencySet = false;
  private readonly redis: DroppingRedis;

  constructor(
    connection: Redis,
    prefix: string,
    readonly destinationId: string,
    readonly lockMs: number,
  ) {
    const name = queueName(destinationId);
    this.shared = { connection, prefix, skipVersionCheck: true };
    this.queue = new Queue<DeliveryJob>(name, { ...this.shared, skipMetasUpdate: true });
    this.worker = manualWorker(name, this.shared, lockMs);
    defineConsumerScripts(connection);
    this.redis = connection as DroppingRedis;
    // Errors reach the caller through the awaited calls; the emitter must not throw them unhandled.
    this.queue.on('error', () => undefined);
  }

  /** A new claim of the destination starts: the queue's global concurrency is set again on its first take. */
  beginClaim(): void {
    this.concurrencySet = false;
  }

  /** The next job, moved to active and locked for this consumer; undefined when none can be taken now. */
  async take(): Promise<Job<DeliveryJob> | undefined> {
    if (!this.concurrencySet) {
      // Set on every claim, not once per queue: Redis may have lost it (a flush) since the last one. The
      // events stream is kept short here too, as nothing reads it (BullMQ keeps 10,000 entries by default).
      // Awaited before the take, not sent beside it in the same auto-pipelined write: tried (issue 45), a worker
      // process started on a fresh Redis died at once, ioredis throwing "results[i] is not iterable" from its
      // auto-pipeline's callback, past every caller (infra/faults/test/relay-postgres-stall.test.ts).
      await this.queue.getBackend().setQueueMeta({ concurrency: 1, 'opts.maxLenEvents': EVENTS_KEPT });
      this.concurrencySet = true;
    }
    return (await this.worker.getNextJob(this.token, { block: false })) ?? undefined;
  }

  /** Keeps the job's lock (and so the queue's one active slot) while it is being worked on. */
  async extendLock(job: Job<DeliveryJob>): Promise<boolean> {
    return (await job.extendLock(this.token, this.lockMs)) === 1;
  }

  /**
   * Finishes the job and, with `takeNext`, takes the next one in the same round trip. When there is none
   * to take, says what is left if BullMQ's answer tells (an empty queue, a retry wait or jobs set aside), or
   * undefined when it does not (a queue whose active slot another process holds: ask `remainder`).
   */
  async complete(job: Job<DeliveryJob>, takeNext: boolean, now: number, alsoFinished: readonly string[] = []): Promise<AfterComplete> {
    // Issued in the same tick, so both go out in one write (the connection auto-pipelines) and Redis drops the
    // finished wake-ups before it picks the next job: one round trip for the job and all those it made redundant.
    // Dropping is a saving only: if it fails, those jobs run and find their deliveries finished.
    const dropping = alsoFinished.length > 0 ? this.dropWaiting(alsoFinished).catch(() => 0) : 0;
    const [, answer] = (await Promise.all([dropping, job.moveToCompleted(null, this.token, takeNext)])) as [
      number,
      [JobJson | null, string, number, number] | [] | undefined,
    ];
    if (!takeNext || !answer) return { next: undefined, remainder: undefined };
    // An empty answer: BullMQ found nothing waiting, prioritized or delayed, and no other job active (that would
    // have answered "maxed", as the queue's concurrency is 1): the queue is empty, with no second look needed.
    if (answer.length === 0) return { next: undefined, remainder: { kind: 'empty' } };
    const [data, id, limitedUntil, delayedUntil] = answer;
    if (data) return { next: Job.fromJSON(this.worker, data, id) as Job<DeliveryJob> };
    const at = Math.max(Number(limitedUntil) > 0 ? now + Number(limitedUntil) : 0, Number(delayedUntil) || 0);
    return { next: undefined, remainder: at > 0 ? { kind: 'later', at } : undefined };
  }

  /**
   * Removes the waiting jobs of deliveries already finished (sent or dead-lettered by an earlier job's batch):
   * each would only be taken, found finished and completed, one round trip apiece. Only the oldest end of the
   * wait list is looked at; a job not found there (added late, set aside, or active elsewhere) runs as before
   * and finds its delivery finished.
   */
  async dropWaiting(jobIds: readonly string[]): Promise<number> {
    return this.redis.relayDropWaiting(this.queue.keys.wait!, this.queue.toKey(''), ...jobIds);
  }

  /**
   * The head failed: the queue takes nothing for `waitMs` and the job goes back to the front of wait
   * (BullMQ's own retry would let later jobs overtake it).
   */
  async retryAfter(job: Job<DeliveryJob>, waitMs: number): Promise<void> {
    await this.queue.rateLimit(Math.max(1, waitMs));
    await job.moveToWait(this.token);
  }

  /** Sets the job aside until `at` (the others of the queue may run meanwhile). */
  async postpone(job: Job<DeliveryJob>, at: number): Promise<void> {
    await job.moveToDelayed(at, this.token);
  }

  /**
   * Why nothing could be taken: an empty queue, or when to look again (a retry wait, jobs set aside, or
   * another process's active job, which the stalled check moves back once its lock has run out).
   */
  async remainder(now: number): Promise<QueueRemainder> {
    const counts = await this.queue.getJobCounts('active', 'wait', 'prioritized', 'delayed');
    if (counts.active! > 0) {
      await this.worker.getBackend().moveStalledJobsToWait();
      return { kind: 'later', at: now + ACTIVE_ELSEWHERE_RETRY_MS };
    }
    if (counts.wait! + counts.prioritized! > 0) {
      const limitedMs = await this.queue.getRateLimitTtl();
      if (limitedMs > 0) return { kind: 'later', at: now + limitedMs };
      // Jobs wait and Redis holds no rate limit: the worker's own memory of one outlived it (Redis lost its
      // keys during a retry wait). A fresh worker takes the jobs at the next look.
      const stale = this.worker;
      this.worker = manualWorker(stale.name, this.shared, this.lockMs);
      void stale.close().catch(() => undefined);
      return { kind: 'later', at: now + STALE_LIMIT_RETRY_MS };
    }
    if (counts.delayed! > 0) {
      const [next] = await this.queue.getDelayed(0, 0);
      return { kind: 'later', at: Math.max(now + 1, next ? next.timestamp + next.delay : now + ACTIVE_ELSEWHERE_RETRY_MS) };
    }
    return { kind: 'empty' };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.worker.close(), this.queue.close()]);
  }
}

/**
 * A BullMQ worker for manual processing over the shared connection: no processor, no main loop, and no
 * blocking connection (jobs are taken with getNextJob and block false).
 */
function manualWorker(name: string, shared: WorkerOptions, lockMs: number): Worker<DeliveryJob> {
  const worker = new Worker<DeliveryJob>(
    name,
    null,
    {
      ...shared,
      autorun: false,
      lockDuration: lockMs,
      stalledInterval: ACTIVE_ELSEWHERE_RETRY_MS,
      // A crashed worker's job is run again however often it happens: dropping it would lose the delivery.
      maxStalledCount: Number.MAX_SAFE_INTEGER,
    },
    (queue, opts) => createRedisBackend(queue, opts),
  );
  worker.on('error', () => undefined);
  return worker;
}
