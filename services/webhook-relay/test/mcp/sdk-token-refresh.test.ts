// The MCP SDK's own client refreshes an expired access token by itself: with access tokens that live a few
// seconds (longer on a busy machine, so a fresh one outlives its first use), a tool call after they expired gets a 401, the SDK's OAuth provider spends its refresh token for new tokens
// (rotated), and the call goes through.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { patient } from '@workspace/service-kit/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { testMcpSettings } from '../helpers/test-app.js';

let h: DeliveryHarness;
let server: Server;
let agent: Client;
let auth: ScriptedAgentAuth;
const tokenSeconds = Math.ceil(patient(2000) / 1000);

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  h = await startDeliveryHarness({ workers: false, mcp: testMcpSettings(base, tokenSeconds) });
  server = h.context.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  auth = new ScriptedAgentAuth(h.tenant.apiKey);
  agent = await connectAgent(`${base}/mcp`, auth);
});
afterAll(async () => {
  await agent?.close();
  server?.close();
  await h?.close();
});

describe('the SDK client and short-lived access tokens', () => {
  it('refreshes by itself when its access token has expired, with a new refresh token each time', async () => {
    const first = auth.saved!;
    // The SDK and the server both read the real clock.
    await new Promise((resolve) => setTimeout(resolve, tokenSeconds * 1000 + 1100));
    const listed = await callTool(agent, 'endpoints.list', { limit: 5 });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({ data: expect.any(Array), next_cursor: null });
    expect(auth.saved!.access_token).not.toBe(first.access_token);
    expect(auth.saved!.refresh_token).not.toBe(first.refresh_token);
    // Only one consent was ever asked for: the refresh needed no person.
    expect(auth.consentPages).toHaveLength(1);
  });
});
