import { timingSafeEqual } from 'node:crypto';

/** Equal-length comparison in constant time; different lengths are simply unequal. */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
