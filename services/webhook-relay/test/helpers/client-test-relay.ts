// The relay the client libraries' test suites run against (packages/relay-client-{ts,python,go}): the REST API,
// a real ingest listener and delivery workers in one process, on a database of its own cloned from the migrated
// template and a Redis prefix of its own. Run with `tsx`; it prints one JSON line
//   {"api_url": "...", "api_key": "whk_...", "ingest_base": "..."}
// and runs until its standard input closes (the test that started it exits) or it gets SIGTERM/SIGINT.
// Endpoints' ingest URLs point at the local ingest listener; destinations may be on 127.0.0.1.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { prepareTemplateDatabase, testServerUrl } from '@workspace/service-kit/testing';
import { startDeliveryHarness } from './delivery-harness.js';
import { TEMPLATE } from './template.js';

await prepareTemplateDatabase({ serverUrl: testServerUrl(), ...TEMPLATE });
const harness = await startDeliveryHarness();
// The app again, handing out ingest URLs on the local listener (the harness's says https://in.example.test).
const app = createApp({ ...harness.context.deps, config: { ...harness.context.deps.config, ingestBaseUrl: harness.ingestUrl } });
const server = createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.stdout.write(`${JSON.stringify({ api_url: apiUrl, api_key: harness.tenant.apiKey, ingest_base: harness.ingestUrl })}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await harness.close();
  process.exit(0);
}
process.stdin.on('end', () => void stop());
process.stdin.on('close', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
