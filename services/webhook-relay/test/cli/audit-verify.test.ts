import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CliHarness } from '../helpers/cli-runner.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('webhook-relay CLI: audit verify', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let cli: CliHarness;
  const env = () => ({ WEBHOOK_RELAY_API_KEY: tenant.apiKey });
  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    cli = await CliHarness.start(context);
    await cli.run(['endpoints', 'create', 'audited'], { env: env() });
    await cli.run(['endpoints', 'create', 'audited-too'], { env: env() });
  });
  afterAll(async () => {
    await cli.close();
    await context.close();
  });

  it('says the chain is intact, with the count and the last hash, and exits 0', async () => {
    const { rows } = await context.ownerPool.query<{ hash: string }>(
      'SELECT hash FROM audit_entries WHERE tenant_id = $1 ORDER BY seq DESC LIMIT 1',
      [tenant.tenantId],
    );
    const result = await cli.run(['audit', 'verify'], { env: env() });
    expect(result).toEqual({ code: 0, stdout: `intact: 4 entries, last hash ${rows[0]!.hash}\n`, stderr: '' });
  });

  it('names the first broken entry after an edit behind the API, and exits 1', async () => {
    // As the owner (the application role may not UPDATE the audit table): what an attacker with database access could do.
    const { rows } = await context.ownerPool.query<{ seq: string; id: string }>(
      'SELECT seq, id FROM audit_entries WHERE tenant_id = $1 ORDER BY seq LIMIT 1 OFFSET 2',
      [tenant.tenantId],
    );
    const victim = rows[0]!;
    await context.ownerPool.query(`UPDATE audit_entries SET details = '{"name":"forged"}' WHERE id = $1`, [victim.id]);
    const result = await cli.run(['audit', 'verify'], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`^BROKEN at entry ${victim.seq} \\(${victim.id}\\): .+; 2 entries before it are intact\\n$`));
    const json = await cli.run(['audit', 'verify', '--json'], { env: env() });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ intact: false, entries: 2, first_broken: { seq: Number(victim.seq), id: victim.id } });
  });

  it('says the chain is truncated when the newest entries are deleted behind the API, and exits 1', async () => {
    const other = await context.newTenant();
    const otherEnv = { WEBHOOK_RELAY_API_KEY: other.apiKey };
    for (const name of ['kept', 'deleted-1', 'deleted-2']) await cli.run(['endpoints', 'create', name], { env: otherEnv });
    const { rows } = await context.ownerPool.query<{ id: string; hash: string }>(
      'SELECT id, hash FROM audit_entries WHERE tenant_id = $1 ORDER BY seq',
      [other.tenantId],
    );
    expect(rows).toHaveLength(5);
    // As the owner: the application role may not DELETE from the audit table.
    await context.ownerPool.query('DELETE FROM audit_entries WHERE id = $1', [rows[4]!.id]);
    const one = await cli.run(['audit', 'verify'], { env: otherEnv });
    expect(one).toEqual({
      code: 1,
      stdout: `TRUNCATED: expected 5 entries ending in hash ${rows[4]!.hash}, found 4 ending in hash ${rows[3]!.hash}: the newest entry was deleted (truncated); the 4 entries found are intact\n`,
      stderr: '',
    });

    await context.ownerPool.query('DELETE FROM audit_entries WHERE id = $1', [rows[3]!.id]);
    const two = await cli.run(['audit', 'verify'], { env: otherEnv });
    expect(two.code).toBe(1);
    expect(two.stdout).toBe(
      `TRUNCATED: expected 5 entries ending in hash ${rows[4]!.hash}, found 3 ending in hash ${rows[2]!.hash}: the newest 2 entries were deleted (truncated); the 3 entries found are intact\n`,
    );
    const json = await cli.run(['audit', 'verify', '--json'], { env: otherEnv });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      intact: false,
      entries: 3,
      first_broken: null,
      anchor_mismatch: { cause: 'truncated', expected_entries: 5, found_entries: 3 },
    });
  });
});
