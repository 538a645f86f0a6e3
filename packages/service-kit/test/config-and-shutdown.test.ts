import { describe, expect, it } from '@jest/globals';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { ConfigError, createLogger, envBoolean, envInteger, envPort, installGracefulShutdown, loadConfig } from '../src/index.js';

describe('loadConfig', () => {
  const Schema = z.object({ PORT: envPort(8080), WORKERS: envInteger(2, { min: 1, max: 8 }), DEBUG: envBoolean(false), NAME: z.string() });

  it('applies defaults and reads strings the way operators write them', () => {
    expect(loadConfig(Schema, { NAME: 'x', DEBUG: 'yes' })).toEqual({ PORT: 8080, WORKERS: 2, DEBUG: true, NAME: 'x' });
  });

  it('fails once, naming every bad variable', () => {
    const attempt = () => loadConfig(Schema, { PORT: '99999', WORKERS: 'many', DEBUG: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: must be between 0 and 65535/);
    expect(attempt).toThrow(/WORKERS: must be a whole number/);
    expect(attempt).toThrow(/DEBUG: must be true or false/);
    expect(attempt).toThrow(/NAME/);
  });
});

describe('installGracefulShutdown', () => {
  it('lets an in-flight request finish, then closes resources in order', async () => {
    const events: string[] = [];
    const server = createServer((_req, res) => {
      events.push('request started');
      setTimeout(() => {
        events.push('request finished');
        res.end('done');
      }, 100);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const logger = createLogger({ service: 'test', destination: new Writable({ write: (_c, _e, done) => done() }) });
    const shutdown = installGracefulShutdown(server, {
      logger,
      signals: [],
      closers: [
        { name: 'database', close: async () => void events.push('database closed') },
        { name: 'redis', close: async () => void events.push('redis closed') },
      ],
    });
    const { port } = server.address() as AddressInfo;
    const body = new Promise<string>((resolve, reject) => {
      httpRequest({ port, host: '127.0.0.1', path: '/' }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    while (!events.includes('request started')) await new Promise((resolve) => setTimeout(resolve, 5));
    await shutdown();
    expect(await body).toBe('done');
    expect(events).toEqual(['request started', 'request finished', 'database closed', 'redis closed']);
    expect(server.listening).toBe(false);
  });
});
