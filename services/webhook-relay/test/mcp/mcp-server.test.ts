// The remote MCP server against real PostgreSQL, Redis and ingest, driven by the MCP SDK's own client: OAuth
// discovery, dynamic registration, authorization code with PKCE through the consent page, refresh, tool listing
// and calls; the refusals; and triggers.wait (capture order, at least once, restarts, bodies by reference, waits).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createApp } from '../../src/app.js';
import { signAccessToken } from '../../src/mcp/oauth/access-tokens.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { api, testMcpSettings } from '../helpers/test-app.js';

let h: DeliveryHarness;
let server: Server;
let base: string;
let mcpUrl: string;
let agent: Client;
let auth: ScriptedAgentAuth;

// The listener hands each request to the current app: a restart replaces the app (and everything it holds in
// memory) while agents keep their connections, as behind a load balancer.
let currentApp: ReturnType<typeof createApp>;
const listen = (port: number) =>
  new Promise<Server>((resolve) => {
    const started = createServer((req, res) => currentApp(req, res)).listen(port, '127.0.0.1', () => resolve(started));
  });

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  mcpUrl = `${base}/mcp`;
  h = await startDeliveryHarness({ workers: false, mcp: testMcpSettings(base) });
  currentApp = h.context.app;
  server = await listen(port);
  auth = new ScriptedAgentAuth(h.tenant.apiKey);
  agent = await connectAgent(mcpUrl, auth);
});
afterAll(async () => {
  await agent?.close();
  server?.close();
  await h?.close();
});

const wait = (args: Record<string, unknown>) => callTool(agent, 'triggers.wait', args);
type Drained = { events: Array<{ id: string; body: Record<string, unknown> | null }>; next_cursor: string | null; caught_up: boolean };

