const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `250ms`, `5s`, `30m`, `2h`, `1d` -> milliseconds; throws with the offending text otherwise. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a duration like 250ms, 5s, 30m, 2h or 1d`);
  return Math.round(Number(match[1]) * UNIT_MS[match[2]!]!);
}

/** A comma-separated list of durations, at least one. */
export function parseDurationList(text: string): number[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new Error('must list at least one duration');
  return items.map(parseDuration);
}
