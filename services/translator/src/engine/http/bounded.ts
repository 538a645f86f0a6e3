// Runs one async job per item with at most `limit` in flight, results in item order. The first
// failure is what the call rejects with; it aborts the signal handed to the jobs still running, and
// no further job starts.

export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, signal: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  signal?.addEventListener('abort', forward, { once: true });
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, controller.signal);
      } catch (error) {
        if (!failure) {
          failure = { error };
          controller.abort(error);
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  } finally {
    signal?.removeEventListener('abort', forward);
  }
  if (failure) throw failure.error;
  return results;
}
