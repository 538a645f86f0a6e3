// Our translator service, started from its build (services/translator/dist/server.js) against its own
// bench database, which it creates and migrates itself. BENCH_DATABASE_SERVER_URL picks the Postgres server.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchNodeFlags, freePort, startServer, type RunningServer } from '../lib/processes.js';
import { postForm } from './client-load.js';

const serviceDir = fileURLToPath(new URL('../../services/translator/', import.meta.url));
export const SERVICE_ENTRY = `${serviceDir}dist/server.js`;
// The service wants admin keys of at least 16 characters.
export const ADMIN_KEY = 'bench-admin-key-0000';

export function serviceBuilt(): boolean {
  return existsSync(SERVICE_ENTRY);
}

export async function startTranslator(logFile: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const databaseUrl = new URL(process.env.BENCH_DATABASE_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  databaseUrl.pathname = '/translator_bench';
  const port = await freePort();
  return startServer({
    command: process.execPath,
    args: [...benchNodeFlags(), 'dist/server.js'],
    cwd: serviceDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      TRANSLATOR_ADMIN_KEY: ADMIN_KEY,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
    },
    port,
    readyPath: '/readyz',
    logFile,
  });
}

/** One text through POST /v2/translate EN->ES; throws unless it is a 200 with one non-empty translation. */
export async function translateWithService(url: string, text: string, timeoutMs?: number): Promise<string> {
  const answer = await postForm(`${url}/v2/translate`, translateBody(text), { authorization: `DeepL-Auth-Key ${ADMIN_KEY}` }, timeoutMs);
  const translation =
    answer.status === 200
      ? (JSON.parse(answer.body) as { translations?: { text?: unknown; detected_source_language?: unknown }[] }).translations?.[0]
      : undefined;
  if (typeof translation?.text !== 'string' || translation.text.trim() === '' || translation.detected_source_language !== 'EN') {
    throw new Error(`translator answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }
  return translation.text;
}

/** The same form body translateWithService sends, for callers that size requests by bytes on the wire. */
export function translateBody(text: string): string {
  return new URLSearchParams({ text, source_lang: 'EN', target_lang: 'ES' }).toString();
}
