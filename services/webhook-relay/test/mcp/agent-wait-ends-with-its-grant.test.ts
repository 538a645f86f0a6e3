// An agent's waiting triggers.wait (MCP, through the SDK's own client) ends within seconds once the person revokes
// the agent, instead of waiting out its wait_seconds as if still authorized: the call fails and the agent's next
// call is refused. Real app, PostgreSQL and Redis.
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { api, createTestContext, testMcpSettings, type TestContext, type TestTenant } from '../helpers/test-app.js';

/** "Within seconds", with room for a loaded machine; the wait asked for is 30 s. */
const ENDS_WITHIN_MS = 20_000;

jest.setTimeout(60_000);

let context: TestContext;
let tenant: TestTenant;
let server: Server;
let agent: Client;
let auth: ScriptedAgentAuth;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  context = await createTestContext({ runtime: systemRuntime, mcp: testMcpSettings(base) });
  tenant = await context.newTenant('pro');
  server = context.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  auth = new ScriptedAgentAuth(tenant.apiKey);
  agent = await connectAgent(`${base}/mcp`, auth);
});
afterAll(async () => {
  await agent?.close();
  server?.closeAllConnections();
  server?.close();
  await context.close();
});

it('ends a waiting triggers.wait within seconds once the agent is revoked', async () => {
  const endpoint = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'agent waits' }).expect(201)).body;
  const started = Date.now();
  const outcome = callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, wait_seconds: 30 }).then(
    (result) => ({ refused: result.isError === true }),
    () => ({ refused: true }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const agents = (await api(context).get('/v1/agents').set(tenant.auth).expect(200)).body as {
    data: Array<{ id: string; client_id: string }>;
  };
  const grant = agents.data.find((listed) => listed.client_id === auth.client!.client_id)!;
  await api(context).delete(`/v1/agents/${grant.id}`).set(tenant.auth).expect(204);
  expect(await outcome).toEqual({ refused: true });
  expect(Date.now() - started).toBeLessThan(ENDS_WITHIN_MS + 1_000);
});
