import type { RequestHandler } from 'express';

// Shared by the JSON APIs. A JSON API answers no HTML, so only the protective headers that matter for API responses are
// sent (the ones helmet would set for them), as one precomputed list instead of one middleware
// per header. Answers behind a login must never be stored by shared caches.
const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cache-Control', 'no-store'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Referrer-Policy', 'no-referrer'],
];

export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of API_SECURITY_HEADERS) res.setHeader(name, value);
  next();
};
