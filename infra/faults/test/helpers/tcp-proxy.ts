// A TCP proxy in front of PostgreSQL that can be cut (every connection dropped, new ones refused, as when
// the server stops) and restored on the same port: a database outage without stopping the machine's
// PostgreSQL, which other tests use.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  private boundPort: number | undefined;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Set by the first open (a port the kernel picks); reopening comes back on the same port. */
  get port(): number {
    if (this.boundPort === undefined) throw new Error('TcpProxy: open() it first');
    return this.boundPort;
  }

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
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
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
