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
    const { rows } = await context.ownerPool.query<{ hash: string }>('SELECT hash FROM audit_entries WHERE tenant_id = $1 ORDER BY seq DESC LIMIT 1', [tenant.tenantId]);
    const result = await cli.run(['audit', 'verify'], { env: env() });
    expect(result).toEqual({ code: 0, stdout: `intact: 4 entries, last hash ${rows[0]!.hash}\n`, stderr: '' });
  });

  it('names the first broken entry after an edit behind the API, and exits 1', async () => {
    // As the owner (the application role may not UPDATE the audit table): what an attacker with database access could do.
    const { rows } = await context.ownerPool.query<{ seq: string; id: string }>('SELECT seq, id FROM audit_entries WHERE tenant_id = $1 ORDER BY seq LIMIT 1 OFFSET 2', [tenant.tenantId]);
    const victim = rows[0]!;
    await context.ownerPool.query(`UPDATE audit_entries SET details = '{"name":"forged"}' WHERE id = $1`, [victim.id]);
    const result = await cli.run(['audit', 'verify'], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`^BROKEN at entry ${victim.seq} \\(${victim.id}\\): .+; 2 entries before it are intact\\n$`));
    const json = await cli.run(['audit', 'verify', '--json'], { env: env() });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ intact: false, entries: 2, first_broken: { seq: Number(victim.seq), id: victim.id } });
  });
});
