import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** A fresh body and headers for every request (the same function for every system compared). */
  nextRequest?: () => { body: string; headers: Record<string, string> };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult & { ok2xx: number }> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    method: options.method ?? 'GET',
    body: options.body,
    ...(options.nextRequest
      ? { requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, ...options.nextRequest!() }) }] }
      : {}),
  });
  return {
    ok2xx: result['2xx'],
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
