// An agent on call, through the MCP SDK's own client: it lists the issue a failing destination opened, pauses the
// destination, acknowledges and resolves the issue, and resumes the destination, which then delivers its queue.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, testMcpSettings } from '../helpers/test-app.js';

let h: DeliveryHarness;
let server: Server;
let agent: Client;
let receiver: Receiver;
let failing = true;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  h = await startDeliveryHarness({ mcp: testMcpSettings(base) });
  server = await new Promise<Server>((resolve) => {
    const started = createServer(h.context.app).listen(port, '127.0.0.1', () => resolve(started));
  });
  agent = await connectAgent(`${base}/mcp`, new ScriptedAgentAuth(h.tenant.apiKey));
  receiver = await startReceiver(() => (failing ? { status: 502 } : { status: 200 }));
});
afterAll(async () => {
  await agent?.close();
  server?.close();
  await h?.close();
  await receiver?.close();
});

describe('the issue tools', () => {
  it('list, acknowledge and resolve an issue, and pause and resume its destination, as REST does', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    await h.send(endpoint.url, '{"n":1}');
    const listed = await eventually(async () => {
      const result = await callTool(agent, 'issues.list', { state: 'unresolved', destination_id: destination.id });
      expect((result.structuredContent as { data: unknown[] }).data).toHaveLength(1);
      return result.structuredContent as { data: Array<{ id: string; kind: string }> };
    });
    const rest = (await api(h.context).get(`/v1/issues?destination_id=${destination.id}`).set(h.tenant.auth).expect(200)).body;
    expect(listed.data[0]!.id).toBe(rest.data[0].id);
    const issueId = listed.data[0]!.id;
    expect(listed.data[0]!.kind).toBe('http_5xx');

    const paused = await callTool(agent, 'destinations.pause', { destination_id: destination.id, reason: 'receiver redeploying' });
    expect(paused.structuredContent).toMatchObject({ paused_reason: 'receiver redeploying', paused_at: expect.any(String) });
    expect((await callTool(agent, 'issues.acknowledge', { issue_id: issueId })).structuredContent).toMatchObject({ state: 'acknowledged' });
    expect((await callTool(agent, 'issues.get', { issue_id: issueId })).structuredContent).toMatchObject({ state: 'acknowledged' });
    expect((await callTool(agent, 'issues.resolve', { issue_id: issueId })).structuredContent).toMatchObject({ state: 'resolved' });

    failing = false;
    const resumed = await callTool(agent, 'destinations.resume', { destination_id: destination.id });
    expect(resumed.structuredContent).toMatchObject({ paused_at: null, breaker: { state: 'closed' } });
    await eventually(async () =>
      expect(receiver.received.some((request, index) => index > 0 && request.body.toString() === '{"n":1}')).toBe(true),
    );
    const audit = (await api(h.context).get('/v1/audit?limit=10').set(h.tenant.auth).expect(200)).body.data;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['destination.paused', 'issue.acknowledged', 'issue.resolved', 'destination.resumed']),
    );
  });

  it('refuse bad input like REST', async () => {
    expect(await callTool(agent, 'issues.list', { state: 'broken' })).toMatchObject({
      isError: true,
      structuredContent: {
        error: { code: 'invalid_request', message: expect.stringMatching(/state must be open, acknowledged, resolved or unresolved/) },
      },
    });
    expect(await callTool(agent, 'issues.get', { issue_id: '01890a5d-ac96-774b-bcce-b302099a8057' })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'not_found' } },
    });
  });
});
