import { jsonBody } from '@workspace/service-kit';
import type { RequestHandler } from 'express';
import { RelayError } from '../domain/relay-error.js';

const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * Request bodies are JSON. A body of another type is refused (415) instead of being skipped by the
 * parser, which left `req.body` empty: a route whose fields are all optional then ran with defaults.
 * A request without a body (none, or Content-Length: 0) goes on, and its route decides whether that will do.
 */
export function jsonRequestBody(limit: number): RequestHandler {
  const parse = jsonBody({ limit, type: JSON_TYPES });
  return (req, res, next) => {
    if (req.headers['content-length'] !== '0' && req.is(JSON_TYPES) === false) {
      next(
        new RelayError(
          'unsupported_media_type',
          `request body must be JSON (Content-Type: application/json), not ${req.get('content-type') ?? 'untyped'}`,
        ),
      );
      return;
    }
    parse(req, res, next);
  };
}
