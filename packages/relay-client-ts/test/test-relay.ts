import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const relayDir = fileURLToPath(new URL('../../../services/webhook-relay/', import.meta.url));

export interface TestRelay {
  apiUrl: string;
  apiKey: string;
  ingestBase: string;
  stop(): Promise<void>;
}

/** The relay (API, ingest, delivery workers) in a child process, on a database of its own: see its script. */
export async function startTestRelay(): Promise<TestRelay> {
  const child: ChildProcess = spawn(`${relayDir}node_modules/.bin/tsx`, ['test/helpers/client-test-relay.ts'], {
    cwd: relayDir,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the test relay exited (${code}) before it listened`)));
  });
  const started = JSON.parse(line) as { api_url: string; api_key: string; ingest_base: string };
  return {
    apiUrl: started.api_url,
    apiKey: started.api_key,
    ingestBase: started.ingest_base,
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
}
