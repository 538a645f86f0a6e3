import type { Job } from 'bullmq';
import type { Logger } from '@workspace/service-kit';
import type { DeliveryJob, DeliveryQueues } from '../queue/delivery-queues.js';
import type { DestinationConsumer } from '../queue/destination-consumer.js';
import type { DestinationRef } from '../queue/ready-destinations.js';
import { deliverHeads, HELD_RETRY_MS, type DeliverHeadsDeps, type RecentlyDone } from './deliver-heads.js';
import type { PlaceSignals } from './delivery-dispatcher.js';
import type { Sender } from './http-sender.js';

/** How often a worker looks at a destination again while it waits out a short hold on it. */
const SHORT_WAIT_LOOK_MS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  /** A request unanswered this long tells the place it is slow (it moves to the slow lane). */
  slowAfterMs: number;
}

/**
 * Works on one claimed destination: takes its jobs one at a time and runs each (deliverHeads), until its
 * queue has nothing to take now, its turn is over, or the process is stopping. Then lets go of the claim:
 * with the time to look again (a retry wait, jobs set aside, another process's active job) or none (the
 * queue is empty). The claim's lease and the job's lock are renewed while it works.
 */
export async function workDestination(deps: WorkDestinationDeps, destination: DestinationRef, place: PlaceSignals): Promise<void> {
  const { queues, runtime, lockMs } = deps;
  const { destinationId } = destination;
  const stopping = place.stopping;
  deps = { ...deps, sender: watchedSender(deps.sender, deps.slowAfterMs, place) };
  const now = () => runtime.now().getTime();
  const consumer = queues.consumer(destinationId, lockMs);
  let current: Job<DeliveryJob> | undefined;
  const renew = async () => {
    try {
      await queues.ready.renew(destination, now() + lockMs);
      if (current && !(await consumer.extendLock(current)))
        deps.logger.warn({ destination_id: destinationId }, 'a delivery job lost its lock: another worker may send it again');
    } catch (error) {
      deps.logger.warn({ err: error, destination_id: destinationId }, 'could not renew a delivery claim');
    }
  };
  const renewal = setInterval(() => void renew(), Math.max(50, Math.floor(lockMs / 3)));
  const turnEndsAt = now() + deps.turnMs;
  try {
    let job = await consumer.take();
    for (;;) {
      // When to look at the destination again: a time, null (its queue is empty) or undefined (ask the queue).
      let dueAt: number | null | undefined;
      while (job) {
        const more = !stopping() && now() < turnEndsAt;
        current = job;
        const step = await runJob(deps, consumer, job, now, more);
        current = job = undefined;
        if (step.action === 'settle' && step.dueAt !== undefined) {
          dueAt = step.dueAt;
          break;
        }
        if (!more) {
          await queues.ready.yieldTurn(destination, now());
          return;
        }
        if (step.action === 'next') job = step.job;
        else if (step.action === 'take') job = await consumer.take();
      }
      if (dueAt === undefined) {
        const remainder = await consumer.remainder(now());
        dueAt = remainder.kind === 'later' ? remainder.at : null;
      }
      // A short wait (a delivery held behind an event still being checked, for milliseconds as a rule) is
      // waited out here, looking again every few milliseconds, so the job the earlier event's fan-out adds
      // runs at once; within the turn only, so a long hold gives the place back.
      if (dueAt !== null && dueAt - now() <= HELD_RETRY_MS && !stopping() && now() < turnEndsAt) {
        await sleep(Math.min(SHORT_WAIT_LOOK_MS, Math.max(1, dueAt - now())));
        job = await consumer.take();
        continue;
      }
      if (await queues.ready.release(destination, dueAt)) return;
      // Woken since the last look: a job may have arrived.
      job = await consumer.take();
    }
  } finally {
    clearInterval(renewal);
    queues.releaseConsumer(consumer);
  }
}

/**
 * What to do after a job: `next` (it completed and the next one is already taken), `take` (it was set
 * aside; another may be takeable now), `settle` (nothing more to take now; `dueAt` when known: a time, or null
 * for an empty queue).
 */
type JobStep = { action: 'next'; job: Job<DeliveryJob> } | { action: 'take' } | { action: 'settle'; dueAt?: number | null };

/** Runs one job and moves it on; with `more`, the next job is taken in the same round trip as the completion. */
async function runJob(
  deps: WorkDestinationDeps,
  consumer: DestinationConsumer,
  job: Job<DeliveryJob>,
  now: () => number,
  more: boolean,
): Promise<JobStep> {
  try {
    const outcome = await deliverHeads(deps, job.data, deps.done);
    if (outcome.next === 'held') {
      await consumer.postpone(job, now() + HELD_RETRY_MS);
      return { action: 'take' };
    }
    if (outcome.next === 'retry') {
      await consumer.retryAfter(job, outcome.waitMs);
      return { action: 'settle', dueAt: now() + outcome.waitMs };
    }
    // The jobs of the other deliveries the batch finished are dropped in the same round trip.
    const others = outcome.finished.filter((id) => id !== job.id);
    const after = await consumer.complete(job, more, now(), others);
    if (after.next) return { action: 'next', job: after.next };
    if (!after.remainder) return { action: 'settle' };
    return { action: 'settle', dueAt: after.remainder.kind === 'later' ? after.remainder.at : null };
  } catch (error) {
    // Nothing is lost: the outbox still has the delivery pending, and the job runs again (set aside here,
    // or moved back by the stalled check when even that fails).
    deps.logger.warn(
      { err: error, delivery_id: job.data.deliveryId, destination_id: job.data.destinationId },
      'delivery job failed; it runs again shortly',
    );
    await consumer.postpone(job, now() + FAILED_JOB_RETRY_MS).catch(() => undefined);
    return { action: 'settle', dueAt: now() + FAILED_JOB_RETRY_MS };
  }
}

/**
 * The sender as one place sees it: a request still unanswered after `slowAfterMs` tells the place it is
 * slow (so it stops holding a fast place), and one answered sooner that it is not.
 */
function watchedSender(sender: Sender, slowAfterMs: number, place: PlaceSignals): Sender {
  return {
    async send(request) {
      const timer = setTimeout(place.sendingSlowly, slowAfterMs);
      try {
        const result = await sender.send(request);
        if (result.durationMs < slowAfterMs) place.answeredPromptly();
        return result;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
