import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { redisOptions, type RedisTimeouts } from '@workspace/service-kit';
import { queueName, type DeliveryJob } from './delivery-job.js';
import { defineBullmqScripts } from './bullmq-scripts.js';
import { defineConsumerScripts, DestinationConsumer } from './destination-consumer.js';
import { definePacerScripts } from './destination-pacer.js';
import { shareScriptsWithPipelines } from './pipeline-scripts.js';
import { ReadyDestinations, type DestinationRef } from './ready-destinations.js';

export { queueName, type DeliveryJob } from './delivery-job.js';

/**
 * Queue handles kept open at once for enqueueing; older ones are closed. A handle is a few objects and no
 * connection; making one costs BullMQ's script-table walk, so a fan-out to many destinations should find most.
 */
const OPEN_QUEUES = 2048;
/**
 * Idle destination consumers kept for their next claim: a BullMQ Queue and Worker each, no connection, about
 * 19 KB of heap (so at most about 40 MB). As many as the queue handles: making one and closing the one it
 * displaces cost 100-240 us of CPU, and with 256 kept, a worker cycling through 1,000 destinations made one per
 * claim: 17% of its CPU per delivery at the median of five alternated runs (issue 45, bench/relay-delivery-scale.md).
 */
export const KEPT_CONSUMERS = 2048;

/**
 * Defines every Lua script run on the queues' connection (BullMQ's, the consumers', the pacer's; ReadyDestinations
 * defines its own as it is made) before any command goes through it. The connection auto-pipelines: each tick's
 * commands join one pipeline object, which carries the scripts defined when it was made. A script defined later (as
 * BullMQ does once its first queue there has connected, and as these were when their first user was made) and
 * called in the tick of a pipeline made before it threw inside ioredis ("results[i] is not iterable") past every
 * caller, and the process died: seen as a worker process started beside another (bench/relay-delivery-scale.md;
 * test/delivery/queue-scripts-before-first-pipeline.test.ts).
 */
function defineQueueScripts(redis: Redis): void {
  defineBullmqScripts(redis);
  defineConsumerScripts(redis);
  definePacerScripts(redis);
}

/**
 * The connection the delivery workers copy for what must wait through reconnects (the wake-up
 * subscription). BullMQ's rule for such connections: maxRetriesPerRequest null and no command timeout;
 * only the connect is bounded.
 */
export function connectRedis(url: string, timeouts?: RedisTimeouts): Redis {
  // Lazy: it only connects for what uses it (its copies connect on their own).
  return new Redis(url, { ...redisOptions('blocking', timeouts), lazyConnect: true });
}

/**
 * The queues of every destination, over one shared connection of their own (a Queue opens none here): a
 * copy of `connection` whose every command answers or fails within `timeouts` (enqueueing on a request's
 * path, the reconciler's job counts, the workers' takes), so a stalled Redis costs a bounded wait, never a
 * hang. Enqueueing marks the destination ready (ReadyDestinations), which is how workers find it.
 */
export class DeliveryQueues {
  /** Most recently used last. */
  private readonly queues = new Map<string, Queue<DeliveryJob>>();
  /** Consumers no claim uses now, kept for the next claim of their destination; most recently used last. */
  private readonly idleConsumers = new Map<string, DestinationConsumer>();
  /** The bounded connection the queues use; also what probes ping. */
  readonly commands: Redis;
  readonly ready: ReadyDestinations;

  constructor(
    /** What workers copy for their blocking connections (see connectRedis); not used for queue commands. */
    readonly connection: Redis,
    readonly prefix: string,
    timeouts?: RedisTimeouts,
  ) {
    // Auto-pipelining: the commands that many destinations' work issues in the same tick go out in one write.
    this.commands = connection.duplicate({ ...redisOptions('commands', timeouts), enableAutoPipelining: true });
    defineQueueScripts(this.commands);
    this.ready = new ReadyDestinations(this.commands, prefix);
    // Every script is defined by now: the pipelines each tick makes need not copy them (pipeline-scripts.ts).
    shareScriptsWithPipelines(this.commands);
  }

