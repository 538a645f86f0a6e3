import type { Database } from '../../db/database.js';

export interface StyleRuleDeps {
  db: Database;
  now: () => Date;
  newId: () => string;
}
