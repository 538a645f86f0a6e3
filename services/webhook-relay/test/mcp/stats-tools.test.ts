// destinations.health and endpoints.volume through the MCP SDK's own client: the same figures as their REST twins,
// the same refusals ({"error": {code, message}} with isError), and another tenant's ids not found.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { api, testMcpSettings } from '../helpers/test-app.js';

let h: DeliveryHarness;
let server: Server;
let agent: Client;
let endpointId: string;
let destinationId: string;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  h = await startDeliveryHarness({ workers: false, mcp: testMcpSettings(base) });
  server = await new Promise<Server>((resolve) => {
    const started = createServer(h.context.app).listen(port, '127.0.0.1', () => resolve(started));
  });
  agent = await connectAgent(`${base}/mcp`, new ScriptedAgentAuth(h.tenant.apiKey));
  const endpoint = await h.endpoint();
  endpointId = endpoint.id;
  destinationId = (await h.destination('http://127.0.0.1:9/none')).id;
  await h.subscribe(endpointId, destinationId);
  for (const n of [1, 2]) await h.send(endpoint.url, `{"n":${n}}`);
});
afterAll(async () => {
  await agent?.close();
  server?.close();
  await h?.close();
});

const rest = async (path: string) => (await api(h.context).get(path).set(h.tenant.auth).expect(200)).body;
// `to` and the backlog's figures are read at the moment of each call; the counts are what must agree.
const withoutClock = ({ to: _to, from: _from, ...rest }: Record<string, unknown>) => rest;

describe('the health and volume tools', () => {
  it('answer what REST answers', async () => {
    const volume = await callTool(agent, 'endpoints.volume', { endpoint_id: endpointId, window: '1h' });
    expect(volume.isError).toBeFalsy();
    expect(withoutClock(volume.structuredContent!)).toEqual(withoutClock(await rest(`/v1/endpoints/${endpointId}/volume?window=1h`)));
    expect(volume.structuredContent).toMatchObject({ totals: { events: 2, unattempted: 2 } });
    const health = await callTool(agent, 'destinations.health', { destination_id: destinationId });
    expect(health.isError).toBeFalsy();
    expect(withoutClock(health.structuredContent!)).toEqual(withoutClock(await rest(`/v1/destinations/${destinationId}/health`)));
    expect(health.structuredContent).toMatchObject({ window: '24h', deliveries: { total: 2, pending: 2 }, backlog: { pending: 2 } });
  });

  it('refuse a bad window like REST, and another tenant’s ids as not found', async () => {
    expect(await callTool(agent, 'destinations.health', { destination_id: destinationId, window: '30d' })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'invalid_request', message: expect.stringMatching(/window must be one of 1h, 24h, 7d/) } },
    });
    expect(await callTool(agent, 'endpoints.volume', { endpoint_id: endpointId, window: '7d', bucket: '5m' })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'invalid_request', message: expect.stringMatching(/use a wider bucket/) } },
    });
    const other = await h.context.newTenant();
    const foreign = (await api(h.context).post('/v1/endpoints').set(other.auth).send({ name: 'theirs' }).expect(201)).body.id;
    expect(await callTool(agent, 'endpoints.volume', { endpoint_id: foreign })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'not_found' } },
    });
  });
});
