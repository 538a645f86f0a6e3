import type { Request, RequestHandler } from 'express';
import type { ServiceMetrics } from './service-metrics.js';

/** The route label of a request no route answered (404s, probes of unknown paths): one series, not one per path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * `http_request_duration_seconds{method, route, status}`: one observation per finished request, labelled by
 * the route template (`/v1/endpoints/:id`, never the path with its ids), so the series stay few whatever the
 * traffic. Its `_count` is the request counter. Mount it before the routes.
 */
export function httpMetrics(metrics: ServiceMetrics, options: { ignorePaths?: string[] } = {}): RequestHandler {
  if (!metrics.enabled) return (_req, _res, next) => next();
  const ignored = new Set(options.ignorePaths ?? ['/metrics']);
  const duration = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, with their duration',
    labelNames: ['method', 'route', 'status'],
  });
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      if (ignored.has(req.path)) return;
      duration.observe(
        { method: req.method, route: routeTemplate(req), status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}

/** The template of the route that answered, with the router's mount path (`/v1` + `/endpoints/:id`). */
export function routeTemplate(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return UNMATCHED_ROUTE;
  return `${req.baseUrl}${path}` || '/';
}
