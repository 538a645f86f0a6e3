import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { redisOptions, type RedisTimeouts } from '@workspace/service-kit';

/** A job is a wake-up for its destination's worker: the worker always sends the destination's oldest pending delivery first. */
export interface DeliveryJob {
  tenantId: string;
  destinationId: string;
  deliveryId: string;
}

/** One BullMQ queue per destination: each has its own FIFO order and its own worker. */
export const queueName = (destinationId: string) => `destination-${destinationId}`;

/**
 * The connection the delivery workers copy (each BullMQ Worker duplicates it for its blocking fetch) and the
 * probes ping. BullMQ needs maxRetriesPerRequest null and no command timeout here: its blocking commands
 * must wait through reconnects and for longer than any command bound. Only the connect is bounded.
 */
export function connectRedis(url: string, timeouts?: RedisTimeouts): Redis {
  return new Redis(url, { ...redisOptions('blocking', timeouts), lazyConnect: false });
}

/**
 * The queues of every destination, over one shared connection of their own (a Queue opens none here): a
 * copy of `connection` whose every command answers or fails within `timeouts` (enqueueing on a request's
 * path, the reconciler's job counts, rate limits), so a stalled Redis costs a bounded wait, never a hang.
 */
export class DeliveryQueues {
  private readonly queues = new Map<string, Queue<DeliveryJob>>();
  /** The bounded connection the queues use; also what probes ping. */
  readonly commands: Redis;

  constructor(
    /** What workers copy for their blocking connections (see connectRedis); not used for queue commands. */
    readonly connection: Redis,
    readonly prefix: string,
    timeouts?: RedisTimeouts,
  ) {
    this.commands = connection.duplicate(redisOptions('commands', timeouts));
  }

  queue(destinationId: string): Queue<DeliveryJob> {
    let queue = this.queues.get(destinationId);
    if (!queue) {
      queue = new Queue<DeliveryJob>(queueName(destinationId), {
        connection: this.commands,
        prefix: this.prefix,
        // No attempts/backoff/priority/delay: BullMQ's own retry would let later jobs overtake a failing head.
        defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
      });
      this.queues.set(destinationId, queue);
    }
    return queue;
  }

  /**
   * Adds one job per delivery, keyed by the delivery id: adding one that Redis still holds does nothing,
   * so the fan-out, replays and the reconciler may all add the same delivery.
   */
  async enqueue(jobs: DeliveryJob[]): Promise<void> {
    const byDestination = new Map<string, DeliveryJob[]>();
    for (const job of jobs) {
      const list = byDestination.get(job.destinationId) ?? [];
      list.push(job);
      byDestination.set(job.destinationId, list);
    }
    await Promise.all(
      [...byDestination].map(([destinationId, list]) =>
        this.queue(destinationId).addBulk(list.map((data) => ({ name: 'deliver', data, opts: { jobId: data.deliveryId } }))),
      ),
    );
  }

  /** Jobs Redis holds for a destination, in any state but finished. */
  async jobCount(destinationId: string): Promise<number> {
    const counts = await this.queue(destinationId).getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  forget(destinationId: string): Promise<void> {
    const queue = this.queues.get(destinationId);
    this.queues.delete(destinationId);
    return queue ? queue.close() : Promise.resolve();
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    this.commands.disconnect();
  }
}