  private queue(destinationId: string): Queue<DeliveryJob> {
    let queue = this.queues.get(destinationId);
    if (queue) {
      this.queues.delete(destinationId);
    } else {
      queue = new Queue<DeliveryJob>(queueName(destinationId), {
        connection: this.commands,
        prefix: this.prefix,
        skipVersionCheck: true,
        // No write when a handle is made: the consumer sets the queue's meta when it claims the destination.
        skipMetasUpdate: true,
        // No attempts/backoff/priority/delay: BullMQ's own retry would let later jobs overtake a failing head.
        defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
      });
      queue.on('error', () => undefined);
    }
    this.queues.set(destinationId, queue);
    for (const [oldest, handle] of this.queues) {
      if (this.queues.size <= OPEN_QUEUES) break;
      this.queues.delete(oldest);
      void handle.close().catch(() => undefined);
    }
    return queue;
  }

  /**
   * Adds one job per delivery, keyed by the delivery id: adding one that Redis still holds does nothing,
   * so the fan-out, replays and the reconciler may all add the same delivery. Then marks the destinations
   * ready: after the jobs, so a worker that looks finds them.
   */
  async enqueue(jobs: DeliveryJob[], now: number = Date.now()): Promise<void> {
    const byDestination = new Map<string, DeliveryJob[]>();
    const ready = new Map<string, DestinationRef>();
    for (const job of jobs) {
      ready.set(job.destinationId, { tenantId: job.tenantId, destinationId: job.destinationId });
      const list = byDestination.get(job.destinationId) ?? [];
      list.push(job);
      byDestination.set(job.destinationId, list);
    }
    await Promise.all(
      [...byDestination].map(([destinationId, list]) =>
        this.queue(destinationId).addBulk(list.map((data) => ({ name: 'deliver', data, opts: { jobId: data.deliveryId } }))),
      ),
    );
    await this.ready.wake([...ready.values()], now);
  }

  /**
   * A destination's delayed jobs due now, and the destination woken: its queue's head waited for a retry or a
   * probe that a resume (or enabling it again) cancels.
   */
  async dueNow(destination: DestinationRef, now: number = Date.now()): Promise<void> {
    await this.queue(destination.destinationId).promoteJobs();
    await this.ready.wake([destination], now);
  }

  /** Jobs Redis holds for a destination, in any state but finished. */
  async jobCount(destinationId: string): Promise<number> {
    const counts = await this.queue(destinationId).getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  /**
   * The consumer of one destination's queue (see DestinationConsumer), for one claim: made or reused, and
   * handed back with `releaseConsumer`. Idle consumers beyond KEPT_CONSUMERS are closed, oldest first.
   */
  consumer(destinationId: string, lockMs: number): DestinationConsumer {
    let consumer = this.idleConsumers.get(destinationId);
    this.idleConsumers.delete(destinationId);
    if (!consumer || consumer.lockMs !== lockMs) consumer = new DestinationConsumer(this.commands, this.prefix, destinationId, lockMs);
    consumer.beginClaim();
    return consumer;
  }

  releaseConsumer(consumer: DestinationConsumer): void {
    this.idleConsumers.delete(consumer.destinationId);
    this.idleConsumers.set(consumer.destinationId, consumer);
    for (const [oldest, idle] of this.idleConsumers) {
      if (this.idleConsumers.size <= KEPT_CONSUMERS) break;
      this.idleConsumers.delete(oldest);
      void idle.close();
    }
  }

  /**
   * Calls `listener` whenever a destination becomes ready, over a connection of its own (a subscriber
   * can send nothing else); the returned function closes it.
   */
  async onWake(listener: () => void): Promise<() => void> {
    const subscriber = this.connection.duplicate({ connectionName: `${this.prefix}:relay:wake-listener` });
    subscriber.on('message', listener);
    subscriber.on('error', () => undefined);
    await subscriber.subscribe(this.ready.channel);
    return () => subscriber.disconnect();
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values(), ...this.idleConsumers.values()].map((handle) => handle.close()));
    this.queues.clear();
    this.idleConsumers.clear();
    this.commands.disconnect();
  }
}
