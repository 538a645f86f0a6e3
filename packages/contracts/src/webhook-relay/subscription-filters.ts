import { z } from 'zod';
import { utf8Bytes } from '../translator-glossaries.js';
import { jsonObject, RelayId, RelayTimestamp } from './common.js';

/** Operators a subscription filter may use (MongoDB query syntax); nothing that runs code ($where, $function, $expr). */
export const FILTER_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$and',
  '$or',
  '$nor',
  '$not',
  '$all',
  '$elemMatch',
  '$size',
] as const;

/** The document a filter reads: a path starts with one of these. */
export const FILTER_ROOTS = ['body', 'headers', 'query', 'provider', 'state', 'event_type'] as const;

export const FILTER_MAX_BYTES = 8192;
export const FILTER_MAX_DEPTH = 10;

const LOGICAL = new Set(['$and', '$or', '$nor']);
const VALUE_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$all', '$size']);
const ALLOWED = new Set<string>(FILTER_OPERATORS);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first problem of a filter, or undefined when it is one the relay evaluates. */
export function filterProblem(filter: unknown): string | undefined {
  if (!isPlainObject(filter)) return 'filter must be a JSON object (or null to remove it)';
  if (utf8Bytes(JSON.stringify(filter)) > FILTER_MAX_BYTES) return `filter must be at most ${FILTER_MAX_BYTES} bytes of JSON`;
  return queryProblem(filter, 1, true);
}

function queryProblem(query: Record<string, unknown>, depth: number, top: boolean): string | undefined {
  if (depth > FILTER_MAX_DEPTH) return `filter must nest at most ${FILTER_MAX_DEPTH} levels deep`;
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('$')) {
      if (!LOGICAL.has(key)) return operatorProblem(key, `${key} is not allowed at the top of a query; use it on a field`);
      if (!Array.isArray(value) || value.length === 0) return `filter ${key} must be a non-empty array of queries`;
      for (const part of value) {
        if (!isPlainObject(part)) return `filter ${key} must be an array of query objects`;
        const problem = queryProblem(part, depth + 1, top);
        if (problem) return problem;
      }
      continue;
    }
    if (top && !FILTER_ROOTS.some((root) => key === root || key.startsWith(`${root}.`)))
      return `filter field ${JSON.stringify(key)} must start with one of ${FILTER_ROOTS.join(', ')} (e.g. "body.amount")`;
    const problem = conditionProblem(key, value, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function conditionProblem(field: string, condition: unknown, depth: number): string | undefined {
  if (depth > FILTER_MAX_DEPTH) return `filter must nest at most ${FILTER_MAX_DEPTH} levels deep`;
  if (!isPlainObject(condition)) return undefined;
  const keys = Object.keys(condition);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length === 0) return undefined;
  if (operators.length !== keys.length) return `filter field ${JSON.stringify(field)} mixes operators and plain keys`;
  for (const operator of operators) {
    const value = condition[operator];
    if (!ALLOWED.has(operator)) return operatorProblem(operator);
    if ((operator === '$in' || operator === '$nin' || operator === '$all') && !Array.isArray(value))
      return `filter ${operator} on ${JSON.stringify(field)} must be an array`;
    if (operator === '$exists' && typeof value !== 'boolean') return `filter $exists on ${JSON.stringify(field)} must be true or false`;
    if (operator === '$size' && !(Number.isInteger(value) && (value as number) >= 0))
      return `filter $size on ${JSON.stringify(field)} must be a whole number`;
    if (operator === '$not' || operator === '$elemMatch') {
      if (!isPlainObject(value)) return `filter ${operator} on ${JSON.stringify(field)} must be an object`;
      const nested = operator === '$not' ? conditionProblem(field, value, depth + 1) : elemMatchProblem(field, value, depth + 1);
      if (nested) return nested;
    } else if (!VALUE_OPERATORS.has(operator)) return operatorProblem(operator);
  }
  return undefined;
}

function elemMatchProblem(field: string, query: Record<string, unknown>, depth: number): string | undefined {
  // $elemMatch holds either operators on the element itself or a query over the element's fields.
  if (Object.keys(query).every((key) => key.startsWith('$') && !LOGICAL.has(key))) return conditionProblem(field, query, depth);
  return queryProblem(query, depth, false);
}

const operatorProblem = (operator: string, why?: string) =>
  why ?? `filter operator ${operator} is not supported; use one of ${FILTER_OPERATORS.join(', ')}`;

export const SubscriptionFilter = z
  .record(z.string(), z.unknown(), { error: 'filter must be a JSON object (or null to remove it)' })
  .superRefine((value, context) => {
    const problem = filterProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    id: 'SubscriptionFilter',
    description:
      'A MongoDB-style query over {body, headers, query, provider, state, event_type} (docs/filters.md): $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $and, $or, $nor, $not, $all, $elemMatch, $size, dotted paths and array matching. At most 8 KiB and 10 levels.',
    example: { 'body.amount': { $gt: 100 }, 'body.currency': { $in: ['usd', 'eur'] } },
  });
export type SubscriptionFilter = z.infer<typeof SubscriptionFilter>;

export const UpdateSubscriptionRequest = jsonObject({
  filter: SubscriptionFilter.nullable().optional(),
}).meta({ id: 'UpdateSubscriptionRequest' });
export type UpdateSubscriptionRequest = z.infer<typeof UpdateSubscriptionRequest>;

export const SubscriptionFilterDryRunRequest = jsonObject({
  endpoint_id: RelayId('endpoint_id'),
  filter: SubscriptionFilter,
  limit: z
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(20),
}).meta({ id: 'SubscriptionFilterDryRunRequest' });
export type SubscriptionFilterDryRunRequest = z.infer<typeof SubscriptionFilterDryRunRequest>;

export const SubscriptionFilterDryRunResult = z
  .object({
    endpoint_id: z.uuid(),
    matched: z.number().int().meta({ description: 'Events the filter lets through.' }),
    unmatched: z.number().int().meta({ description: 'Events the filter turns away (their deliveries would be `filtered`).' }),
    events: z.array(
      z.object({
        event_id: z.uuid(),
        captured_at: RelayTimestamp('captured_at'),
        event_type: z.string().nullable(),
        matched: z.boolean(),
        reason: z
          .string()
          .optional()
          .meta({ description: 'Why the body was not read (not JSON, too large); the filter then saw headers and metadata only.' }),
      }),
    ),
  })
  .meta({ id: 'SubscriptionFilterDryRunResult' });
export type SubscriptionFilterDryRunResult = z.infer<typeof SubscriptionFilterDryRunResult>;
