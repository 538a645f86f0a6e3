// Diagnostic, not a figure: the CPU that the HTTP layer alone costs per translate request, under the
// throughput benchmark's load (8 closed-loop clients, the same paragraphs as form bodies). Each layer in
// http-layer-server.ts answers after a fixed 15 ms and does nothing else, so its CPU per request is the
// floor that any service built on it pays before translating. Compare with the translator service's own
// Node CPU per paragraph from `pnpm --filter ./bench run translator:cpu`.
// Run: pnpm --filter ./bench run translator:http-layer   Environment: BENCH_CHARS (1,000,000 per layer).
import { cpuBetween, snapshotCpu } from '../lib/cpu-by-process.js';
import { freePort, startServer } from '../lib/processes.js';
import { agent, postForm, runClients } from './client-load.js';
import { licenseParagraphs, workload } from './corpus.js';
import { translateBody } from './service.js';

const LAYERS = ['node-http', 'express', 'express-res-json', 'express-urlencoded-res-json'];
const chars = Number(process.env.BENCH_CHARS ?? 1_000_000);
const paragraphs = licenseParagraphs();

for (const layer of LAYERS) {
  const port = await freePort();
  const server = await startServer({
    command: process.execPath,
    args: ['--import', 'tsx', 'translator/http-layer-server.ts'],
    env: { ...process.env, HTTP_LAYER: layer, PORT: String(port), NODE_ENV: 'production' },
    port,
    readyPath: '/ready',
    logFile: new URL(`../results/http-layer-${layer}.log`, import.meta.url).pathname,
  });
  try {
    const send = async (text: string) => {
      const answer = await postForm(`${server.url}/v2/translate`, translateBody(text));
      if (answer.status !== 200) throw new Error(`${layer} answered ${answer.status}`);
    };
    await runClients({ texts: paragraphs, concurrency: 8, send, durationSeconds: 3 });
    const before = snapshotCpu();
    const result = await runClients({ texts: workload(paragraphs, chars), concurrency: 8, send });
    const used = cpuBetween(before, snapshotCpu(), (pid, name) => (pid === server.pid ? 'server' : name)).get('server') ?? 0;
    console.log(
      `${layer.padEnd(30)} ${((used * 1000) / result.requests).toFixed(0).padStart(5)} us of server CPU per request (${result.requests} requests)`,
    );
  } finally {
    await server.stop();
  }
}
agent.destroy();
