import { createRequire } from 'node:module';
import { FILTER_OPERATORS } from '@workspace/contracts';
import type { FilterDocument } from './filter-document.js';

// sift is CommonJS and Node's ESM loader does not see all of its named exports; require gives them typed.
const sift = createRequire(import.meta.url)('sift') as typeof import('sift');

// Only the operators the contracts allow (no $where, $regex, $type): an unknown one cannot even compile.
const OPERATIONS = Object.fromEntries(FILTER_OPERATORS.map((name) => [name, sift[name]]));

export type FilterTester = (document: FilterDocument) => boolean;

/** A compiled filter, and whether it reads the body at all (one that does not spares the event's JSON parse). */
export interface CompiledFilter {
  test: FilterTester;
  readsBody: boolean;
}

// A field named body or body.…, anywhere in the query; a string value that looks like one only costs a parse.
const READS_BODY = /"body[".]/;

/** A subscription filter (MongoDB query syntax, evaluated by sift) turned into a tester, once. */
export function compileFilter(filter: unknown): FilterTester {
  const test = sift.createQueryTester(filter as Record<string, unknown>, { operations: OPERATIONS });
  return (document) => test(document);
}

const CACHE_LIMIT = 10_000;

/**
 * Compiled filters by subscription id and version (updated_at): a filter is compiled once per process, and a
 * changed filter (new updated_at) is compiled again. Oldest entries go first past the limit.
 */
export class CompiledFilters {
  private readonly byKey = new Map<string, CompiledFilter>();

  get(subscriptionId: string, version: Date, filter: unknown): CompiledFilter {
    const key = `${subscriptionId}:${version.getTime()}`;
    let compiled = this.byKey.get(key);
    if (!compiled) {
      compiled = { test: compileFilter(filter), readsBody: READS_BODY.test(JSON.stringify(filter)) };
      if (this.byKey.size >= CACHE_LIMIT) this.byKey.delete(this.byKey.keys().next().value!);
      this.byKey.set(key, compiled);
    }
    return compiled;
  }
}

export const compiledFilters = new CompiledFilters();
