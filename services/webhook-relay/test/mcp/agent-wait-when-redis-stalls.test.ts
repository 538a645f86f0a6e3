// An agent's waiting triggers.wait (MCP, through the SDK's own client) when Redis does not answer: the tool refuses
// within the bounded command timeout with code `unavailable` (REST's 503), not `internal`, and never waits out
// wait_seconds for notices that could not come. Real app and PostgreSQL; the feed over a Redis that stalls.
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createApp } from '../../src/app.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { api, createTestContext, testMcpSettings, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { UnansweredRedis } from '../helpers/unanswered-redis.js';

/** Well under the 30 s wait asked for; the bound itself is the helper's 1 s command timeout. */
const ANSWERED_WITHIN_MS = 15_000;

jest.setTimeout(60_000);

let context: TestContext;
let tenant: TestTenant;
let stalled: UnansweredRedis;
let server: Server;
let agent: Client;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  context = await createTestContext({ runtime: systemRuntime, mcp: testMcpSettings(base) });
  tenant = await context.newTenant('pro');
  stalled = await UnansweredRedis.stalled();
  const app = createApp({ ...context.deps, live: stalled.liveEvents(`${context.livePrefix}-stalled`) });
  server = app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  agent = await connectAgent(`${base}/mcp`, new ScriptedAgentAuth(tenant.apiKey));
});
afterAll(async () => {
  await agent?.close();
  server?.closeAllConnections();
  server?.close();
  stalled?.close();
  await context.close();
});

it('refuses a waiting triggers.wait as unavailable within the bound while Redis stalls', async () => {
  const endpoint = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'agent waits' }).expect(201)).body;
  const started = Date.now();
  const result = await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, wait_seconds: 30 });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
});
