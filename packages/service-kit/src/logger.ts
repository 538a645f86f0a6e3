import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

// Paths that may carry credentials. They are replaced, never printed.
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'secret',
  '*.secret',
];

export function createLogger(options: { service: string; level?: string; destination?: pino.DestinationStream }): Logger {
  const config: LoggerOptions = {
    level: options.level ?? 'info',
    base: { service: options.service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}
