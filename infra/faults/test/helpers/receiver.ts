// A destination that records what reaches it, in arrival order.
import { createServer, type Server } from 'node:http';

export interface Receiver {
  url: string;
  bodies: string[];
  close(): Promise<void>;
}

export async function startReceiver(delayMs = 0): Promise<Receiver> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      setTimeout(() => res.writeHead(200).end('ok'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    bodies,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** At-least-once may repeat a delivery right after itself; never out of order. */
export const collapseRepeats = (bodies: string[]) => bodies.filter((body, index) => body !== bodies[index - 1]);
