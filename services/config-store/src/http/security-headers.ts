import type { RequestHandler } from 'express';
import helmet from 'helmet';

// A JSON API answers no HTML, so of helmet's headers only those that matter for API responses
// are sent (each one is a middleware call on every request); and answers behind a login must
// never be stored by shared caches.
const helmetForApi = helmet({
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

export const securityHeaders: RequestHandler = (req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  helmetForApi(req, res, next);
};
