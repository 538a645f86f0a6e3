import { validationMessage } from '@workspace/contracts';
import type { z } from 'zod';
import { AppError } from '../domain/app-error.js';

// Input is validated at the edge with the shared contract schemas; a failure names the field.
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, input: unknown, what: string): z.infer<Schema> {
  if (input === undefined) throw new AppError('INVALID', `${what} is required: send JSON with Content-Type: application/json`);
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('INVALID', validationMessage(result.error));
  return result.data;
}
