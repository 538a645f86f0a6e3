// Event ids are v7 UUIDs: they carry the millisecond the relay received the event, which the tail and the
// listener's cursor use to look back over late commits.

/** An event can commit a little after a newer id (concurrent capture commits): look back this far. */
export const LOOKBACK_MS = 10_000;

/** The millisecond a v7 UUID was made in (its first 48 bits): event ids carry their receipt time. */
export function timeOfId(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}

/** The lowest v7 UUID of a millisecond: a cursor that stands for a moment, not an event. */
export function firstIdAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}
