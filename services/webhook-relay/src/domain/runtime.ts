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

// Random bits for ids drawn 4 KiB at a time: one CSPRNG call per 256 ids instead of one per id
// (ingest makes an id for every request).
const POOL_BYTES = 4096;
let randomPool = randomBytes(POOL_BYTES);
let randomOffset = 0;
function sixteenRandomBytes(): Uint8Array {
  if (randomOffset === POOL_BYTES) {
    randomPool = randomBytes(POOL_BYTES);
    randomOffset = 0;
  }
  randomOffset += 16;
  return randomPool.subarray(randomOffset - 16, randomOffset);
}

export const systemRuntime: Runtime = {
  now: () => new Date(),
  newId: () => uuidv7(),
  newIdAt: (at) => uuidv7({ msecs: at.getTime(), random: sixteenRandomBytes() }),
  randomBytes: (size) => randomBytes(size),
};
