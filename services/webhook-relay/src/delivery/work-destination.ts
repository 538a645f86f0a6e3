import type { Job } from 'bullmq';
import type { Logger } from '@workspace/service-kit';
import type { DeliveryJob, DeliveryQueues } from '../queue/delivery-queues.js';
import { deliverHeads, HELD_RETRY_MS, type DeliverHeadsDeps, type RecentlyDone } from './deliver-heads.js';

/** How soon a job whose work failed (PostgreSQL unreachable, say) runs again. */
export const FAILED_JOB_RETRY_MS = 1000;

export interface WorkDestinationDeps extends DeliverHeadsDeps {
  queues: DeliveryQueues;
  logger: Logger;
  done: RecentlyDone;
  /** The lock of the job being worked on and the lease of the claim; both renewed every third of it. */
  lockMs: number;
  /** After this long on one destination, a worker lets the others that are due have a turn. */
  turnMs: number;
}

/**
 * Works on one claimed destination: takes its jobs one at a time and runs each (deliverHeads), until its
 * queue has nothing to take now, its turn is over, or the process is stopping. Then lets go of the claim:
 * with the time to look again (a retry wait, jobs set aside, another process's active job) or none (the
 * queue is empty). The claim's lease and the job's lock are renewed while it works.
 */
export async function workDestination(deps: WorkDestinationDeps, destinationId: string, stopping: () => boolean): Promise<void> {
  const { queues, runtime, lockMs } = deps;
  const now = () => runtime.now().getTime();
  const consumer = queues.consumer(destinationId, lockMs);
  let current: Job<DeliveryJob> | undefined;
  const renew = async () => {
    try {
      await queues.ready.renew(destinationId, now() + lockMs);
      if (current && !(await consumer.extendLock(current)))
        deps.logger.warn({ destination_id: destinationId }, 'a delivery job lost its lock: another worker may send it again');
    } catch (error) {
      deps.logger.warn({ err: error, destination_id: destinationId }, 'could not renew a delivery claim');
    }
  };
  const renewal = setInterval(() => void renew(), Math.max(50, Math.floor(lockMs / 3)));
  const turnEndsAt = now() + deps.turnMs;
  try {
    let dueAt: number | null = null;
    for (;;) {
      if (dueAt === null) {
        current = await consumer.take();
        if (current) {
          dueAt = await runJob(deps, consumer, current, now);
          current = undefined;
          if (dueAt === null && (stopping() || now() >= turnEndsAt)) {
            await queues.ready.yieldTurn(destinationId, now());
            return;
          }
          continue;
        }
        const remainder = await consumer.remainder(now());
        dueAt = remainder.kind === 'later' ? remainder.at : null;
        if (await queues.ready.release(destinationId, dueAt)) return;
      } else if (await queues.ready.release(destinationId, dueAt)) {
        return;
      }
      // Woken since the last look: a job may have arrived.
      dueAt = null;
    }
  } finally {
    clearInterval(renewal);
    await consumer.close();
  }
}

/** Runs one job and moves it on; answers when to look at the destination again if not now. */
async function runJob(
  deps: WorkDestinationDeps,
  consumer: ReturnType<DeliveryQueues['consumer']>,
  job: Job<DeliveryJob>,
  now: () => number,
): Promise<number | null> {
  try {
    const outcome = await deliverHeads(deps, job.data, deps.done);
    if (outcome.next === 'done') await consumer.complete(job);
    else if (outcome.next === 'held') await consumer.postpone(job, now() + HELD_RETRY_MS);
    else {
      await consumer.retryAfter(job, outcome.waitMs);
      return now() + outcome.waitMs;
    }
    return null;
  } catch (error) {
    // Nothing is lost: the outbox still has the delivery pending, and the job runs again (set aside here,
    // or moved back by the stalled check when even that fails).
    deps.logger.warn(
      { err: error, delivery_id: job.data.deliveryId, destination_id: job.data.destinationId },
      'delivery job failed; it runs again shortly',
    );
    await consumer.postpone(job, now() + FAILED_JOB_RETRY_MS).catch(() => undefined);
    return now() + FAILED_JOB_RETRY_MS;
  }
}
