// A small closed-loop load generator for request bodies that vary: `concurrency` clients, each sending
// the next text of a shared list as soon as its previous answer is in, until the list is done (or, with
// `durationSeconds`, until the time is up, cycling through the list).
// Counts characters of input per second of wall time. (autocannon wants one fixed body per connection.)
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ClientLoadResult {
  requests: number;
  chars: number;
  seconds: number;
  charsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

export async function runClients(options: {
  texts: string[];
  concurrency: number;
  /** Sends one text; throws when the answer is not what the contract says. */
  send: (text: string) => Promise<void>;
  /** Run for this long, cycling through `texts`, instead of sending each text once. */
  durationSeconds?: number;
}): Promise<ClientLoadResult> {
  const latencies: number[] = [];
  const done: string[] = [];
  const deadline = options.durationSeconds === undefined ? undefined : performance.now() + options.durationSeconds * 1000;
  const more = (sent: number) => (deadline === undefined ? sent < options.texts.length : performance.now() < deadline);
  let next = 0;
  let failed = false;
  const client = async () => {
    while (!failed && more(next)) {
      const text = options.texts[next++ % options.texts.length]!;
      const started = performance.now();
      try {
        await options.send(text);
      } catch (error) {
        failed = true;
        throw error;
      }
      latencies.push(performance.now() - started);
      done.push(text);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return summarize(done, (performance.now() - started) / 1000, latencies);
}

export function summarize(texts: string[], seconds: number, latencies: number[] = []): ClientLoadResult {
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10 : 0);
  return { requests: texts.length, chars, seconds, charsPerSecond: chars / seconds, p50Ms: at(0.5), p95Ms: at(0.95) };
}

// Keep-alive connections, as a real client would hold them; one agent for the whole run.
export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export interface HttpAnswer {
  status: number;
  body: string;
}

/** POSTs an application/x-www-form-urlencoded body over the keep-alive agent. */
export function postForm(url: string, body: string, headers: Record<string, string> = {}, timeoutMs = 120_000): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
