import type { EndpointDedup } from '@workspace/contracts';

/** The wire's dedup setting as the endpoints table keeps it (null switches deduplication off). */
export function dedupColumns(dedup: EndpointDedup | null) {
  return {
    dedupStrategy: dedup?.strategy ?? null,
    dedupFields: dedup?.fields ?? [],
    dedupWindowSeconds: dedup?.window_seconds ?? null,
  };
}
