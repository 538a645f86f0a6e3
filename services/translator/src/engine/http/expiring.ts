// A value loaded on demand and kept for `ttlMs`; a failed load is not kept, so the next call retries.

export function expiring<T>(load: () => Promise<T>, ttlMs: number, now: () => number = () => Date.now()): () => Promise<T> {
  let current: { value: Promise<T>; loadedAt: number } | undefined;
  return () => {
    if (current && now() - current.loadedAt < ttlMs) return current.value;
    const entry = { value: load(), loadedAt: now() };
    current = entry;
    entry.value.catch(() => {
      if (current === entry) current = undefined;
    });
    return entry.value;
  };
}
