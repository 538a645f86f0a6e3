import type { Configuration } from '@workspace/contracts';
import type { ConnectionPool } from './prisma.js';

// A named statement: PostgreSQL plans it once per connection instead of on every request.
const BY_NAME = {
  name: 'configuration-by-name',
  text: 'SELECT id, name, hostname, port, username FROM configurations WHERE name = $1',
};

export async function findConfigurationByName(pool: ConnectionPool, name: string): Promise<Configuration | undefined> {
  const result = await pool.query<Configuration>({ ...BY_NAME, values: [name] });
  return result.rows[0];
}
