import { z } from 'zod';
import { utf8Bytes } from '../translator-glossaries.js';
import { jsonObject, RelayId, RelayTimestamp } from './common.js';

// Transformations (services/webhook-relay/docs/transformations.md): versioned JavaScript functions of a
// destination, `(request) => request`, run in a QuickJS sandbox before each send.

export const TRANSFORMATION_CODE_MAX_BYTES = 65_536;

const TransformationCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'code is required' : 'code must be a string') })
  .refine((code) => code.trim().length > 0, 'code must not be empty: write a function such as (request) => request')
  .refine((code) => utf8Bytes(code) <= TRANSFORMATION_CODE_MAX_BYTES, `code must be at most ${TRANSFORMATION_CODE_MAX_BYTES} bytes`)
  .meta({
    description:
      'A JavaScript function expression `(request) => request`. It receives {method, path, headers, body} (body parsed when the event is JSON) and returns the request to send, or null to drop the delivery.',
    example: '(request) => ({ ...request, headers: { ...request.headers, "x-source": "relay" } })',
  });

const TransformationVersion = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(2_147_483_647, `${field} is too large`);

export const CreateTransformationRequest = jsonObject({
  code: TransformationCode,
  activate: z
    .boolean({ error: 'activate must be true or false' })
    .default(false)
    .meta({ description: 'Make this version the active one at once (default false: test it first, then activate).' }),
}).meta({ id: 'CreateTransformationRequest' });
export type CreateTransformationRequest = z.infer<typeof CreateTransformationRequest>;

export const Transformation = z
  .object({
    id: z.uuid(),
    destination_id: z.uuid(),
    version: z.number().int().meta({ description: 'Numbered 1, 2, 3… per destination; a version is never changed once written.' }),
    code: z.string(),
    active: z.boolean().meta({ description: "The destination's deliveries run this version." }),
    created_at: RelayTimestamp('created_at'),
    created_by: z.string().nullable(),
  })
  .meta({ id: 'Transformation' });
export type Transformation = z.infer<typeof Transformation>;

export const TransformationList = z
  .object({
    active_version: z.number().int().nullable().meta({ description: 'null: deliveries go as captured.' }),
    data: z.array(Transformation).meta({ description: 'Newest version first.' }),
  })
  .meta({ id: 'TransformationList' });
export type TransformationList = z.infer<typeof TransformationList>;

export const ActivateTransformationRequest = jsonObject({
  version: TransformationVersion('version')
    .nullable()
    .meta({ description: 'The version deliveries run from now on; null detaches the transformation (deliveries go as captured).' }),
}).meta({ id: 'ActivateTransformationRequest' });
export type ActivateTransformationRequest = z.infer<typeof ActivateTransformationRequest>;

export const TestTransformationRequest = jsonObject({
  event_id: RelayId('event_id').meta({
    description: 'A captured event of an endpoint this destination is subscribed to (or any of yours).',
  }),
  code: TransformationCode.optional(),
  version: TransformationVersion('version').optional(),
})
  .refine((body) => (body.code === undefined) !== (body.version === undefined), {
    message: 'body must have exactly one of code (not saved yet) or version (a saved one)',
  })
  .meta({ id: 'TestTransformationRequest' });
export type TestTransformationRequest = z.infer<typeof TestTransformationRequest>;

export const TransformationTestResult = z
  .object({
    outcome: z.enum(['send', 'dropped', 'failed']).meta({
      description: 'send: the request below would be sent; dropped: the function returned null; failed: it threw or hit a limit.',
    }),
    request: z
      .object({
        method: z.string(),
        url: z.string(),
        headers: z
          .record(z.string(), z.string())
          .meta({ description: "The transformation's headers (the destination's own, stored encrypted, are added when sent)." }),
        body: z.string().meta({ description: 'The body as it would be sent (and signed).' }),
      })
      .nullable(),
    error: z.string().nullable().meta({ description: 'Why it failed, naming the limit it hit.' }),
    logs: z.array(z.string()).meta({ description: 'What console.log printed (at most 50 lines of 1,000 characters).' }),
    duration_ms: z.number(),
  })
  .meta({ id: 'TransformationTestResult' });
export type TransformationTestResult = z.infer<typeof TransformationTestResult>;
