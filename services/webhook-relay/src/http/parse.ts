import { validationMessage } from '@workspace/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { RelayError } from '../domain/relay-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates input at the edge: anything the schema refuses is a 400 naming the field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw new RelayError('invalid_request', validationMessage(result.error));
  return result.data;
}

/** Ids in paths are UUIDs; anything else is a malformed request, not a missing resource. */
export function idParam(req: Request, name: string): string {
  const value = req.params[name];
  if (typeof value !== 'string' || !UUID.test(value)) throw new RelayError('invalid_request', `${name} must be a UUID`);
  return value.toLowerCase();
}
