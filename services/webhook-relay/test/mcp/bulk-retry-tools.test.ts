// The bulk retry tools through the MCP SDK's own client: the same answers as their REST twins (a preview, a job and
// its progress, the list, a cancel and its 409), the same refusals, and another tenant's jobs not found.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bulkRetryRunner, deadLetterPending } from '../helpers/bulk-retry.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { api, testMcpSettings } from '../helpers/test-app.js';

let h: DeliveryHarness;
let server: Server;
let agent: Client;
let destinationId: string;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // No delivery workers: the replays stay pending.
  h = await startDeliveryHarness({ workers: false, mcp: testMcpSettings(base) });
  server = await new Promise<Server>((resolve) => {
    const started = createServer(h.context.app).listen(port, '127.0.0.1', () => resolve(started));
  });
  agent = await connectAgent(`${base}/mcp`, new ScriptedAgentAuth(h.tenant.apiKey));
  const endpoint = await h.endpoint();
  destinationId = (await h.destination('http://127.0.0.1:9/none')).id;
  await h.subscribe(endpoint.id, destinationId);
  for (const n of [1, 2, 3]) await h.send(endpoint.url, `{"n":${n}}`);
  expect(await deadLetterPending(h, destinationId)).toBe(3);
});
afterAll(async () => {
  await agent?.close();
  server?.close();
  await h?.close();
});

const rest = async (path: string) => (await api(h.context).get(path).set(h.tenant.auth).expect(200)).body;

describe('the bulk retry tools', () => {
  it('preview, start and follow a job as REST shows it', async () => {
    const preview = await callTool(agent, 'bulk_retries.preview', { destination_id: destinationId, filter: { last_status: '5xx' } });
    expect(preview.isError).toBeFalsy();
    expect(preview.structuredContent).toMatchObject({ deliveries: 3, events: 3 });
    const started = await callTool(agent, 'bulk_retries.start', { destination_id: destinationId });
    expect(started.structuredContent).toMatchObject({ state: 'queued', retried: 0, total: null });
    const id = started.structuredContent!.id as string;
    await bulkRetryRunner(h, { chunk: 2 }).pass();
    const job = await callTool(agent, 'bulk_retries.get', { bulk_retry_id: id });
    expect(job.structuredContent).toEqual(await rest(`/v1/bulk-retries/${id}`));
    expect(job.structuredContent).toMatchObject({ state: 'succeeded', total: 3, retried: 3 });
    const list = await callTool(agent, 'bulk_retries.list', { limit: 10 });
    expect(list.structuredContent).toEqual(await rest('/v1/bulk-retries?limit=10'));
  });

  it('cancel once, then refuse as REST does; bad input and other tenants refused alike', async () => {
    const id = (await callTool(agent, 'bulk_retries.start', { destination_id: destinationId })).structuredContent!.id as string;
    expect((await callTool(agent, 'bulk_retries.cancel', { bulk_retry_id: id })).structuredContent).toMatchObject({ state: 'cancelled' });
    expect(await callTool(agent, 'bulk_retries.cancel', { bulk_retry_id: id })).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'conflict', message: `bulk retry ${id} is already cancelled` } },
    });
    expect(
      await callTool(agent, 'bulk_retries.preview', {
        destination_id: destinationId,
        from: '2026-11-24T00:00:00Z',
        to: '2026-11-23T00:00:00Z',
      }),
    ).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'invalid_request', message: expect.stringMatching(/from must be earlier/) } },
    });
    const other = await h.context.newTenant();
    const stranger = await connectAgent(`${base}/mcp`, new ScriptedAgentAuth(other.apiKey));
    try {
      expect(await callTool(stranger, 'bulk_retries.get', { bulk_retry_id: id })).toMatchObject({
        isError: true,
        structuredContent: { error: { code: 'not_found' } },
      });
    } finally {
      await stranger.close();
    }
  });
});
