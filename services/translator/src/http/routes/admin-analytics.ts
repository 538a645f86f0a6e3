import { AnalyticsQuery, CustomTagAnalyticsQuery } from '@workspace/contracts';
import type { Express } from 'express';
import type { ConnectionPool } from '../../db/database.js';
import { buildCustomTagReport } from '../../domain/analytics/custom-tag-report.js';
import { buildUsageReport } from '../../domain/analytics/usage-report.js';
import { parseParams } from '../parse-params.js';
import { requireAdmin } from '../require-admin.js';

export function registerAnalyticsRoutes(app: Express, pool: ConnectionPool): void {
  app.use('/v2/admin/analytics', requireAdmin);
  app.get('/v2/admin/analytics', async (req, res) => {
    res.json(await buildUsageReport(pool, parseParams(AnalyticsQuery, req)));
  });
  app.get('/v2/admin/analytics/custom-tags', async (req, res) => {
    res.json(await buildCustomTagReport(pool, parseParams(CustomTagAnalyticsQuery, req)));
  });
}
