import type { EventStateFilter } from '@workspace/contracts';
import type { Prisma } from '../../generated/prisma/client.js';

export interface EventFilters {
  endpointId?: string;
  state?: EventStateFilter;
  provider?: string;
  eventType?: string;
}

/**
 * The list's and the live feed's filters as one Prisma condition. `pending`: a check is due and not yet
 * done; `unattempted`: nothing was checked (no provider) or the check found nothing to check.
 */
export function eventFilterWhere(filters: EventFilters): Prisma.EventWhereInput {
  const where: Prisma.EventWhereInput[] = [];
  if (filters.endpointId) where.push({ endpointId: filters.endpointId });
  if (filters.provider) where.push({ check: { is: { provider: filters.provider } } });
  if (filters.eventType) where.push({ eventType: filters.eventType });
  switch (filters.state) {
    case undefined:
      break;
    case 'pending':
      where.push({ toVerify: true, check: { is: null } });
      break;
    case 'unattempted':
      where.push({ OR: [{ toVerify: false, check: { is: null } }, { check: { is: { state: 'unattempted' } } }] });
      break;
    default:
      where.push({ check: { is: { state: filters.state } } });
  }
  return where.length ? { AND: where } : {};
}
