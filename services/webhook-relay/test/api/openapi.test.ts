import { describe, expect, it, afterAll, beforeAll } from '@jest/globals';
import { RELAY_ROUTES } from '@workspace/contracts';
import { api, createTestContext, type TestContext } from '../helpers/test-app.js';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every (method, path) the Express app serves, in OpenAPI's path form (`:id` -> `{id}`). */
function servedRoutes(app: TestContext['app']): string[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  return stack
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route!.methods)
        .filter((method) => method !== '_all' && method !== 'options') // CORS preflights are not operations
        .map((method) => `${method} ${layer.route!.path.replace(/:([a-z_]+)/g, '{$1}')}`),
    );
}

describe('GET /openapi.json', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(() => context.close());

  it('serves an OpenAPI 3.1 document without authentication', async () => {
    const { body } = await api(context).get('/openapi.json').expect(200);
    expect(body.openapi).toMatch(/^3\.1\./);
    expect(body.components.securitySchemes).toBeDefined();
  });

  it('documents every route the service serves, and nothing it does not', async () => {
    const { body } = await api(context).get('/openapi.json').expect(200);
    const documented = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method} ${path}`),
    );
    expect(servedRoutes(context.app).sort()).toEqual(documented.sort());
    expect(RELAY_ROUTES.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      documented.filter((route) => route.includes(' /v1/')).sort(),
    );
  });
});
