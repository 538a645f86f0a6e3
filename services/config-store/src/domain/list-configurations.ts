import type { Configuration, ListConfigurationsQuery } from '@workspace/contracts';
import type { Database } from '../db/prisma.js';
import { CONFIGURATION_FIELDS } from '../db/configuration-record.js';

// Sorted ascending by the chosen field, ties broken by id so pages never overlap or skip.
// Paging applies only when both `page` and `per_page` are given, as the spec says.
export async function listConfigurations(options: { db: Database; query: ListConfigurationsQuery }): Promise<Configuration[]> {
  const { db, query } = options;
  const paged = query.page !== undefined && query.per_page !== undefined;
  return db.configuration.findMany({
    select: CONFIGURATION_FIELDS,
    orderBy: query.sort ? [{ [query.sort]: 'asc' }, { id: 'asc' }] : [{ id: 'asc' }],
    ...(paged ? { skip: query.page! * query.per_page!, take: query.per_page! } : {}),
  });
}
