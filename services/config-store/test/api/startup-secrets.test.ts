import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createLogger } from '@workspace/service-kit';
import { ensureBootstrapUser } from '../../src/domain/ensure-bootstrap-user.js';
import { verifyPassword } from '../../src/domain/password-hash.js';
import { resolveSessionSecrets } from '../../src/domain/session-secrets.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
const logger = createLogger({ service: 'test', level: 'silent' });
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());
beforeEach(async () => {
  await context.db.user.deleteMany();
});

describe('the first user', () => {
  it('is created from CONFIG_STORE_USERNAME / CONFIG_STORE_PASSWORD', async () => {
    await ensureBootstrapUser({ db: context.db, logger, username: 'ops', password: 'pw-1', production: true });
    const user = await context.db.user.findUniqueOrThrow({ where: { username: 'ops' } });
    expect(await verifyPassword('pw-1', user.passwordHash)).toBe(true);
  });

  it('takes a changed password from the environment at the next start', async () => {
    await ensureBootstrapUser({ db: context.db, logger, username: 'ops', password: 'pw-1', production: true });
    await ensureBootstrapUser({ db: context.db, logger, username: 'ops', password: 'pw-2', production: true });
    const user = await context.db.user.findUniqueOrThrow({ where: { username: 'ops' } });
    expect(await verifyPassword('pw-2', user.passwordHash)).toBe(true);
    expect(await context.db.user.count()).toBe(1);
  });

  it('is stored with its name in NFC, the form logins look it up in', async () => {
    await ensureBootstrapUser({ db: context.db, logger, username: 'jose\u0301', password: 'pw-1', production: true });
    await ensureBootstrapUser({ db: context.db, logger, username: 'jos\u00e9', password: 'pw-1', production: true });
    expect((await context.db.user.findMany()).map((user) => user.username)).toEqual(['jos\u00e9']);
  });

  it('gets a generated password, printed once, in development when none is configured', async () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await ensureBootstrapUser({ db: context.db, logger, production: false });
      await ensureBootstrapUser({ db: context.db, logger, production: false });
      expect(write).toHaveBeenCalledTimes(1);
      const password = /password "([^"]+)"/.exec(String(write.mock.calls[0]![0]))![1]!;
      const user = await context.db.user.findUniqueOrThrow({ where: { username: 'admin' } });
      expect(await verifyPassword(password, user.passwordHash)).toBe(true);
    } finally {
      write.mockRestore();
    }
  });

  it('is required in production', async () => {
    await expect(ensureBootstrapUser({ db: context.db, logger, production: true })).rejects.toThrow(/CONFIG_STORE_USERNAME/);
  });
});

describe('session secrets', () => {
  it('uses the configured secrets, several when rotating', async () => {
    expect(await resolveSessionSecrets({ db: context.db, configured: 'new, old' })).toEqual(['new', 'old']);
  });

  it('generates one secret once and keeps it for every later start', async () => {
    const first = await resolveSessionSecrets({ db: context.db });
    const second = await resolveSessionSecrets({ db: context.db });
    expect(first).toHaveLength(1);
    expect(first[0]!.length).toBeGreaterThanOrEqual(32);
    expect(second).toEqual(first);
  });
});
