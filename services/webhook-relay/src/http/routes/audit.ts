import { RelayListQuery } from '@workspace/contracts';
import type { Express } from 'express';
import { listAuditEntries } from '../../domain/audit/list-audit-entries.js';
import { verifyAuditChain } from '../../domain/audit/verify-audit-chain.js';
import type { Deps } from '../../deps.js';
import { parseInput } from '../parse.js';
import { presentAuditEntry, presentAuditVerification, presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

export function registerAuditRoutes(app: Express, deps: Deps): void {
  app.get(
    '/v1/audit',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentPage(await listAuditEntries({ tx, page: parseInput(RelayListQuery, req.query) }), presentAuditEntry),
    })),
  );
  app.post(
    '/v1/audit/verify',
    tenantHandler(deps, async ({ tx, principal }) => ({
      status: 200,
      body: presentAuditVerification(await verifyAuditChain({ tx, tenantId: principal.tenantId })),
    })),
  );
}
