// A TCP proxy in front of PostgreSQL that can be cut (every connection dropped, new ones refused, as when
// the server stops) and restored on the same port: a database outage without stopping the machine's
// PostgreSQL, which other tests use. It can also stall: connections stay open and new ones are accepted,
// but nothing is forwarded either way (a hung server, a network that drops packets without resetting),
// until it forwards again.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { databaseUrl } from './databases.js';

interface Link {
  client: Socket;
  upstream: Socket | undefined;
}

export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly links = new Set<Link>();
  private stalled = false;

  private boundPort: number | undefined;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Set by the first open (a port the kernel picks); reopening comes back on the same port. */
  get port(): number {
    if (this.boundPort === undefined) throw new Error('TcpProxy: open() it first');
    return this.boundPort;
  }

  /** Connections accepted so far while stalled, still open (the service is trying and waiting). */
  get stalledConnections(): number {
    return [...this.links].filter((link) => !link.upstream).length;
  }

  async open(): Promise<void> {
    const server = createServer((client) => {
      const link: Link = { client, upstream: undefined };
      this.links.add(link);
      this.track(client);
      client.on('close', () => {
        this.links.delete(link);
        link.upstream?.destroy();
      });
      // While stalled the client's bytes wait, unread, in its socket: they are forwarded once the proxy is.
      if (this.stalled) client.pause();
      else this.connectUpstream(link);
    });
    // The port just released can still be held for a moment (by another test's short-lived server).
    for (let attempt = 1; ; attempt++) {
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(this.boundPort ?? 0, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    this.boundPort = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.stalled = false;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Stops forwarding, keeping every connection open: established ones stop passing bytes either way,
   * new ones are accepted and get no answer. What either side sends meanwhile is held, not lost. A side
   * that closes still closes its partner (the server learns that the client gave up).
   */
  stall(): void {
    this.stalled = true;
    for (const link of this.links) {
      link.client.unpipe();
      link.client.pause();
      link.upstream?.unpipe();
      link.upstream?.pause();
    }
  }

  /** Forwards again: held bytes flow, and connections accepted while stalled reach the server now. */
  forward(): void {
    this.stalled = false;
    for (const link of this.links) {
      if (link.upstream) {
        link.client.pipe(link.upstream);
        link.upstream.pipe(link.client);
      } else {
        this.connectUpstream(link);
      }
    }
  }

  private connectUpstream(link: Link): void {
    const upstream = connect(this.target.port, this.target.host);
    link.upstream = upstream;
    this.track(upstream);
    upstream.on('close', () => link.client.destroy());
    link.client.pipe(upstream);
    upstream.pipe(link.client);
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }
}

/** A proxy in front of the machine's PostgreSQL, open, and the URL of `database` through it (as `role`, if given). */
export async function proxyToDatabase(database: string): Promise<{ proxy: TcpProxy; urlThrough(role?: string): string }> {
  const server = new URL(databaseUrl(database));
  const proxy = new TcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  await proxy.open();
  return {
    proxy,
    urlThrough(role) {
      const url = new URL(databaseUrl(database));
      if (role) url.username = role;
      url.port = String(proxy.port);
      return url.toString();
    },
  };
}
