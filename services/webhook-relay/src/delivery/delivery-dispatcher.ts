import type { Logger } from '@workspace/service-kit';
import type { Runtime } from '../domain/runtime.js';
import type { DeliveryQueues } from '../queue/delivery-queues.js';
import type { DestinationRef } from '../queue/ready-destinations.js';
import { DeliveryLanes, type LaneSettings, type Place } from './delivery-lanes.js';

/**
 * The longest a worker process goes without looking for ready destinations: the backstop for a wake-up
 * message missed while its subscription reconnected. Costs one Redis call per interval, whatever the number
 * of destinations.
 */
export const IDLE_LOOK_MS = 5000;

export interface DeliveryDispatcherDeps {
  queues: DeliveryQueues;
  runtime: Runtime;
  logger: Logger;
  /** The fast and slow lanes' places, overall and per tenant (DeliveryLanes). */
  lanes: LaneSettings;
  /** How long a claim lasts unless renewed (the job lock's duration). */
  leaseMs: number;
  /** Works on a claimed destination until it lets go of it (workDestination). */
  work(destination: DestinationRef, place: PlaceSignals): Promise<void>;
}

/** What the work on one destination tells its place, and asks of it. */
export interface PlaceSignals {
  stopping(): boolean;
  /** A request is still unanswered after the lanes' slowAfterMs: the destination moves to the slow lane. */
  sendingSlowly(): void;
  /** A request was answered within slowAfterMs. */
  answeredPromptly(): void;
}

/**
 * A worker process's places (DeliveryLanes): it claims ready destinations (ReadyDestinations) while it has
 * free fast places, each tenant first up to its share, and looks again when a place frees (a destination
 * let go, or moved to the slow lane), when a destination becomes ready (a message on the wake channel),
 * when the earliest scheduled destination falls due, and at least every IDLE_LOOK_MS. Nothing here is per
 * destination: an idle relay costs one subscription and a look every few seconds.
 */
export class DeliveryDispatcher {
  private readonly working = new Map<string, Promise<void>>();
  /**
   * Destinations claimed again while this process still worked on them: the work had let go (a yielded
   * turn, a release with a due time) and was finishing when the claim came back. The lease is this
   * process's now, so the destination is worked on again as soon as the old work ends, not after the lease.
   */
  private readonly claimedAgain = new Map<string, DestinationRef>();
  private readonly lanes: DeliveryLanes;
  private looking: Promise<void> | undefined;
  private lookAgain = false;
  private dueTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private closed = false;

  constructor(private readonly deps: DeliveryDispatcherDeps) {
    this.lanes = new DeliveryLanes(deps.lanes);
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.deps.queues.onWake(() => this.look());
    this.idleTimer = setInterval(() => this.look(), IDLE_LOOK_MS);
    this.idleTimer.unref();
    this.look();
  }

  /** Destinations this process is working on now. */
  get busy(): number {
    return this.working.size;
  }

  /** Looks for ready destinations; calls while a look runs make it look once more afterwards. */
  look(): void {
    if (this.closed) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = this.claimWhileFree()
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'could not claim ready destinations; looking again shortly'))
      .finally(() => {
        this.looking = undefined;
        if (this.lookAgain) {
          this.lookAgain = false;
          this.look();
        }
      });
  }

  private async claimWhileFree(): Promise<void> {
    const { queues, runtime, leaseMs } = this.deps;
    while (!this.closed && this.lanes.freeFastPlaces > 0) {
      const now = runtime.now().getTime();
      const { destinations, nextDueAt } = await queues.ready.claim(now, this.lanes.freeFastPlaces, now + leaseMs, this.lanes.shares());
      for (const destination of destinations) {
        if (this.lanes.has(destination.destinationId)) this.claimedAgain.set(destination.destinationId, destination);
        else this.startWork(destination);
      }
      if (destinations.length === 0) {
        this.lookAt(nextDueAt, now);
        return;
      }
    }
  }

  private lookAt(dueAt: number | null, now: number): void {
    clearTimeout(this.dueTimer);
    if (dueAt === null || dueAt - now >= IDLE_LOOK_MS) return;
    this.dueTimer = setTimeout(() => this.look(), Math.max(0, dueAt - now));
    this.dueTimer.unref();
  }

  private startWork(destination: DestinationRef): void {
    const { destinationId } = destination;
    const place = this.lanes.open(destination);
    const work = this.deps
      .work(destination, this.signals(place))
      .catch((error: unknown) =>
        this.deps.logger.warn(
          { err: error, destination_id: destinationId },
          'delivery work stopped; the claim passes on when its lease ends',
        ),
      )
      .finally(() => {
        this.lanes.close(place);
        this.working.delete(destinationId);
        const again = this.claimedAgain.get(destinationId);
        this.claimedAgain.delete(destinationId);
        if (again && !this.closed) this.startWork(again);
        this.look();
      });
    this.working.set(destinationId, work);
  }

  private signals(place: Place): PlaceSignals {
    return {
      stopping: () => this.closed,
      sendingSlowly: () => {
        // Its fast place is free now: another destination may have it.
        if (this.lanes.moveToSlow(place)) this.look();
      },
      answeredPromptly: () => this.lanes.answeredPromptly(place),
    };
  }

  /** Stops claiming; each destination in work finishes its job in flight and is handed back. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.dueTimer);
    clearInterval(this.idleTimer);
    this.unsubscribe?.();
    await this.looking;
    await Promise.all([...this.working.values()]);
  }
}
