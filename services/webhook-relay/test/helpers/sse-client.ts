import { get, type ClientRequest } from 'node:http';

export interface ServerSentEvent {
  event: string;
  id?: string;
  data: string;
}

/** A server-sent events reader over node:http: `next()` waits for the next event; `close()` hangs up. */
export interface EventStreamReader {
  status: number;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  next(timeoutMs?: number): Promise<ServerSentEvent>;
  close(): void;
}

export function readEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  return new Promise((resolve, reject) => {
    let request: ClientRequest | undefined;
    request = get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const arrived: ServerSentEvent[] = [];
      const waiting: Array<(event: ServerSentEvent) => void> = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const event: ServerSentEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const at = line.indexOf(':');
            const field = at < 0 ? line : line.slice(0, at);
            const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') {
              event.data = hasData ? `${event.data}\n${value}` : value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          const waiter = waiting.shift();
          if (waiter) waiter(event);
          else arrived.push(event);
        }
      });
      const ended = new Promise<void>((resolveEnd) => response.on('end', () => resolveEnd()));
      resolve({
        status: response.statusCode ?? 0,
        ended,
        next(timeoutMs = 10_000) {
          const ready = arrived.shift();
          if (ready) return Promise.resolve(ready);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => rejectEvent(new Error(`no server-sent event within ${timeoutMs} ms`)), timeoutMs);
            waiting.push((event) => {
              clearTimeout(timer);
              resolveEvent(event);
            });
          });
        },
        close: () => request?.destroy(),
      });
    });
    request.on('error', reject);
  });
}
