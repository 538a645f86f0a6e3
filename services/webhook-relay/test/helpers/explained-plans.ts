import pg from 'pg';

/**
 * Runs `work` on a session of the application role (row-level security applies) and returns the plan of every
 * statement it ran, nested ones included (the statements inside a SQL function), as PostgreSQL's auto_explain
 * prints them with their row counts. Loading auto_explain takes a superuser: `ownerUrl` is the test database's
 * owner (postgres), and the session then takes the application role.
 */
export async function explainedPlans(ownerUrl: string, work: (session: pg.Client) => Promise<void>): Promise<string[]> {
  const session = new pg.Client({ connectionString: ownerUrl });
  const plans: string[] = [];
  session.on('notice', (notice) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  });
  await session.connect();
  try {
    await session.query("LOAD 'auto_explain'");
    for (const setting of [
      'log_min_duration = 0',
      'log_analyze = on',
      'log_timing = off',
      'log_nested_statements = on',
      'log_level = notice',
    ])
      await session.query(`SET auto_explain.${setting}`);
    await session.query('SET ROLE webhook_relay_app');
    await work(session);
  } finally {
    await session.end();
  }
  return plans;
}

/** Plan nodes that ran (not "never executed") on a partition of `tables`: the partitions' names after the table's. */
export function partitionsRun(plan: string, tables: string[]): string[] {
  const scan = new RegExp(`Scan(?: using \\S+)? on (?:${tables.join('|')})_(\\w+)`);
  return plan
    .split('\n')
    .filter((line) => !line.includes('never executed'))
    .map((line) => scan.exec(line)?.[1])
    .filter((partition): partition is string => partition !== undefined);
}
