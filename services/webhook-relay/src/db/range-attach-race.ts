const CHECK_VIOLATION = '23514';

/**
 * A statement routed a row to a plan's default partition while a range covering it was being attached
 * (relay_create_range_partitions, docs/retention.md): PostgreSQL re-checks the default partition's constraint
 * once the attach commits and refuses the row. Nothing of that statement was stored; run again, its rows go to
 * the new range.
 */
export function isRangeAttachedMeanwhile(error: unknown): boolean {
  const candidate = error as { code?: unknown; message?: unknown } | null;
  return (
    candidate?.code === CHECK_VIOLATION &&
    typeof candidate.message === 'string' &&
    /relation "[a-z0-9_]+_default" violates partition constraint/.test(candidate.message)
  );
}
