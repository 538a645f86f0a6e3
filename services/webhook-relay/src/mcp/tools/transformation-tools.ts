import { ActivateTransformationRequest, CreateTransformationRequest, TestTransformationRequest } from '@workspace/contracts';
import { z } from 'zod';
import type { TenantTx } from '../../db/prisma.js';
import { activateTransformation } from '../../domain/transformations/activate-transformation.js';
import { createTransformation } from '../../domain/transformations/create-transformation.js';
import { testTransformation } from '../../domain/transformations/test-transformation.js';
import { listTransformations } from '../../domain/transformations/transformation-view.js';
import { presentDestination } from '../../http/presenters.js';
import { defineTool, type RelayTool, type ToolContext } from './tool-definition.js';

const destinationId = { destination_id: z.uuid({ error: 'destination_id must be a UUID' }) };
const inTenant = <T>(context: ToolContext, work: (tx: TenantTx) => Promise<T>) =>
  context.deps.tenants.run(context.principal.tenantId, work);
const changeOf = (context: ToolContext, tx: TenantTx, id: string) => ({
  tx,
  tenantId: context.principal.tenantId,
  runtime: context.deps.runtime,
  sealed: context.deps.sealed,
  actor: context.principal.actor,
  destinationId: id,
});

// The contract's refinement (exactly one of code or version) is kept: a refined object cannot be extended.
const testInput = z
  .strictObject({ ...destinationId, ...TestTransformationRequest.shape })
  .refine((input) => (input.code === undefined) !== (input.version === undefined), {
    message: 'body must have exactly one of code (not saved yet) or version (a saved one)',
  });

/**
 * A destination's transformation (docs/transformations.md), as REST offers it: an agent can write a version, try
 * it on a captured event in the test console, and make it the one deliveries run, audited with the agent as actor.
 */
export const TRANSFORMATION_TOOLS: RelayTool[] = [
  defineTool({
    name: 'transformations.create',
    mirrors: 'createTransformation',
    title: 'Save a transformation version',
    description:
      'Save the next version of a destination’s transformation, a JavaScript function `(request) => request` over {method, path, headers, body} that returns the request to send or null to drop it. Code that does not compile to a function is refused. activate: true makes it the one deliveries run at once.',
    input: CreateTransformationRequest.extend(destinationId),
    readOnly: false,
    run: (context, { destination_id, ...input }) =>
      inTenant(context, (tx) => createTransformation({ ...changeOf(context, tx, destination_id), input })),
  }),
  defineTool({
    name: 'transformations.list',
    mirrors: 'listTransformations',
    title: 'List transformation versions',
    description: 'The versions of a destination’s transformation, newest first, with their code and which one is active.',
    input: z.strictObject(destinationId),
    readOnly: true,
    run: (context, input) => inTenant(context, (tx) => listTransformations(tx, input.destination_id)),
  }),
  defineTool({
    name: 'transformations.activate',
    mirrors: 'activateTransformation',
    title: 'Activate a transformation version',
    description:
      'Choose the version a destination’s deliveries run from their next attempt on (null: none, sent as captured); the queue keeps its order. Test a version first.',
    input: ActivateTransformationRequest.extend(destinationId),
    readOnly: false,
    run: (context, { destination_id, version }) =>
      inTenant(context, async (tx) => {
        const destination = await activateTransformation({ ...changeOf(context, tx, destination_id), version });
        return presentDestination(destination, context.deps.runtime.now());
      }),
  }),
  defineTool({
    name: 'transformations.test',
    mirrors: 'testTransformation',
    title: 'Test a transformation on an event',
    description:
      'Run code (not saved yet) or a saved version on a captured event in the sandbox, as a delivery to this destination would: the request it would send (or dropped, or why it failed, naming the limit) and its console.log lines. Sends and saves nothing.',
    input: testInput,
    readOnly: true,
    run: (context, { destination_id, ...input }) =>
      inTenant(context, (tx) =>
        testTransformation({
          tx,
          tenantId: context.principal.tenantId,
          runtime: context.deps.runtime,
          destinationId: destination_id,
          input,
        }),
      ),
  }),
];
