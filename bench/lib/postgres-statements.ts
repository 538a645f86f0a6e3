// Where PostgreSQL's time goes, by statement, when the server has pg_stat_statements loaded
// (shared_preload_libraries = 'pg_stat_statements'; pg_stat_statements.track = all to see the statements inside
// the relay's SQL functions). Without it, nothing is read or printed: loading it takes a server restart, which a
// bench does not do for you.
//
// Times are pg_stat_statements' execution times: wall time, so on a busy machine they include time spent waiting
// for a core. A statement inside a function is counted on its own line and again inside its caller's; and a
// statement's executor start (initialising its plan, which for a plan over many partitions is not small) is not
// in its own time but in its caller's. Read them as a split, not a sum.
import pg from 'pg';

export interface StatementTime {
  /** The statement's text, whitespace folded, cut short. */
  query: string;
  /** Run at the top level by a client (not inside a function). */
  topLevel: boolean;
  calls: number;
  /** Execution time per call, microseconds. */
  usPerCall: number;
}

export class PostgresStatements {
  private constructor(private readonly admin: pg.Client) {}

  /** A reader on the server at `adminUrl` (a superuser), or undefined when pg_stat_statements is not loaded. */
  static async open(adminUrl: string): Promise<PostgresStatements | undefined> {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = await admin.query<{ libraries: string }>('SELECT current_setting($1) AS libraries', ['shared_preload_libraries']);
    if (!rows[0]!.libraries.split(',').some((library) => library.trim() === 'pg_stat_statements')) {
      await admin.end();
      return undefined;
    }
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    return new PostgresStatements(admin);
  }

  async reset(): Promise<void> {
    await this.admin.query('SELECT pg_stat_statements_reset()');
  }

  /** The statements of `role` since the last reset, most time first. */
  async of(role: string, limit = 8): Promise<StatementTime[]> {
    const { rows } = await this.admin.query<{ query: string; toplevel: boolean; calls: string; us_per_call: number }>(
      `SELECT left(regexp_replace(s.query, '\\s+', ' ', 'g'), 70) AS query, s.toplevel, s.calls,
              s.total_exec_time * 1000 / s.calls AS us_per_call
         FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid
        WHERE r.rolname = $1 AND s.calls > 0
        ORDER BY s.total_exec_time DESC
        LIMIT $2`,
      [role, limit],
    );
    return rows.map((row) => ({ query: row.query, topLevel: row.toplevel, calls: Number(row.calls), usPerCall: row.us_per_call }));
  }

  async close(): Promise<void> {
    await this.admin.end();
  }
}

/** One line per statement: calls per unit of work (a delivery, a request), time per call and per unit. */
export function formatStatementTimes(statements: StatementTime[], units: number, unit: string): string[] {
  return statements.map(
    (statement) =>
      `${(statement.calls / units).toFixed(2)} per ${unit}, ${statement.usPerCall.toFixed(0)} us per call, ` +
      `${((statement.calls * statement.usPerCall) / units).toFixed(1)} us per ${unit}${statement.topLevel ? '' : ' (inside a function)'}: ${statement.query}`,
  );
}
