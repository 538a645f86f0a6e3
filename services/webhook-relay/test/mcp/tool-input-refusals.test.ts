// What docs/mcp.md promises an agent, through the MCP SDK's own client: every tool's bad input comes back as a tool
// result with isError and structuredContent {"error": {code, message}} (not the SDK's bare -32602 text), and
// triggers.wait's next_cursor can always be passed back as ack.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { testMcpSettings } from '../helpers/test-app.js';

let h: DeliveryHarness;
let server: Server;
let agent: Client;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  h = await startDeliveryHarness({ workers: false, mcp: testMcpSettings(base) });
  server = await new Promise<Server>((resolve) => {
    const started = createServer(h.context.app).listen(port, '127.0.0.1', () => resolve(started));
  });
  agent = await connectAgent(`${base}/mcp`, new ScriptedAgentAuth(h.tenant.apiKey));
});
afterAll(async () => {
  await agent?.close();
  server?.close();
  await h?.close();
});

type Drained = { events: Array<{ id: string }>; next_cursor: string | null };
const refusal = (message: RegExp | string) => ({
  isError: true,
  structuredContent: {
    error: { code: 'invalid_request', message: typeof message === 'string' ? message : expect.stringMatching(message) },
  },
});

describe('input validation of MCP tools', () => {
  it('answers an argument no tool takes with isError and {"error": {code, message}}, for every tool', async () => {
    const { tools } = await agent.listTools();
    expect(tools.length).toBeGreaterThan(10);
    for (const tool of tools) {
      const answer = await callTool(agent, tool.name, { not_an_argument: 1 });
      expect({ tool: tool.name, answer }).toMatchObject({ tool: tool.name, answer: refusal(/not_an_argument/) });
    }
  });

  it('names the field and what to fix when a value is wrong', async () => {
    expect(await callTool(agent, 'triggers.wait', { endpoint_id: 'not-a-uuid' })).toMatchObject(refusal(/endpoint_id/));
    expect(await callTool(agent, 'events.list', { limit: 500 })).toMatchObject(refusal(/limit/));
    expect(await callTool(agent, 'events.body', { event_id: 12 })).toMatchObject(refusal(/event_id/));
    const endpoint = await h.endpoint();
    expect(await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, ack: 12 })).toMatchObject(refusal(/ack must be a string/));
  });

  it('still lists each tool’s input schema', async () => {
    const { tools } = await agent.listTools();
    const wait = tools.find((tool) => tool.name === 'triggers.wait')!;
    expect(wait.inputSchema).toMatchObject({
      type: 'object',
      properties: { endpoint_id: expect.any(Object), ack: expect.any(Object), limit: expect.any(Object) },
      required: ['endpoint_id'],
      additionalProperties: false,
    });
  });
});

describe('triggers.wait cursors', () => {
  it('returns a next_cursor on the first call, which is taken back as ack, and takes null as no ack', async () => {
    const endpoint = await h.endpoint();
    const first = await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id });
    expect(first.isError).toBeFalsy();
    const empty = first.structuredContent as Drained;
    expect(empty.events).toEqual([]);
    expect(typeof empty.next_cursor).toBe('string');
    const acked = await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, ack: empty.next_cursor });
    expect(acked.isError).toBeFalsy();
    expect(await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, ack: null })).toMatchObject({
      structuredContent: { events: [], next_cursor: empty.next_cursor },
    });
    // Then an event, acknowledged with the cursor of its batch: the next call is empty, its cursor that one.
    const id = await h.send(endpoint.url, '{"n":1}');
    const batch = (await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, ack: null })).structuredContent as Drained;
    expect(batch.events.map((event) => event.id)).toEqual([id]);
    const after = (await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, ack: batch.next_cursor }))
      .structuredContent as Drained;
    expect(after).toMatchObject({ events: [], next_cursor: batch.next_cursor });
  });

  it('returns a next_cursor usable as ack from a trigger that starts with the oldest stored event', async () => {
    const endpoint = await h.endpoint();
    const first = (await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, trigger: 'from-oldest', start: 'oldest' }))
      .structuredContent as Drained;
    expect(first.events).toEqual([]);
    const again = await callTool(agent, 'triggers.wait', { endpoint_id: endpoint.id, trigger: 'from-oldest', ack: first.next_cursor });
    expect(again.isError).toBeFalsy();
  });
});
