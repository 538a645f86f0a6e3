// Peer (a): Debian's apertium-apy, bound to loopback by apy-loopback.py, with its default pipeline settings
// (BENCH_APY_ARGS adds options, e.g. "-i 4 -u 1" for four pipes per pair).
import { fileURLToPath } from 'node:url';
import { freePort, startServer, type RunningServer } from '../lib/processes.js';
import { postForm } from './client-load.js';

const here = fileURLToPath(new URL('.', import.meta.url));

export async function startApy(logFile: string): Promise<RunningServer> {
  const port = await freePort();
  const extra = (process.env.BENCH_APY_ARGS ?? '').split(' ').filter(Boolean);
  return startServer({
    // Debian's python3: apy and tornado live in its dist-packages, not in a pyenv one.
    command: '/usr/bin/python3',
    args: [`${here}apy-loopback.py`, '-p', String(port), ...extra, '/usr/share/apertium'],
    cwd: fileURLToPath(new URL('../results', import.meta.url)),
    env: process.env,
    port,
    readyPath: '/listPairs',
    logFile,
  });
}

/** One paragraph through apy's /translate; throws unless it is a 200 with a translatedText. */
export async function translateWithApy(url: string, text: string): Promise<string> {
  const answer = await postForm(`${url}/translate`, apyBody(text));
  const translated =
    answer.status === 200
      ? (JSON.parse(answer.body) as { responseData?: { translatedText?: unknown } }).responseData?.translatedText
      : undefined;
  if (typeof translated !== 'string' || translated.trim() === '') {
    throw new Error(`apertium-apy answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }
  return translated;
}

/** The form body translateWithApy sends (POST /translate), for load generators that send it themselves. */
export function apyBody(text: string): string {
  return new URLSearchParams({ langpair: 'eng|spa', q: text, markUnknown: 'no' }).toString();
}
