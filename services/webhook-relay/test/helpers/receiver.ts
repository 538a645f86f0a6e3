import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  path: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (a slow or hanging destination). */
  delayMs?: number;
}

/** A real local HTTP destination that records every request and answers as the test says. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Bodies of the requests received, as text, in arrival order. */
  bodies(): string[];
  answer: (request: Received, index: number) => Answer;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /** Waits for a request with this body: with at-least-once delivery, a count of requests may include repeats. */
  waitForBody(body: string, timeoutMs?: number): Promise<void>;
  /** The most requests it ever had received and not yet answered at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startReceiver(answer: Receiver['answer'] = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const received: Received[] = [];
  let server: Server;
  let inFlight = 0;
  /** Answers not sent yet (a slow or hanging destination): cleared on close, so nothing outlives the test. */
  const answering = new Set<NodeJS.Timeout>();
  const receiver: Receiver = {
    url: '',
    received,
    answer,
    bodies: () => received.map((item) => item.body.toString('utf8')),
    maxInFlight: 0,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`receiver got ${received.length} requests, expected ${count}: ${JSON.stringify(receiver.bodies())}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async waitForBody(body, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!receiver.bodies().includes(body)) {
        if (Date.now() > deadline) throw new Error(`receiver got no request with ${body}: ${JSON.stringify(receiver.bodies())}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of answering) clearTimeout(timer);
        answering.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks), path: req.url ?? '/', at: Date.now() };
      received.push(request);
      inFlight += 1;
      receiver.maxInFlight = Math.max(receiver.maxInFlight, inFlight);
      const reply = receiver.answer(request, received.length - 1);
      const timer = setTimeout(() => {
        answering.delete(timer);
        inFlight -= 1;
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      }, reply.delayMs ?? 0);
      answering.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
