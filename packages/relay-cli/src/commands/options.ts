import { CliError, EXIT_USAGE } from '../errors.js';

/** A whole number of at least `min` given on the command line (else a usage error naming the flag). */
export function positiveInteger(value: string, flag: string, min = 1): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min)
    throw new CliError(`${flag} must be a whole number${min > 0 ? ` of at least ${min}` : ''}`, EXIT_USAGE);
  return number;
}

/** `--header 'Name: value'` flags (repeatable) as a record. */
export function headerRecord(values: string[] | undefined): Record<string, string> | undefined {
  if (!values || values.length === 0) return undefined;
  const headers: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf(':');
    if (at <= 0) throw new CliError(`--header "${value.split(':')[0]}" must look like "Name: value"`, EXIT_USAGE);
    headers[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return headers;
}

/** Commander's collector for repeatable options. */
export const repeatable = (value: string, previous: string[] = []): string[] => [...previous, value];
