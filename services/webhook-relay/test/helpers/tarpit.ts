import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One receiver for two tenants on one origin: requests to `/slow/...` are held unanswered until `release()`
 * (a destination as slow as its `timeout_ms` allows), requests to `/fast/...` answer 200 at once. Sharing an
 * origin is on purpose: nothing between the relay and this host may queue the fast requests behind the held.
 */
export interface Tarpit {
  url: string;
  /** Requests to `/slow/...` held now, and the most ever held at once. */
  held(): number;
  maxHeld: number;
  /** Slow requests received, by path. */
  slowPaths: string[];
  /** Bodies received on `/fast/...`, by path, in arrival order. */
  fast: Map<string, string[]>;
  /** Answers every held request, and from now on every slow one at once. */
  release(): void;
  close(): Promise<void>;
}

export async function startTarpit(): Promise<Tarpit> {
  const holding = new Set<ServerResponse>();
  let released = false;
  const tarpit: Tarpit = {
    url: '',
    held: () => holding.size,
    maxHeld: 0,
    slowPaths: [],
    fast: new Map(),
    release() {
      released = true;
      for (const response of holding) response.writeHead(200).end('ok');
      holding.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        holding.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (path.startsWith('/slow/')) {
        tarpit.slowPaths.push(path);
        if (released) return void response.writeHead(200).end('ok');
        holding.add(response);
        response.on('close', () => holding.delete(response));
        tarpit.maxHeld = Math.max(tarpit.maxHeld, holding.size);
        return;
      }
      const bodies = tarpit.fast.get(path) ?? [];
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      tarpit.fast.set(path, bodies);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  tarpit.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return tarpit;
}
