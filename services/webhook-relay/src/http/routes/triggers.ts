import { ListTriggersQuery, RelayListQuery, TriggerWaitRequest } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { appendAuditEntry } from '../../domain/audit/append-audit-entry.js';
import { deleteTrigger, listTriggers } from '../../domain/triggers/list-triggers.js';
import { waitForTrigger } from '../../domain/triggers/wait-for-trigger.js';
import type { Deps } from '../../deps.js';
import { listAgents, revokeAgent } from '../../mcp/oauth/list-agents.js';
import { RelayError } from '../../domain/relay-error.js';
import { principalOf, watchPrincipal } from '../authenticate.js';
import { idParam, parseInput } from '../parse.js';
import { presentPage } from '../presenters.js';
import { presentAgent, presentTrigger, presentTriggerWait } from '../trigger-presenters.js';
import { tenantHandler } from '../tenant-handler.js';

/**
 * Triggers and agents on the REST API: what the MCP server's triggers.wait does (POST /v1/triggers/wait, the same
 * code), the triggers agents registered, and the agents a person authorized (revoking one ends its tokens).
 */
export function registerTriggerRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  app.post('/v1/triggers/wait', json, async (req, res) => {
    const principal = principalOf(res);
    const input = parseInput(TriggerWaitRequest, req.body ?? {});
    // A long poll outside tenantHandler's transaction: each read is its own short one.
    const stop = new AbortController();
    res.on('close', () => stop.abort());
    let principalEnded = false;
    const stopWatching = watchPrincipal(res, () => {
      principalEnded = true;
      stop.abort();
    });
    const waited = await waitForTrigger({
      tenants: deps.tenants,
      runtime: deps.runtime,
      live: deps.live,
      tenantId: principal.tenantId,
      actor: principal.actor,
      oauthClientId: null,
      input,
      signal: stop.signal,
    }).finally(stopWatching);
    if (principalEnded) throw new RelayError('unauthorized', 'the API key or dashboard session of this wait has ended: sign in again');
    res.status(200).json(presentTriggerWait(waited, input.ack));
  });
  app.get(
    '/v1/triggers',
    tenantHandler(deps, async ({ req, tx }) => {
      const query = parseInput(ListTriggersQuery, req.query);
      return { status: 200, body: presentPage(await listTriggers({ tx, page: query, endpointId: query.endpoint_id }), presentTrigger) };
    }),
  );
  app.delete(
    '/v1/triggers/:trigger_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      await deleteTrigger({
        tx,
        tenantId: principal.tenantId,
        runtime: deps.runtime,
        actor: principal.actor,
        triggerId: idParam(req, 'trigger_id'),
      });
      return { status: 204, body: null };
    }),
  );
  app.get(
    '/v1/agents',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentPage(await listAgents(tx, parseInput(RelayListQuery, req.query)), presentAgent),
    })),
  );
  app.delete(
    '/v1/agents/:agent_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const agent = await revokeAgent(tx, idParam(req, 'agent_id'), deps.runtime.now());
      await appendAuditEntry({
        tx,
        tenantId: principal.tenantId,
        runtime: deps.runtime,
        actor: principal.actor,
        action: 'mcp.revoked',
        target: { type: 'oauth_grant', id: agent.id },
        details: { client_id: agent.clientId },
      });
      return { status: 204, body: null };
    }),
  );
}
