import { z } from 'zod';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

// Parses the environment once at boot; a bad or missing variable fails fast with a message naming it.
export function loadConfig<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv = process.env): z.infer<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    return `${variable}: ${issue.message}`;
  });
  throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
}

// Environment values arrive as strings; these read them the way operators write them.
export const envBoolean = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default(defaultValue ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envInteger = (defaultValue: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z
    .string()
    .default(String(defaultValue))
    .refine((value) => /^\d+$/.test(value), 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`);

export const envPort = (defaultValue: number) => envInteger(defaultValue, { min: 0, max: 65535 });

/** An optional value where the empty string counts as unset (how operators blank a variable). */
export const envOptional = () =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value));

/** Express' `trust proxy`: true/false, a hop count, or addresses/subnets ("loopback, 10.0.0.0/8"). */
export const envTrustProxy = () =>
  z
    .string()
    .default('false')
    .transform((value): boolean | number | string => {
      if (value === 'true') return true;
      if (value === 'false' || value === '') return false;
      if (/^\d+$/.test(value)) return Number(value);
      return value;
    });
