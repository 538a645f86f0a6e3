import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { CliError } from './errors.js';

const page = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p></body>`;

export interface LoopbackReceiver {
  /** Where the relay sends the browser back to: http://127.0.0.1:<port>/callback */
  redirectUri: string;
  /** The API key of the one valid callback. */
  apiKey: Promise<string>;
  close(): void;
}

function sameState(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A one-time HTTP server on 127.0.0.1 for the end of the browser sign-in. Only a callback carrying
 * the random `state` this login made is accepted; the first such one ends it, and the server closes.
 */
export async function startLoopbackReceiver(options: { state: string; signal: AbortSignal; timeoutMs: number }): Promise<LoopbackReceiver> {
  let settle!: { resolve(key: string): void; reject(error: Error): void };
  const apiKey = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  let done = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const answer = (status: number, title: string, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(page(title, text));
    };
    if (done || req.method !== 'GET' || url.pathname !== '/callback') return answer(404, 'Not found', 'Nothing here.');
    if (!sameState(url.searchParams.get('state'), options.state))
      return answer(400, 'Sign-in not accepted', 'This callback does not belong to the sign-in the command line started.');
    const error = url.searchParams.get('error');
    const key = url.searchParams.get('key');
    done = true;
    if (error || !key) {
      answer(400, 'Sign-in failed', 'Go back to the terminal for details.');
      finish(new CliError(`sign-in failed: ${url.searchParams.get('error_description') ?? error ?? 'no API key came back'}`));
    } else {
      answer(200, 'Signed in', 'You are signed in to webhook-relay. You can close this tab and go back to the terminal.');
      finish(null, key);
    }
  });
  const timer = setTimeout(
    () => finish(new CliError(`sign-in timed out after ${Math.round(options.timeoutMs / 1000)} s; run \`webhook-relay login\` again`)),
    options.timeoutMs,
  );
  const onAbort = () => finish(new CliError('sign-in cancelled'));
  options.signal.addEventListener('abort', onAbort, { once: true });

  function finish(error: Error | null, key?: string) {
    done = true;
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
    server.close();
    // Let the answer reach the browser before dropping idle keep-alive connections.
    setImmediate(() => server.closeIdleConnections());
    if (error) settle.reject(error);
    else settle.resolve(key!);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    apiKey,
    close: () => (done ? undefined : finish(new CliError('sign-in cancelled'))),
  };
}
