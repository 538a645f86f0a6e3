import { ListIssuesQuery } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { acknowledgeIssue, findIssue, listIssues, resolveIssueByHand } from '../../domain/issues/issue-views.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentIssue, presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

/** Issues: failures grouped per destination (or endpoint) and kind (docs/failure-handling.md). */
export function registerIssueRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime } = deps;
  app.get(
    '/v1/issues',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentPage(await listIssues(tx, parseInput(ListIssuesQuery, req.query)), presentIssue),
    })),
  );
  app.get(
    '/v1/issues/:issue_id',
    tenantHandler(deps, async ({ req, tx }) => ({ status: 200, body: presentIssue(await findIssue(tx, idParam(req, 'issue_id'))) })),
  );
  app.post(
    '/v1/issues/:issue_id/acknowledge',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const issue = await acknowledgeIssue({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        issueId: idParam(req, 'issue_id'),
      });
      return { status: 200, body: presentIssue(issue) };
    }),
  );
  app.post(
    '/v1/issues/:issue_id/resolve',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const issue = await resolveIssueByHand({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        issueId: idParam(req, 'issue_id'),
      });
      return { status: 200, body: presentIssue(issue) };
    }),
  );
}
