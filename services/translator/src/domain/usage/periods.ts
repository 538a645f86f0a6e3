// Usage is counted per UTC day (reports) and per UTC calendar month (limits), as DeepL bills.

/** Midnight UTC of the given instant's day. */
export function utcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Billed characters: Unicode code points of the source texts (DeepL's rule; `context` is free). */
export function billedCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
