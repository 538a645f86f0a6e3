import envPaths from 'env-paths';

/** What a stream needs to be for the CLI: written to, and maybe a terminal. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Clock {
  now(): Date;
  /** Resolves after ms, or early (without error) when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Everything the commands touch outside their own memory, injected so tests are deterministic:
 * streams, the environment, time, HTTP, the browser and where the config lives.
 */
export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** The whole of standard input, as text (login --with-token, secrets); `what` names it in the prompt on a terminal. */
  readStdin(what?: string): Promise<string>;
  env: Record<string, string | undefined>;
  clock: Clock;
  fetch: typeof fetch;
  openBrowser(url: string): Promise<void>;
  configDir: string;
  /** Aborts on Ctrl-C / SIGTERM: long-running commands (listen, login) stop cleanly. */
  signal: AbortSignal;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    }),
};

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

export function systemIo(signal: AbortSignal): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: (what = 'the API key') => {
      if (process.stdin.isTTY) process.stderr.write(`Paste ${what}, then press Enter and Ctrl-D:\n`);
      return readAll(process.stdin);
    },
    env: process.env,
    clock: systemClock,
    fetch: globalThis.fetch.bind(globalThis),
    openBrowser: async (url) => {
      const { default: open } = await import('open');
      await open(url);
    },
    configDir: process.env.WEBHOOK_RELAY_CONFIG_DIR ?? envPaths('webhook-relay', { suffix: '' }).config,
    signal,
  };
}
