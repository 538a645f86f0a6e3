import { createHash } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { AppError } from '../domain/app-error.js';
import { loginDelayMilliseconds, type LoginDelayPolicy } from '../domain/login-delay.js';
import type { RateLimitScope } from '../metrics/config-store-metrics.js';

export interface LoginRateLimitOptions {
  redis: Redis;
  keyPrefix: string;
  windowSeconds: number;
  maxFailuresPerUserAndAddress: number;
  maxFailuresPerAddress: number;
  maxFailuresPerUser: number;
  delay: LoginDelayPolicy;
  /** Replaced in tests, which check the waits asked for instead of timing them. */
  sleep?: (milliseconds: number) => Promise<unknown>;
  /** Told which counter refused a login (metrics); absent: nobody is told. */
  onRefused?: (scope: RateLimitScope) => void;
}

// Where the per-user counter leaves its count on the request for the delay that follows it.
const USER_FAILURES = 'loginFailuresForUser';

// Failed logins are counted in Redis (shared by all replicas) per window; successful logins do not
// count. Over any of three limits the login answers 429 without checking the password:
// - per user name from one address (small): guessing from one place is as slow as it always was;
// - per address, whatever the user names: one place cannot go through many accounts;
// - per user name from all addresses (a high ceiling): bounds guessing spread over many addresses.
// A stranger fills only the first two, for their own address, so the owner logging in from another
// address is not locked out; only an attack spread over enough addresses to reach the ceiling is.
// Past a threshold of failures for a user name, every attempt for it, right password or wrong, from
// anywhere, first waits a delay that doubles with each failure up to a few seconds. It waits rather
// than refuses: a refusal window could be kept shut by a stranger timing requests, a wait cannot.
export function loginRateLimits(options: LoginRateLimitOptions): RequestHandler[] {
  const limiter = (
    counter: string,
    limit: number,
    key: (req: Request) => string,
    scope: string,
    refusal: RateLimitScope,
    requestPropertyName?: string,
  ) =>
    rateLimit({
      windowMs: options.windowSeconds * 1000,
      limit,
      skipSuccessfulRequests: true,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      store: new RedisStore({
        prefix: `${options.keyPrefix}login-failures:${counter}:`,
        sendCommand: (command: string, ...args: string[]) => options.redis.call(command, ...args) as Promise<RedisReply>,
      }),
      keyGenerator: key,
      ...(requestPropertyName ? { requestPropertyName } : {}),
      handler: (_req, _res, next) => {
        options.onRefused?.(refusal);
        next(new AppError('RATE_LIMITED', tooMany(scope, options.windowSeconds)));
      },
    });
  return [
    limiter('address', options.maxFailuresPerAddress, addressKey, 'from this address', 'address'),
    // The user part is a fixed-length hex digest, so the two parts cannot run into each other.
    limiter(
      'user-address',
      options.maxFailuresPerUserAndAddress,
      (req) => `${userKey(req)}:${addressKey(req)}`,
      'for this user from this address',
      'user_address',
    ),
    limiter('user', options.maxFailuresPerUser, userKey, 'for this user', 'user', USER_FAILURES),
    delayAfterFailures(options.delay, options.sleep ?? sleepFor),
  ];
}

function delayAfterFailures(policy: LoginDelayPolicy, sleep: (milliseconds: number) => Promise<unknown>): RequestHandler {
  return async (req, _res, next) => {
    const counted = (req as Request & { [USER_FAILURES]?: RateLimitInfo })[USER_FAILURES];
    // The count includes this attempt (and others still in flight, which only lengthens the wait).
    const wait = loginDelayMilliseconds(counted ? counted.used - 1 : 0, policy);
    if (wait > 0) await sleep(wait);
    next();
  };
}

function addressKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

// The user name as the login looks it up (NFC), case-folded so case variants share a counter, and
// hashed so a megabyte-long name in the body is not a megabyte-long Redis key. Read from the raw
// body: the limits run before the body is validated, so malformed attempts count too.
function userKey(req: Request): string {
  const fields = (req.body ?? {}) as { username?: unknown; name?: unknown };
  const value = fields.username ?? fields.name;
  const name = typeof value === 'string' ? value.normalize('NFC').toLowerCase() : '';
  return createHash('sha256').update(name).digest('hex');
}

function tooMany(scope: string, windowSeconds: number): string {
  return `too many failed logins ${scope}; try again within ${Math.ceil(windowSeconds / 60)} minutes`;
}
