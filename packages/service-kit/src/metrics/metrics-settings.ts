import { z } from 'zod';
import { envBoolean, envOptional } from '../config.js';

/** METRICS_ENABLED and METRICS_PORT for a service's zod config: spread into its schema (`...metricsSettings()`). */
export function metricsSettings() {
  return {
    /** `false`: no /metrics and no metric recorded (the overhead benchmark's baseline). */
    METRICS_ENABLED: envBoolean(true),
    /** Serve /metrics on this port instead of the service's own (unset: on the service's port). */
    METRICS_PORT: envOptional().transform((value, ctx) => {
      if (value === undefined) return undefined;
      const port = Number(value);
      if (/^\d{1,5}$/.test(value) && port >= 1 && port <= 65535) return port;
      ctx.addIssue({ code: 'custom', message: 'must be a port number (1-65535)' });
      return z.NEVER;
    }),
  };
}

export interface MetricsConfig {
  METRICS_ENABLED: boolean;
  METRICS_PORT?: number | undefined;
}
