import {
  CreateDeveloperKeyRequest,
  DeactivateDeveloperKeyRequest,
  ListDeveloperKeysQuery,
  RenameDeveloperKeyRequest,
  SetDeveloperKeyLimitsRequest,
} from '@workspace/contracts';
import type { Express } from 'express';
import type { Database } from '../../db/database.js';
import { createDeveloperKey } from '../../domain/keys/create-developer-key.js';
import { deactivateDeveloperKey } from '../../domain/keys/deactivate-developer-key.js';
import { listDeveloperKeys } from '../../domain/keys/list-developer-keys.js';
import { renameDeveloperKey } from '../../domain/keys/rename-developer-key.js';
import { setDeveloperKeyLimits } from '../../domain/keys/set-developer-key-limits.js';
import { parseParams } from '../parse-params.js';
import { requireAdmin } from '../require-admin.js';

export interface DeveloperKeyRouteDeps {
  db: Database;
  /** Drops every replica's cached answer for a key whose state changed. */
  forgetKey: (id: string) => Promise<void>;
  now: () => Date;
  maxActiveDeveloperKeys: number;
}

export function registerDeveloperKeyRoutes(app: Express, deps: DeveloperKeyRouteDeps): void {
  const path = '/v2/admin/developer-keys';
  app.use(path, requireAdmin);
  app.post(path, async (req, res) => {
    const { label } = parseParams(CreateDeveloperKeyRequest, req);
    res.json(await createDeveloperKey(deps.db, { label, maxActiveKeys: deps.maxActiveDeveloperKeys }));
  });
  app.get(path, async (req, res) => {
    parseParams(ListDeveloperKeysQuery, req);
    res.json(await listDeveloperKeys(deps.db));
  });
  app.put(`${path}/deactivate`, async (req, res) => {
    res.json(await deactivateDeveloperKey(deps, parseParams(DeactivateDeveloperKeyRequest, req).key_id));
  });
  app.put(`${path}/label`, async (req, res) => {
    const { key_id, label } = parseParams(RenameDeveloperKeyRequest, req);
    res.json(await renameDeveloperKey(deps.db, key_id, label));
  });
  app.put(`${path}/limits`, async (req, res) => {
    res.json(await setDeveloperKeyLimits(deps, parseParams(SetDeveloperKeyLimitsRequest, req)));
  });
}