describe('discovery and authorization', () => {
  it('answers an unauthenticated /mcp with 401 and a challenge naming the protected-resource metadata', async () => {
    const response = await fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    const resource = (await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: mcpUrl, authorization_servers: [base] });
    const metadata = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('lets the SDK client register, get the person’s consent with PKCE, and call tools', async () => {
    expect(auth.client?.client_id).toBeDefined();
    expect(auth.consentPages[0]).toContain('Allow test agent to use webhook-relay?');
    expect(auth.saved?.refresh_token).toMatch(/^whr_/);
    const { tools } = await agent.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'triggers.wait',
        'events.body',
        'endpoints.list',
        'events.get',
        'replays.create',
        'audit.verify',
        'usage.get',
      ]),
    );
    // Registering destinations and subscriptions is not offered on the MCP server (the spec).
    expect(names.filter((name) => /^(destinations\.(create|update|delete)|subscriptions\.)/.test(name))).toEqual([]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    // Every list tool answers with its defaults and with a JSON number for limit.
    for (const name of ['endpoints.list', 'events.list', 'deliveries.list', 'destinations.list', 'audit.list', 'triggers.list']) {
      expect({ name, answer: await callTool(agent, name) }).toMatchObject({
        name,
        answer: { structuredContent: { data: expect.any(Array) } },
      });
      expect({ name, answer: await callTool(agent, name, { limit: 2 }) }).toMatchObject({
        name,
        answer: { structuredContent: { data: expect.any(Array) } },
      });
    }
  });

  it('audits a tool call like the same REST call, naming the person and the agent', async () => {
    const created = await callTool(agent, 'endpoints.create', { name: 'made by an agent' });
    expect(created.isError).toBeFalsy();
    const audit = (await api(h.context).get('/v1/audit').set(h.tenant.auth).expect(200)).body as {
      data: Array<{ action: string; actor: string; target: { id: string } }>;
    };
    const entry = audit.data.find((item) => item.action === 'endpoint.created' && item.target.id === created.structuredContent!.id);
    expect(entry?.actor).toMatch(/^api_key:.+ via mcp:/);
    expect((await callTool(agent, 'audit.verify')).structuredContent).toMatchObject({ intact: true });
  });

  it('refreshes an expired access token with a rotating refresh token, and ends the grant when an old one is reused', async () => {
    const shortLived = new ScriptedAgentAuth(h.tenant.apiKey);
    const client = await connectAgent(mcpUrl, shortLived);
    const firstRefresh = shortLived.saved!.refresh_token!;
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
    const clientId = shortLived.client!.client_id;
    const refreshed = await fetch(
      `${base}/oauth/token`,
      form({ grant_type: 'refresh_token', refresh_token: firstRefresh, client_id: clientId }),
    );
    expect(refreshed.status).toBe(200);
    const tokens = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(tokens.refresh_token).not.toBe(firstRefresh);
    // The old refresh token again: refused, and the grant (with the new tokens) ends.
    const reused = await fetch(
      `${base}/oauth/token`,
      form({ grant_type: 'refresh_token', refresh_token: firstRefresh, client_id: clientId }),
    );
    expect(reused.status).toBe(400);
    const after = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
    await client.close();
  });

  it('refuses a denied consent, an expired token, a token for another resource and a revoked one', async () => {
    const denying = new ScriptedAgentAuth(h.tenant.apiKey, 'deny');
    await expect(connectAgent(mcpUrl, denying)).rejects.toThrow();
    expect(denying.denied).toBe('access_denied');

    const settings = testMcpSettings(base).oauth;
    const grantId = (
      await h.context.ownerPool.query<{ id: string }>('SELECT id FROM oauth_grants WHERE revoked_at IS NULL AND client_id = $1', [
        auth.client!.client_id,
      ])
    ).rows[0]!.id;
    const claims = { grantId, tenantId: h.tenant.tenantId, clientId: auth.client!.client_id, scopes: ['relay'] };
    const call = (token: string) =>
      fetch(mcpUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const expired = await signAccessToken(settings, claims, new Date(Date.now() - 3600_000));
    const expiredAnswer = await call(expired.token);
    expect(expiredAnswer.status).toBe(401);
    expect(expiredAnswer.headers.get('www-authenticate')).toContain('expired');
    const elsewhere = await signAccessToken({ ...settings, resource: new URL('https://other.example/mcp') }, claims, new Date());
    const elsewhereAnswer = await call(elsewhere.token);
    expect(elsewhereAnswer.status).toBe(401);
    expect(elsewhereAnswer.headers.get('www-authenticate')).toContain('not issued for');
    const valid = await signAccessToken(settings, claims, new Date());
    expect((await call(valid.token)).status).toBe(200);
    const revoke = await fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: valid.token, client_id: auth.client!.client_id }),
    });
    expect(revoke.status).toBe(200);
    expect((await call(valid.token)).status).toBe(401);
    // The agent authorizes again (its grant was the one revoked).
    await agent.close();
    auth = new ScriptedAgentAuth(h.tenant.apiKey);
    agent = await connectAgent(mcpUrl, auth);
  });

  it('refuses a tool outside the surface, bad input, and another tenant’s endpoint', async () => {
    await expect(
      agent.callTool({ name: 'destinations.create', arguments: { name: 'x', url: 'https://example.com' } }),
    ).resolves.toMatchObject({ isError: true });
    const bad = await callTool(agent, 'triggers.wait', { endpoint_id: 'not-a-uuid' });
    expect(bad.isError).toBe(true);
    const other = await h.context.newTenant('pro');
    const theirs = (await api(h.context).post('/v1/endpoints').set(other.auth).send({ name: 'theirs' }).expect(201)).body as { id: string };
    const refused = await callTool(agent, 'endpoints.get', { endpoint_id: theirs.id });
    expect(refused).toMatchObject({ isError: true, structuredContent: { error: { code: 'not_found' } } });
    expect((await callTool(agent, 'triggers.wait', { endpoint_id: theirs.id })).structuredContent).toMatchObject({
      error: { code: 'not_found' },
    });
  });

  it('answers a Host it is not reached by, and another site’s Origin, with 403', async () => {
    const headers = { authorization: 'Bearer x', 'content-type': 'application/json' };
    expect((await fetch(mcpUrl, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body: '{}' })).status).toBe(403);
    const rebinding = await api(h.context).post('/mcp').set('host', 'evil.example').set(headers).send({});
    expect(rebinding.status).toBe(403);
    expect((await fetch(mcpUrl)).status).toBe(405);
  });
});

describe('agents and triggers on the REST API', () => {
  it('lists the agent a person authorized, and revoking it there ends its tokens at once', async () => {
    const another = new ScriptedAgentAuth(h.tenant.apiKey);
    const client = await connectAgent(mcpUrl, another);
    const agents = (await api(h.context).get('/v1/agents').set(h.tenant.auth).expect(200)).body as {
      data: Array<{ id: string; client_id: string; client_name: string }>;
    };
    const listed = agents.data.find((agent) => agent.client_id === another.client!.client_id);
    expect(listed).toMatchObject({ client_name: 'test agent' });
    await api(h.context).delete(`/v1/agents/${listed!.id}`).set(h.tenant.auth).expect(204);
    await expect(client.listTools()).rejects.toThrow();
    const audit = (await api(h.context).get('/v1/audit').set(h.tenant.auth).expect(200)).body as {
      data: Array<{ action: string; target: { id: string } }>;
    };
    expect(audit.data.some((entry) => entry.action === 'mcp.revoked' && entry.target.id === listed!.id)).toBe(true);
    // Another tenant cannot see or revoke it.
    const other = await h.context.newTenant('pro');
    await api(h.context).delete(`/v1/agents/${listed!.id}`).set(other.auth).expect(404);
  });

  it('drains a trigger through POST /v1/triggers/wait as through the MCP tool, and lists and deletes it', async () => {
    const endpoint = await h.endpoint({ name: 'rest trigger' });
    const first = (
      await api(h.context).post('/v1/triggers/wait').set(h.tenant.auth).send({ endpoint_id: endpoint.id, trigger: 'cli' }).expect(200)
    ).body;
    expect(first.events).toEqual([]);
    const id = await h.send(endpoint.url, '{"rest":true}');
    const batch = (
      await api(h.context).post('/v1/triggers/wait').set(h.tenant.auth).send({ endpoint_id: endpoint.id, trigger: 'cli' }).expect(200)
    ).body;
    expect(batch.events.map((event: { id: string }) => event.id)).toEqual([id]);
    // The MCP tool reads the same trigger by name.
    const viaMcp = (await wait({ endpoint_id: endpoint.id, trigger: 'cli' })).structuredContent as Drained;
    expect(viaMcp.events.map((event) => event.id)).toEqual([id]);
    await api(h.context)
      .post('/v1/triggers/wait')
      .set(h.tenant.auth)
      .send({ endpoint_id: endpoint.id, trigger: 'cli', ack: batch.next_cursor })
      .expect(200);
    const listed = (await api(h.context).get(`/v1/triggers?endpoint_id=${endpoint.id}`).set(h.tenant.auth).expect(200)).body;
    expect(listed.data).toEqual([expect.objectContaining({ id: batch.trigger_id, name: 'cli', last_drained_event_id: id })]);
    await api(h.context).delete(`/v1/triggers/${batch.trigger_id}`).set(h.tenant.auth).expect(204);
    expect((await api(h.context).get(`/v1/triggers?endpoint_id=${endpoint.id}`).set(h.tenant.auth).expect(200)).body.data).toEqual([]);
    await api(h.context).post('/v1/triggers/wait').set(h.tenant.auth).send({ endpoint_id: endpoint.id, limit: 500 }).expect(400);
  });
});

