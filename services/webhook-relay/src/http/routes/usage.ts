import type { Express } from 'express';
import type { Deps } from '../../deps.js';
import { readUsage } from '../../domain/tenants/read-usage.js';
import { presentUsage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

export function registerUsageRoutes(app: Express, deps: Deps): void {
  app.get(
    '/v1/usage',
    tenantHandler(deps, async ({ tx, principal }) => ({
      status: 200,
      body: presentUsage(await readUsage({ tx, tenantId: principal.tenantId, at: deps.runtime.now() })),
    })),
  );
}
