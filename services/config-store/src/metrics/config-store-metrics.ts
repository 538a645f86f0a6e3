import type { Counter, ServiceMetrics } from '@workspace/service-kit';

/** What became of a POST /login, by its answer. */
export type LoginOutcome = 'succeeded' | 'failed' | 'rate_limited' | 'invalid' | 'unavailable' | 'error';

/** Which failure counter refused a login (login-rate-limit.ts). */
export type RateLimitScope = 'address' | 'user_address' | 'user';

/**
 * The config store's own figures. Labels come from small fixed sets (an outcome, a limiter's scope): never a
 * user name, an address, a session id or a configuration name.
 */
export interface ConfigStoreMetrics {
  readonly service: ServiceMetrics;
  logins: Counter<'outcome'>;
  rateLimitRefusals: Counter<'scope'>;
  sessions: Counter<'event'>;
}

export function configStoreMetrics(service: ServiceMetrics): ConfigStoreMetrics {
  return {
    service,
    logins: service.counter({
      name: 'config_store_logins_total',
      help: 'POST /login by outcome (succeeded, failed, rate_limited, invalid, unavailable, error)',
      labelNames: ['outcome'],
    }),
    rateLimitRefusals: service.counter({
      name: 'config_store_login_rate_limit_refusals_total',
      help: 'Logins refused with 429 by the failure counter that was full (address, user_address, user)',
      labelNames: ['scope'],
    }),
    sessions: service.counter({
      name: 'config_store_sessions_total',
      help: 'Sessions created at login and ended at logout',
      labelNames: ['event'],
    }),
  };
}

/** The outcome of a finished POST /login, read from its status. */
export function loginOutcome(status: number): LoginOutcome {
  if (status === 200) return 'succeeded';
  if (status === 401) return 'failed';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 400 && status < 500) return 'invalid';
  return 'error';
}