describe('triggers.wait', () => {
  it('drains 500 events in capture order across calls, again until acknowledged, and across a server restart', async () => {
    const endpoint = await h.endpoint({ name: 'agent source' });
    const first = (await wait({ endpoint_id: endpoint.id })).structuredContent as Drained;
    expect(first.events).toEqual([]);
    const sent: string[] = [];
    for (let i = 0; i < 500; i += 50)
      sent.push(...(await Promise.all(Array.from({ length: 50 }, (_, j) => h.send(endpoint.url, `{"n":${i + j}}`)))));
    const drained: string[] = [];
    let ack: string | undefined;
    // Not acknowledged: the same batch again (at least once).
    const unacked = (await wait({ endpoint_id: endpoint.id, limit: 200 })).structuredContent as Drained;
    const again = (await wait({ endpoint_id: endpoint.id, limit: 200 })).structuredContent as Drained;
    expect(again.events.map((event) => event.id)).toEqual(unacked.events.map((event) => event.id));
    let restarted = false;
    for (;;) {
      const batch = (await wait({ endpoint_id: endpoint.id, limit: 200, ...(ack ? { ack } : {}) })).structuredContent as Drained;
      if (batch.events.length === 0) break;
      drained.push(...batch.events.map((event) => event.id));
      ack = batch.next_cursor!;
      if (!restarted) {
        // The server restarts between calls: the cursor lives in PostgreSQL.
        restarted = true;
        currentApp = createApp(h.context.deps);
      }
    }
    expect(drained).toHaveLength(500);
    // Capture order: the ids of each wave of 50 in any order, the waves in order.
    const order = (ids: string[]) => ids.map((id) => sent.indexOf(id));
    const waves = order(drained).map((index) => Math.floor(index / 50));
    expect(waves).toEqual([...waves].sort((a, b) => a - b));
    expect(new Set(drained)).toEqual(new Set(sent));
  });

  it('sends a 100 KiB body by reference and events.body returns it whole', async () => {
    const endpoint = await h.endpoint({ name: 'big bodies' });
    await wait({ endpoint_id: endpoint.id });
    const big = JSON.stringify({ blob: 'x'.repeat(100 * 1024) });
    const id = await h.send(endpoint.url, big);
    const batch = (await wait({ endpoint_id: endpoint.id })).structuredContent as Drained;
    expect(batch.events.map((event) => event.id)).toEqual([id]);
    expect(batch.events[0]!.body).toMatchObject({
      by_reference: true,
      size: Buffer.byteLength(big),
      fetch: { tool: 'events.body', event_id: id },
    });
    const chunk = (await callTool(agent, 'events.body', { event_id: id })).structuredContent as {
      data: string;
      next_offset: number | null;
    };
    expect(Buffer.from(chunk.data, 'base64').toString()).toBe(big);
    expect(chunk.next_offset).toBeNull();
  });

  it('returns a waiting call as soon as an event is captured', async () => {
    const endpoint = await h.endpoint({ name: 'waited on' });
    await wait({ endpoint_id: endpoint.id });
    const started = Date.now();
    const waiting = wait({ endpoint_id: endpoint.id, wait_seconds: 30 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const id = await h.send(endpoint.url, '{"awaited":true}');
    const batch = (await waiting).structuredContent as Drained;
    expect(batch.events.map((event) => event.id)).toEqual([id]);
    // Well before the 30 s the call allowed: it was woken, not timed out.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
