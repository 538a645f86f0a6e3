import { type AdminTenant, CreateTenantRequest, type CreatedTenant, RelayListQuery, UpdateTenantRequest } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { listApiKeys } from '../../domain/api-keys/list-api-keys.js';
import { findTenant, listTenants } from '../../domain/admin/admin-tenants.js';
import { createTenant, deleteTenant, revokeTenantKey, updateTenant } from '../../domain/admin/change-tenants.js';
import type { Deps } from '../../deps.js';
import { requireAdminKey } from '../admin-auth.js';
import { idParam, parseInput } from '../parse.js';
import { presentApiKey, presentPage } from '../presenters.js';

/**
 * The operator's administration of a self-hosted relay (RELAY_ADMIN_API_KEY): tenants across the
 * installation. Every change is audited in the changed tenant's own log, as `operator:admin-api`.
 */
export function registerAdminRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { pool, runtime } = deps;
  app.use('/admin', requireAdminKey(deps.config.RELAY_ADMIN_API_KEY));
  const tenant = (req: Parameters<RequestHandler>[0]) => idParam(req, 'tenant_id');

  app.post('/admin/tenants', json, async (req, res) => {
    const input = parseInput(CreateTenantRequest, req.body);
    const { tenantId, apiKey, secret } = await createTenant(deps, input);
    const created: CreatedTenant = {
      ...(await findTenant(pool, tenantId, runtime.now())),
      api_key: { ...presentApiKey(apiKey), key: secret },
    };
    res.status(201).json(created);
  });
  app.get('/admin/tenants', async (req, res) => {
    const query = parseInput(RelayListQuery, req.query);
    res.json(await listTenants(pool, { at: runtime.now(), limit: query.limit, cursor: query.cursor }));
  });
  app.get('/admin/tenants/:tenant_id', async (req, res) => {
    res.json((await findTenant(pool, tenant(req), runtime.now())) satisfies AdminTenant);
  });
  app.patch('/admin/tenants/:tenant_id', json, async (req, res) => {
    const tenantId = tenant(req);
    await updateTenant(deps, tenantId, parseInput(UpdateTenantRequest, req.body));
    res.json(await findTenant(pool, tenantId, runtime.now()));
  });
  app.delete('/admin/tenants/:tenant_id', async (req, res) => {
    await deleteTenant(deps, tenant(req));
    res.status(204).end();
  });
  app.get('/admin/tenants/:tenant_id/api-keys', async (req, res) => {
    const tenantId = tenant(req);
    const query = parseInput(RelayListQuery, req.query);
    await findTenant(pool, tenantId, runtime.now());
    const page = await deps.tenants.run(tenantId, (tx) => listApiKeys({ tx, page: query }));
    res.json(presentPage(page, presentApiKey));
  });
  app.delete('/admin/tenants/:tenant_id/api-keys/:key_id', async (req, res) => {
    const tenantId = tenant(req);
    const keyId = idParam(req, 'key_id');
    await revokeTenantKey(deps, tenantId, keyId);
    res.status(204).end();
  });
}
