// The MCP surface is built on the REST API's single source (the OpenAPI document from packages/contracts): every tool
// names the operation it mirrors, and every /v1 operation is either a tool or left out for a reason written here.
import { describe, expect, it } from '@jest/globals';
import { buildWebhookRelayOpenApi } from '@workspace/contracts';
import { RELAY_MCP_TOOLS } from '../../src/mcp/relay-mcp-server.js';

// What the MCP server does not offer, and why.
const LEFT_OUT: Record<string, string> = {
  createApiKey: 'credentials: an agent does not mint API keys',
  listApiKeys: 'credentials',
  revokeApiKey: 'credentials',
  listProviderSecrets: 'credentials: provider signing secrets',
  addProviderSecret: 'credentials',
  rotateProviderSecrets: 'credentials',
  removeProviderSecret: 'credentials',
  streamEvents: 'a browser stream; agents use triggers.wait',
  createDestination: 'the spec: registering destinations is not offered on the MCP server',
  updateDestination: 'the spec: destinations are registered elsewhere',
  deleteDestination: 'the spec: destinations are registered elsewhere',
  rotateDestinationSecret: 'the spec: destinations are registered elsewhere (and credentials)',
  revokeDestinationSecret: 'the spec: destinations are registered elsewhere (and credentials)',
  createSubscription: 'the spec: registering subscriptions is not offered on the MCP server',
  listSubscriptions: 'the spec: subscriptions are managed elsewhere',
  deleteSubscription: 'the spec: subscriptions are managed elsewhere',
  updateSubscription: 'the spec: subscriptions are managed elsewhere (filters.dry_run tries a filter, read-only)',
  listAgents: 'grants are managed by the person who gave them (REST, CLI, dashboard), not by agents',
  revokeAgent: 'grants are managed by the person who gave them',
  createNotificationTarget: 'credentials: creating a webhook target mints a signing secret, which the MCP server does not do',
  updateNotificationTarget: 'notification targets are registered elsewhere (as destinations are)',
  deleteNotificationTarget: 'notification targets are registered elsewhere (as destinations are)',
  testNotificationTarget: 'notification targets are registered and tested elsewhere',
  createEventType: 'event types and their schemas are managed elsewhere (REST, CLI, dashboard); agents read them',
  updateEventType: 'event types are managed elsewhere',
  deleteEventType: 'event types are managed elsewhere',
};

function v1Operations(): string[] {
  const document = buildWebhookRelayOpenApi() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/v1/'))
    .flatMap(([, methods]) => Object.values(methods).map((operation) => operation.operationId));
}

describe('the MCP tools', () => {
  it('each mirror an operation of the OpenAPI document (or are the MCP surface’s own)', () => {
    const operations = new Set(v1Operations());
    for (const tool of RELAY_MCP_TOOLS) if (tool.mirrors !== null) expect(operations).toContain(tool.mirrors);
    expect(RELAY_MCP_TOOLS.filter((tool) => tool.mirrors === null).map((tool) => tool.name)).toEqual(['events.body']);
  });

  it('cover every /v1 operation but those left out on purpose', () => {
    const mirrored = new Set(RELAY_MCP_TOOLS.map((tool) => tool.mirrors));
    const missing = v1Operations().filter((operation) => !mirrored.has(operation) && !(operation in LEFT_OUT));
    expect(missing).toEqual([]);
    for (const operation of Object.keys(LEFT_OUT)) expect(mirrored.has(operation)).toBe(false);
  });
});
