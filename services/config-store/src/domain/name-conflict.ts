import type { Database } from '../db/prisma.js';
import { CONFIGURATION_FIELDS } from '../db/configuration-record.js';
import { AppError } from './app-error.js';

// The 409 body lists the records that hold the name (the spec's "colliding configurations").
export async function nameConflict(db: Database, name: string): Promise<AppError> {
  const colliding = await db.configuration.findMany({ where: { name }, select: CONFIGURATION_FIELDS });
  return new AppError('CONFLICT', `a configuration named "${name}" already exists`, { configurations: colliding });
}
