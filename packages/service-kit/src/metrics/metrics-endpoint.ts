import { createServer, type Server } from 'node:http';
import type { Router } from 'express';
import type { ServiceMetrics } from './service-metrics.js';

export const METRICS_PATH = '/metrics';

/** `GET /metrics` in Prometheus text format on an app (metrics on the service's own port). */
export function registerMetricsRoute(router: Pick<Router, 'get'>, metrics: ServiceMetrics): void {
  if (!metrics.enabled) return;
  router.get(METRICS_PATH, async (_req, res, next) => {
    try {
      const { contentType, body } = await metrics.scrape();
      res.setHeader('Content-Type', contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.end(body);
    } catch (error) {
      next(error);
    }
  });
}

/** A listener that answers `GET /metrics` only (METRICS_PORT): keeps the scrape off the port clients reach. */
export function metricsServer(metrics: ServiceMetrics): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== METRICS_PATH) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'this port answers GET /metrics only' } }));
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        res.end(body);
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'internal', message: 'metrics could not be collected' } }));
      },
    );
  });
}
