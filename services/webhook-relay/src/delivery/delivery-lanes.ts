import type { ClaimShares, DestinationRef } from '../queue/ready-destinations.js';

/** How a worker process shares its delivery capacity between tenants and between fast and slow destinations. */
export interface LaneSettings {
  /** Destinations worked on at once in the fast lane: the bound on CPU, PostgreSQL and Redis work. */
  places: number;
  /** Fast places one tenant holds while another tenant's destination is due (more only when nobody else is). */
  placesPerTenant: number;
  /** A request unanswered this long moves its destination to the slow lane, freeing its fast place. */
  slowAfterMs: number;
  /** Destinations waiting on slow receivers at once: a socket and a promise each, no CPU. */
  slowPlaces: number;
  /** Of which one tenant's: past it, its slow destinations keep their fast places (within its share). */
  slowPlacesPerTenant: number;
}

export type Lane = 'fast' | 'slow';

/** One claimed destination in work, and the lane it counts against. */
export interface Place {
  readonly destination: DestinationRef;
  lane: Lane;
}

/** Destinations remembered as slow, so their next claim starts in the slow lane: bounded, oldest forgotten first. */
const REMEMBERED_SLOW = 4096;

/**
 * The places of one worker process, counted per lane and per tenant. A destination starts in the fast lane
 * (unless it was slow last time) and moves to the slow lane when a request to it is unanswered for
 * `slowAfterMs`: waiting on a receiver costs a socket, not a place that fast destinations need. Tenants'
 * fast places and slow places are both capped, so one tenant's slow or busy destinations never hold what
 * another tenant's need.
 */
export class DeliveryLanes {
  private readonly places = new Map<string, Place>();
  private readonly fastByTenant = new Map<string, number>();
  private readonly slowByTenant = new Map<string, number>();
  private fast = 0;
  private slow = 0;
  /** Most recently slow last. */
  private readonly rememberedSlow = new Set<string>();

  constructor(readonly settings: LaneSettings) {}

  get size(): number {
    return this.places.size;
  }

  get freeFastPlaces(): number {
    return Math.max(0, this.settings.places - this.fast);
  }

  has(destinationId: string): boolean {
    return this.places.has(destinationId);
  }

  /**
   * What the next claim needs to share places fairly (see ReadyDestinations.claim). A place taken beyond a
   * tenant's share must be able to move to the slow lane should its receiver turn out slow, or it would hold
   * a fast place that the share kept for others: so beyond its share, a tenant takes only as many places as
   * its (and the process's) slow lane still has room for, counting the fast places it holds already.
   */
  shares(): ClaimShares {
    const { placesPerTenant, slowPlaces, slowPlacesPerTenant } = this.settings;
    const tenants = new Map<string, { held: number; beyond: number }>();
    for (const tenantId of new Set([...this.fastByTenant.keys(), ...this.slowByTenant.keys()])) {
      const held = this.fastByTenant.get(tenantId) ?? 0;
      const beyond = Math.max(0, slowPlacesPerTenant - held - (this.slowByTenant.get(tenantId) ?? 0));
      tenants.set(tenantId, { held, beyond });
    }
    return {
      perTenant: placesPerTenant,
      tenants,
      beyondUnlisted: slowPlacesPerTenant,
      beyondTotal: Math.max(0, slowPlaces - this.slow - this.fast),
    };
  }

  /** A claimed destination starts work: in the slow lane at once if it was slow last time and there is room. */
  open(destination: DestinationRef): Place {
    const place: Place = { destination, lane: 'fast' };
    this.places.set(destination.destinationId, place);
    this.count(place, 1);
    if (this.rememberedSlow.has(destination.destinationId)) this.moveToSlow(place);
    return place;
  }

  /** A request of this place is slow: it moves to the slow lane when there is room; true when it moved. */
  moveToSlow(place: Place): boolean {
    this.remember(place.destination.destinationId);
    if (place.lane === 'slow' || !this.places.has(place.destination.destinationId)) return false;
    const tenantSlow = this.slowByTenant.get(place.destination.tenantId) ?? 0;
    if (this.slow >= this.settings.slowPlaces || tenantSlow >= this.settings.slowPlacesPerTenant) return false;
    this.count(place, -1);
    place.lane = 'slow';
    this.count(place, 1);
    return true;
  }

  /** A request of this place was answered promptly: its next claim starts in the fast lane again. */
  answeredPromptly(place: Place): void {
    this.rememberedSlow.delete(place.destination.destinationId);
  }

  close(place: Place): void {
    if (this.places.get(place.destination.destinationId) !== place) return;
    this.places.delete(place.destination.destinationId);
    this.count(place, -1);
  }

  private count(place: Place, delta: 1 | -1): void {
    const byTenant = place.lane === 'fast' ? this.fastByTenant : this.slowByTenant;
    const { tenantId } = place.destination;
    const next = (byTenant.get(tenantId) ?? 0) + delta;
    if (next > 0) byTenant.set(tenantId, next);
    else byTenant.delete(tenantId);
    if (place.lane === 'fast') this.fast += delta;
    else this.slow += delta;
  }

  private remember(destinationId: string): void {
    this.rememberedSlow.delete(destinationId);
    this.rememberedSlow.add(destinationId);
    if (this.rememberedSlow.size > REMEMBERED_SLOW) this.rememberedSlow.delete(this.rememberedSlow.values().next().value!);
  }
}
