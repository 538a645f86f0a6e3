import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { listenOn } from '../src/index.js';

describe('listenOn', () => {
  const servers: Server[] = [];
  const newServer = () => {
    const server = createServer();
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) if (server.listening) await new Promise((resolve) => server.close(resolve));
  });

  it('resolves with the port the kernel chose when asked for port 0', async () => {
    const server = newServer();
    const port = await listenOn(server, { port: 0, host: '127.0.0.1', setting: 'PORT' });
    expect(port).toBeGreaterThan(0);
    expect(server.address()).toMatchObject({ port });
  });

  it('rejects a port in use with one line naming the setting to change, and leaves no listener behind', async () => {
    const taken = await listenOn(newServer(), { port: 0, host: '127.0.0.1', setting: 'PORT' });
    const second = newServer();
    await expect(listenOn(second, { port: taken, host: '127.0.0.1', setting: 'WORKER_HEALTH_PORT' })).rejects.toThrow(
      `127.0.0.1:${taken} is already in use by another process: set WORKER_HEALTH_PORT to a free port`,
    );
    expect(second.listening).toBe(false);
    expect(second.listenerCount('error')).toBe(0);
  });

  it('rejects an address the machine does not have', async () => {
    await expect(listenOn(newServer(), { port: 0, host: '192.0.2.1', setting: 'HOST' })).rejects.toThrow(
      '192.0.2.1:0 names an address this machine does not have: set HOST to one of its addresses, or 0.0.0.0',
    );
  });
});
