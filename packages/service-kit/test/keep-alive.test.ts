import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { keepIdleConnectionsOpen } from '../src/index.js';

// deepl-node polls a document's status every 5 s on a keep-alive agent; Node closes an idle connection 5 s after
// its last response by default (with about a second's grace), so a poll could be sent on a socket the server was
// closing. Here a client waits 6.5 s, past Node's default and its grace, and sends its next request: it must be
// answered on the same socket (without keepIdleConnectionsOpen the server has closed it by then).
describe('keepIdleConnectionsOpen', () => {
  let server: Server;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    server = keepIdleConnectionsOpen(createServer((_req, res) => res.end('ok')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = () =>
    new Promise<{ body: string; reusedSocket: boolean }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ body, reusedSocket: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end();
    });

  it('keeps an idle connection open longer than a client polling every 5 s waits', async () => {
    expect(await get()).toEqual({ body: 'ok', reusedSocket: false });
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(await get()).toEqual({ body: 'ok', reusedSocket: true });
  }, 20_000);

  it('sets the headers timeout above the keep-alive timeout, as Node requires', () => {
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});
