import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RelayApiError, RelayClient, RelayConnectionError } from '../src/index.js';

interface Seen {
  method: string;
  headers: IncomingHttpHeaders;
}

/** A local server answering from a script of [status, headers] per request, then 200. */
function scripted(answers: Array<[number, Record<string, string>?]>) {
  const seen: Seen[] = [];
  let server: Server;
  return {
    seen,
    async start(): Promise<string> {
      server = createServer((request, response) => {
        seen.push({ method: request.method!, headers: request.headers });
        request.resume();
        const [status, headers] = answers.shift() ?? [200];
        const body = status < 300 ? { data: [], next_cursor: null, id: 'x' } : { error: { code: 'unavailable', message: 'try later' } };
        if (status === 0) return void request.socket.destroy();
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const KEY = `whk_${'k'.repeat(43)}`;
const fast = { baseDelayMs: 1, maxDelayMs: 5 };

describe('RelayClient retries', () => {
  const servers: Array<{ stop(): Promise<void> }> = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });
  async function clientFor(answers: Array<[number, Record<string, string>?]>, retry = {}) {
    const server = scripted(answers);
    servers.push(server);
    const baseUrl = await server.start();
    return { server, client: new RelayClient({ baseUrl, apiKey: KEY, retry: { ...fast, ...retry } }) };
  }
  beforeAll(() => undefined);

  it('retries a GET answered 503 with Retry-After, and returns the 200 that follows', async () => {
    const { server, client } = await clientFor([[503, { 'retry-after': '1' }], [200]]);
    await expect(client.listEndpoints()).resolves.toEqual({ data: [], next_cursor: null, id: 'x' });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[0]!.headers['user-agent']).toMatch(/^webhook-relay-client-ts\/\d/);
    expect(server.seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('does not wait out a Retry-After longer than the total time allowed: it throws the 429 at once', async () => {
    const { server, client } = await clientFor([[429, { 'retry-after': '3600' }], [200]], { maxElapsedMs: 10_000 });
    const error = await client.listEndpoints().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RelayApiError);
    expect(error).toMatchObject({ status: 429, code: 'unavailable', attempts: 1 });
    expect(server.seen).toHaveLength(1);
  });

  it('retries a POST with the same Idempotency-Key on every attempt, one it made up', async () => {
    const { server, client } = await clientFor([[502], [0], [200]]);
    await client.createEndpoint({ name: 'x' });
    expect(server.seen).toHaveLength(3);
    const keys = server.seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('never retries a PATCH or DELETE (not safe to repeat)', async () => {
    const { server, client } = await clientFor([[503], [200]]);
    await expect(client.updateEndpoint('e1', { name: 'y' })).rejects.toMatchObject({ status: 503 });
    await client.deleteEndpoint('e1');
    expect(server.seen.map((s) => s.method)).toEqual(['PATCH', 'DELETE']);
  });

  it('stops after maxRetries, and says how many attempts it made', async () => {
    const { server, client } = await clientFor([[500], [500], [500], [500], [200]], { maxRetries: 2 });
    await expect(client.listEndpoints()).rejects.toMatchObject({ status: 500, attempts: 3 });
    expect(server.seen).toHaveLength(3);
  });

  it('gives each attempt a time limit, and names no secret when it runs out', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    servers.push({
      stop: async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    });
    const client = new RelayClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: KEY,
      timeoutMs: 50,
      retry: { maxRetries: 1, ...fast },
    });
    const error = (await client.getEndpoint('whep_secret-token').catch((e: unknown) => e)) as RelayConnectionError;
    expect(error).toBeInstanceOf(RelayConnectionError);
    expect(error).toMatchObject({ timedOut: true, attempts: 2 });
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain('secret-token');
  });
});
