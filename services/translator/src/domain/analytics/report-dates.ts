// How the analytics reports write dates: the requested range as date-times without a zone at midnight
// (`2026-11-01T00:00:00`), a usage day as a UTC date-time (`2026-11-01T00:00:00Z`).

export const rangeDate = (date: Date): string => `${isoDay(date)}T00:00:00`;

/** `day` is `YYYY-MM-DD`, as the queries read it (to_char: no time zone conversion on the way). */
export const usageDay = (day: string): string => `${day}T00:00:00Z`;

/** `YYYY-MM-DD`, as the SQL date parameters take it. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
