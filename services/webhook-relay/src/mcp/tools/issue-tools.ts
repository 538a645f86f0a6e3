import { ListIssuesQuery, PauseDestinationRequest } from '@workspace/contracts';
import { z } from 'zod';
import type { TenantTx } from '../../db/prisma.js';
import { pauseDestination, resumeDestination } from '../../domain/destinations/pause-destination.js';
import { acknowledgeIssue, findIssue, listIssues, resolveIssueByHand } from '../../domain/issues/issue-views.js';
import { presentDestination, presentIssue, presentPage } from '../../http/presenters.js';
import { defineTool, type RelayTool, type ToolContext } from './tool-definition.js';

const issueId = z.object({ issue_id: z.uuid({ error: 'issue_id must be a UUID' }) }).strict();
const destinationId = { destination_id: z.uuid({ error: 'destination_id must be a UUID' }) };
const inTenant = <T>(context: ToolContext, work: (tx: TenantTx) => Promise<T>) =>
  context.deps.tenants.run(context.principal.tenantId, work);
const changeOf = (context: ToolContext, tx: TenantTx) => ({
  tx,
  tenantId: context.principal.tenantId,
  runtime: context.deps.runtime,
  actor: context.principal.actor,
});

/**
 * Issues and the controls an agent on call needs (docs/failure-handling.md): the same operations as REST, audited
 * with the agent as the actor. Pausing and resuming a destination are operations on its queue, not its
 * registration (which the MCP server leaves to REST, the CLI and the dashboard).
 */
export const ISSUE_TOOLS: RelayTool[] = [
  defineTool({
    name: 'issues.list',
    mirrors: 'listIssues',
    title: 'List issues',
    description:
      'Failures grouped per destination (or endpoint, for verification) and kind, newest first; state=unresolved for what needs attention.',
    input: ListIssuesQuery,
    readOnly: true,
    run: (context, input) => inTenant(context, async (tx) => presentPage(await listIssues(tx, input), presentIssue)),
  }),
  defineTool({
    name: 'issues.get',
    mirrors: 'getIssue',
    title: 'Get an issue',
    description: 'One issue: kind, count, first and last seen, the last failure (status, error, answer excerpt), its state.',
    input: issueId,
    readOnly: true,
    run: (context, input) => inTenant(context, async (tx) => presentIssue(await findIssue(tx, input.issue_id))),
  }),
  defineTool({
    name: 'issues.acknowledge',
    mirrors: 'acknowledgeIssue',
    title: 'Acknowledge an issue',
    description: 'Say someone is on it; it still resolves by itself when deliveries succeed again.',
    input: issueId,
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) => presentIssue(await acknowledgeIssue({ ...changeOf(context, tx), issueId: input.issue_id }))),
  }),
  defineTool({
    name: 'issues.resolve',
    mirrors: 'resolveIssue',
    title: 'Resolve an issue',
    description: 'Resolve it by hand; the next failure of its kind opens a new one.',
    input: issueId,
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) => presentIssue(await resolveIssueByHand({ ...changeOf(context, tx), issueId: input.issue_id }))),
  }),
  defineTool({
    name: 'destinations.pause',
    mirrors: 'pauseDestination',
    title: 'Pause a destination',
    description: 'Hold its queue in order (events still join it; nothing is sent or dead-lettered) until it is resumed.',
    input: PauseDestinationRequest.extend(destinationId),
    readOnly: false,
    run: (context, input) =>
      inTenant(context, async (tx) => {
        const paused = await pauseDestination({
          ...changeOf(context, tx),
          sealed: context.deps.sealed,
          destinationId: input.destination_id,
          ...(input.reason ? { reason: input.reason } : {}),
        });
        return presentDestination(paused, context.deps.runtime.now());
      }),
  }),
  defineTool({
    name: 'destinations.resume',
    mirrors: 'resumeDestination',
    title: 'Resume a destination',
    description: 'Send its queue again, in order, at once: unpaused, on again if it was turned off, its circuit breaker closed.',
    input: z.object(destinationId).strict(),
    readOnly: false,
    run: async (context, input) => {
      const resumed = await inTenant(context, (tx) =>
        resumeDestination({ ...changeOf(context, tx), sealed: context.deps.sealed, destinationId: input.destination_id }),
      );
      // As REST does after its commit: the head's delayed job due now, the destination woken.
      await context.deps.delivery?.queues
        .dueNow({ tenantId: context.principal.tenantId, destinationId: input.destination_id }, context.deps.runtime.now().getTime())
        .catch(() => undefined);
      context.deps.delivery?.wake();
      return presentDestination(resumed, context.deps.runtime.now());
    },
  }),
];
