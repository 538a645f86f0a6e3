import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { AppError } from '../domain/app-error.js';

export interface LoginRateLimitOptions {
  redis: Redis;
  keyPrefix: string;
  maxFailuresPerUser: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

// Failed logins are counted in Redis (shared by all replicas) per user name and per client
// address; successful logins do not count. Over either limit the login answers 429.
export function loginRateLimits(options: LoginRateLimitOptions): RequestHandler[] {
  const store = (suffix: string) =>
    new RedisStore({
      prefix: `${options.keyPrefix}login-failures:${suffix}:`,
      sendCommand: (command: string, ...args: string[]) => options.redis.call(command, ...args) as Promise<RedisReply>,
    });
  const common = {
    windowMs: options.windowSeconds * 1000,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7' as const,
    legacyHeaders: false,
  };
  return [
    rateLimit({
      ...common,
      limit: options.maxFailuresPerAddress,
      store: store('address'),
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
      handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', tooMany('from this address', options.windowSeconds))),
    }),
    rateLimit({
      ...common,
      limit: options.maxFailuresPerUser,
      store: store('user'),
      keyGenerator: (req) => loginName(req.body).toLowerCase(),
      handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', tooMany('for this user', options.windowSeconds))),
    }),
  ];
}

function loginName(body: unknown): string {
  const fields = (body ?? {}) as { username?: unknown; name?: unknown };
  const value = fields.username ?? fields.name;
  return typeof value === 'string' ? value : '';
}

function tooMany(scope: string, windowSeconds: number): string {
  return `too many failed logins ${scope}; try again within ${Math.ceil(windowSeconds / 60)} minutes`;
}
