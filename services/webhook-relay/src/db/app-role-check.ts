import type { ConnectionPool } from './prisma.js';

/**
 * Refuses to serve when the connection would bypass row-level security: a superuser, a role with
 * BYPASSRLS, or the owner of the tables (DATABASE_APP_URL pointing at the migration user).
 */
export async function assertRowLevelSecurityApplies(pool: ConnectionPool): Promise<void> {
  const { rows } = await pool.query<{ role: string; bypasses: boolean; owns: number }>(
    `SELECT current_user AS role, (r.rolsuper OR r.rolbypassrls) AS bypasses,
            (SELECT count(*)::int FROM pg_tables t WHERE t.schemaname = 'public' AND t.tableowner = current_user) AS owns
       FROM pg_roles r WHERE r.rolname = current_user`,
  );
  const row = rows[0];
  if (!row) throw new Error('cannot read the database role of DATABASE_APP_URL');
  if (row.bypasses || row.owns > 0) {
    throw new Error(
      `DATABASE_APP_URL connects as "${row.role}", which ${row.bypasses ? 'bypasses row-level security' : 'owns the tables'}; ` +
        'connect as webhook_relay_app (created by the migrations) so tenants stay isolated',
    );
  }
}
