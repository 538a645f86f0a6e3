// The MCP server behind a TLS proxy: RELAY_PUBLIC_URL names the public address, TRUST_PROXY lets the proxy's
// X-Forwarded-Host count. The challenge, the metadata and the Host check all speak the public address.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createTestContext, testMcpSettings, type TestContext } from '../helpers/test-app.js';

const PUBLIC = 'https://relay.example.com';
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ mcp: testMcpSettings(PUBLIC) });
  context.app.set('trust proxy', true);
});
afterAll(() => context.close());

describe('/mcp behind a proxy', () => {
  it('accepts the public host the proxy forwards and challenges with the public metadata URL', async () => {
    const response = await api(context)
      .post('/mcp')
      .set('Host', '10.0.0.7:8100')
      .set('X-Forwarded-Host', 'relay.example.com')
      .set('X-Forwarded-Proto', 'https')
      .send({});
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toContain(`resource_metadata="${PUBLIC}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = (await api(context).get('/.well-known/oauth-protected-resource/mcp').expect(200)).body;
    expect(metadata).toMatchObject({ resource: `${PUBLIC}/mcp`, authorization_servers: [PUBLIC] });
    const server = (await api(context).get('/.well-known/oauth-authorization-server').expect(200)).body;
    expect(server).toMatchObject({ issuer: PUBLIC, token_endpoint: `${PUBLIC}/oauth/token` });
  });

  it('refuses a host that is neither the public one nor allowed', async () => {
    const response = await api(context).post('/mcp').set('Host', '10.0.0.7:8100').send({});
    expect(response.status).toBe(403);
    expect(response.body.error.message).toContain('RELAY_PUBLIC_URL or RELAY_MCP_ALLOWED_HOSTS');
  });
});
