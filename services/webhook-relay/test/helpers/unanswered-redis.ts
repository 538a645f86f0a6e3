// Redis that does not answer, for tests of the bounded waits: one that stalls (a server that accepts connections and
// never answers, as a Redis stopped with SIGSTOP looks to a client) or one that is down (nothing listening). Its
// connections are built as server.ts builds the request paths' (redisOptions('commands')), with short timeouts.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { redisOptions } from '@workspace/service-kit';
import { LiveEvents } from '../../src/live/live-events.js';

const TIMEOUTS = { connectTimeoutMs: 1_000, commandTimeoutMs: 1_000 };

export class UnansweredRedis {
  private readonly connections: Redis[] = [];

  private constructor(
    readonly url: string,
    private readonly server?: Server,
    private readonly sockets: Socket[] = [],
  ) {}

  static async stalled(): Promise<UnansweredRedis> {
    const sockets: Socket[] = [];
    const server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new UnansweredRedis(`redis://127.0.0.1:${(server.address() as AddressInfo).port}`, server, sockets);
  }

  static async down(): Promise<UnansweredRedis> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return new UnansweredRedis(`redis://127.0.0.1:${port}`);
  }

  /** A bounded command connection (and, duplicated, subscriber), as server.ts makes for sessions and the feed. */
  connect(): Redis {
    const redis = new Redis(this.url, { ...redisOptions('commands', TIMEOUTS), lazyConnect: true });
    redis.on('error', () => undefined);
    this.connections.push(redis);
    return redis;
  }

  /** The live feed over it, as server.ts builds it. */
  liveEvents(prefix: string): LiveEvents {
    const commands = this.connect();
    return new LiveEvents(
      () => this.connect(),
      prefix,
      () => undefined,
      { commands },
    );
  }

  close(): void {
    for (const redis of this.connections) redis.disconnect();
    for (const socket of this.sockets) socket.destroy();
    this.server?.close();
  }
}
