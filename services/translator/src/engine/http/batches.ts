// Splits a list into consecutive batches that an upstream accepts in one request: at most `maxItems`
// items and at most `maxBytes` of item cost each. An item that alone costs more than `maxBytes` gets
// a batch of its own (the upstream decides whether it takes it).

export interface BatchLimits {
  maxItems: number;
  /** Budget for the items of one batch, after the request's fixed part. */
  maxBytes: number;
}

/** Half-open index ranges `[start, end)` covering `costs` in order. */
export interface Batch {
  start: number;
  end: number;
}

export function splitBatches(costs: readonly number[], limits: BatchLimits): Batch[] {
  const batches: Batch[] = [];
  let start = 0;
  let bytes = 0;
  costs.forEach((cost, index) => {
    const count = index - start;
    if (count > 0 && (count >= limits.maxItems || bytes + cost > limits.maxBytes)) {
      batches.push({ start, end: index });
      start = index;
      bytes = 0;
    }
    bytes += cost;
  });
  if (costs.length > start) batches.push({ start, end: costs.length });
  return batches;
}
