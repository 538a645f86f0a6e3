import { UsageQuery } from '@workspace/contracts';
import type { Express, Request, Response } from 'express';
import { describeUsage } from '../../domain/usage/describe-usage.js';
import type { SpeechMeter } from '../../domain/usage/speech-meter.js';
import type { UsageMeter } from '../../domain/usage/usage-meter.js';
import { keyOf } from '../authenticate.js';
import { parseParams } from '../parse-params.js';

export function registerUsageRoutes(app: Express, meter: UsageMeter, now: () => Date, speechMeter?: SpeechMeter): void {
  const usage = async (req: Request, res: Response) => {
    parseParams(UsageQuery, req);
    res.json(await describeUsage(meter, keyOf(res), now(), speechMeter));
  };
  app.get('/v2/usage', usage);
  app.post('/v2/usage', usage);
}
