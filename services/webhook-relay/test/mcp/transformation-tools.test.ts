// An agent writes a destination's transformation through the MCP SDK's own client: it saves a version, tries it on
// a captured event in the test console, activates it and lists the versions, with the answers REST gives and the
// agent named in the audit log; bad input is refused as REST refuses it.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { api, testMcpSettings } from '../helpers/test-app.js';

const ADD_HEADER = `(request) => {
  console.log('tagging', request.body.order);
  return { ...request, headers: { ...request.headers, 'x-tagged': 'yes' } };
}`;

let h: DeliveryHarness;
let server: Server;
let agent: Client;
let eventId: string;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // No workers: nothing is delivered; the tools change and read registrations only.
  h = await startDeliveryHarness({ mcp: testMcpSettings(base), workers: false });
  server = await new Promise<Server>((resolve) => {
    const started = createServer(h.context.app).listen(port, '127.0.0.1', () => resolve(started));
  });
  agent = await connectAgent(`${base}/mcp`, new ScriptedAgentAuth(h.tenant.apiKey));
  const endpoint = await h.endpoint();
  eventId = await h.send(endpoint.url, '{"order":"A-1"}');
});
afterAll(async () => {
  await agent?.close();
  server?.close();
  await h?.close();
});

const structured = async (name: string, args: Record<string, unknown>) => {
  const result = await callTool(agent, name, args);
  expect(result.isError).toBeFalsy();
  return result.structuredContent as Record<string, any>;
};

describe('the transformation tools', () => {
  it('save, test, activate and list versions as REST does, audited with the agent as actor', async () => {
    const destination = await h.destination('https://hooks.example.com/orders');
    const saved = await structured('transformations.create', { destination_id: destination.id, code: ADD_HEADER });
    expect(saved).toMatchObject({ destination_id: destination.id, version: 1, active: false });

    const tried = await structured('transformations.test', { destination_id: destination.id, event_id: eventId, version: 1 });
    expect(tried).toMatchObject({
      outcome: 'send',
      error: null,
      logs: ['tagging A-1'],
      request: { method: 'POST', url: 'https://hooks.example.com/orders', headers: { 'x-tagged': 'yes' }, body: '{"order":"A-1"}' },
    });
    const unsaved = await structured('transformations.test', {
      destination_id: destination.id,
      event_id: eventId,
      code: '(request) => null',
    });
    expect(unsaved).toMatchObject({ outcome: 'dropped', request: null });

    const activated = await structured('transformations.activate', { destination_id: destination.id, version: 1 });
    expect(activated).toMatchObject({ id: destination.id, transformation_version: 1 });
    const listed = await structured('transformations.list', { destination_id: destination.id });
    const rest = (await api(h.context).get(`/v1/destinations/${destination.id}/transformations`).set(h.tenant.auth).expect(200)).body;
    expect(listed).toEqual(rest);
    expect(listed).toMatchObject({ active_version: 1, data: [{ version: 1, active: true }] });

    const audit = (await api(h.context).get('/v1/audit?limit=10').set(h.tenant.auth).expect(200)).body.data as Array<{
      action: string;
      actor: string;
      target: { id: string };
    }>;
    const ours = audit.filter((entry) => entry.target.id === destination.id && entry.action.startsWith('transformation.'));
    expect(ours.map((entry) => entry.action)).toEqual(['transformation.activated', 'transformation.created']);
    for (const entry of ours) expect(entry.actor).toMatch(/via mcp:/);
  });

  it('refuse bad input like REST', async () => {
    const destination = await h.destination('https://hooks.example.com/refusals');
    const refused = async (name: string, args: Record<string, unknown>, code: string, message: RegExp) =>
      expect(await callTool(agent, name, args)).toMatchObject({
        isError: true,
        structuredContent: { error: { code, message: expect.stringMatching(message) } },
      });
    await refused('transformations.create', { destination_id: destination.id, code: '(request) => {' }, 'invalid_request', /SyntaxError/);
    await refused('transformations.create', { destination_id: destination.id, code: '42' }, 'invalid_request', /not a function/);
    await refused('transformations.create', { destination_id: destination.id, code: '' }, 'invalid_request', /must not be empty/);
    await refused('transformations.create', { destination_id: randomUUID(), code: '(r) => r' }, 'not_found', /destination/);
    await refused('transformations.activate', { destination_id: destination.id, version: 3 }, 'not_found', /version 3/);
    await refused('transformations.activate', { destination_id: destination.id, version: '3' }, 'invalid_request', /whole number/);
    await refused(
      'transformations.test',
      { destination_id: destination.id, event_id: eventId, code: '(r) => r', version: 1 },
      'invalid_request',
      /exactly one of code/,
    );
    await refused(
      'transformations.test',
      { destination_id: destination.id, event_id: randomUUID(), code: '(r) => r' },
      'not_found',
      /event/,
    );
    await refused('transformations.list', { destination_id: destination.id, colour: 'red' }, 'invalid_request', /colour/);
    expect(await structured('transformations.list', { destination_id: destination.id })).toEqual({ active_version: null, data: [] });
  });
});
