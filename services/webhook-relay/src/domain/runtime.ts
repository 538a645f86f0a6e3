import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Time, ids and randomness, injected so tests can pin them. */
export interface Runtime {
  now(): Date;
  /** A time-ordered UUID (v7): ids sort by creation, so cursors page by id. */
  newId(): string;
  randomBytes(size: number): Buffer;
}

export const systemRuntime: Runtime = {
  now: () => new Date(),
  newId: () => uuidv7(),
  randomBytes: (size) => randomBytes(size),
};
