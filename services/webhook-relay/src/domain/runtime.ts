import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Time, ids and randomness, injected so tests can pin them. */
export interface Runtime {
  now(): Date;
  /** A time-ordered UUID (v7): ids sort by creation, so cursors page by id. */
  newId(): string;
  /** A v7 UUID for a given time: an event's id carries the time it was received. */
  newIdAt(at: Date): string;
  randomBytes(size: number): Buffer;
}

export const systemRuntime: Runtime = {
  now: () => new Date(),
  newId: () => uuidv7(),
  newIdAt: (at) => uuidv7({ msecs: at.getTime() }),
  randomBytes: (size) => randomBytes(size),
};
