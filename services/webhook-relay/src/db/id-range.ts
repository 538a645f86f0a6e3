/**
 * Event ids as a lookup by key wants them: each once, and their first and last. A lookup bounded by
 * `id BETWEEN first AND last` beside its key prunes partitions (at planning, or when a generic plan starts) and
 * costs one index descent; bounded by `id = ANY (ids)` it would walk the index once per id, on every lookup
 * (docs/retention.md). A UUID's canonical text orders as its bytes, which is how PostgreSQL compares them.
 */
export function idRange(ids: readonly string[]): { ids: string[]; first: string; last: string } {
  const sorted = [...new Set(ids.map((id) => id.toLowerCase()))].sort();
  if (sorted.length === 0) throw new RangeError('idRange needs at least one id');
  return { ids: sorted, first: sorted[0]!, last: sorted.at(-1)! };
}
