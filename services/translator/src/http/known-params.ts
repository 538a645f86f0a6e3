import { translatorValidationMessage } from '@workspace/contracts';
import type { Logger } from '@workspace/service-kit';
import type { Request } from 'express';
import type { z } from 'zod';
import { TranslatorError } from '../domain/translator-error.js';

// DeepL accepts parameters it does not know and ignores them (deepl-node's `extraRequestParameters`
// relies on it, and so does a client newer than this service). The schemas stay strict so that the
// unknown names are found; they are dropped, logged at debug level, and the rest is parsed again, so
// wrong values of the parameters we know are still refused with 400.

/** `params` parsed by `schema`, ignoring members the schema does not know; 400 naming the first bad one. */
export function parseKnownParams<T extends z.ZodType>(schema: T, params: unknown, req?: Request): z.output<T> {
  let parsed = schema.safeParse(params);
  if (!parsed.success) {
    const unknown = unknownPaths(parsed.error);
    if (unknown.length > 0) {
      loggerOf(req)?.debug({ reqId: req?.id, parameters: unknown.map((path) => path.join('.')) }, 'ignored unknown parameters');
      parsed = schema.safeParse(withoutPaths(params, unknown));
    }
  }
  if (!parsed.success) throw new TranslatorError('BAD_REQUEST', translatorValidationMessage(parsed.error));
  return parsed.data;
}

function unknownPaths(error: z.ZodError): PropertyKey[][] {
  return error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : []));
}

function withoutPaths(value: unknown, paths: PropertyKey[][]): unknown {
  const copy = structuredClone(value) as Record<PropertyKey, unknown>;
  for (const path of paths) {
    let node: unknown = copy;
    for (const step of path.slice(0, -1)) node = (node as Record<PropertyKey, unknown> | undefined)?.[step];
    if (node !== null && typeof node === 'object') delete (node as Record<PropertyKey, unknown>)[path[path.length - 1]!];
  }
  return copy;
}

/** The app's logger, set by createApp. */
export function loggerOf(req: Request | undefined): Logger | undefined {
  return (req?.app.locals as { logger?: Logger } | undefined)?.logger;
}
