import { afterAll, describe, expect, it } from '@jest/globals';
import { testServerUrl } from '@workspace/service-kit/testing';
import pg from 'pg';
import { TenantConnectionShare } from '../../src/delivery/tenant-connection-share.js';

/** A statement the test finishes when it says so, and whether it has started. */
function heldWork() {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const state = { started: false };
  const work = async () => {
    state.started = true;
    await gate;
  };
  return { work, finish, state };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('TenantConnectionShare: one tenant never holds every connection another tenant needs', () => {
  it('leaves one connection of a pool to the others, and at least one to each', () => {
    expect(TenantConnectionShare.forPool(4).perTenant).toBe(3);
    expect(TenantConnectionShare.forPool(2).perTenant).toBe(1);
    expect(TenantConnectionShare.forPool(1).perTenant).toBe(1);
  });

  it('a tenant at its share waits, while another tenant runs at once; the waiting one takes the next freed place', async () => {
    const share = new TenantConnectionShare(2);
    const [a1, a2, a3] = [heldWork(), heldWork(), heldWork()];
    const runs = [share.run('a', a1.work), share.run('a', a2.work), share.run('a', a3.work)];
    await settled();
    expect([a1.state.started, a2.state.started, a3.state.started]).toEqual([true, true, false]);
    const b = heldWork();
    const bRun = share.run('b', b.work);
    await settled();
    expect(b.state.started).toBe(true);
    a1.finish();
    await runs[0];
    await settled();
    expect(a3.state.started).toBe(true);
    expect(share.running('a')).toBe(2);
    a2.finish();
    a3.finish();
    b.finish();
    await Promise.all([...runs, bRun]);
    expect(share.running('a')).toBe(0);
    expect(share.running('b')).toBe(0);
  });

  it('a statement that fails gives its place back', async () => {
    const share = new TenantConnectionShare(1);
    await expect(share.run('a', async () => Promise.reject(new Error('statement timeout')))).rejects.toThrow('statement timeout');
    expect(share.running('a')).toBe(0);
    await expect(share.run('a', async () => 'next')).resolves.toBe('next');
  });

  describe('on a real pool of two connections', () => {
    const pool = new pg.Pool({ connectionString: testServerUrl(), max: 2 });
    afterAll(() => pool.end());

    it("one tenant's slow statements hold one connection; another tenant's statement gets the other at once", async () => {
      const share = TenantConnectionShare.forPool(2);
      let slowFinished = 0;
      // Two slow statements of one tenant, as many as the pool has connections.
      const slow = [1, 2].map(() =>
        share.run('noisy', async () => {
          await pool.query('SELECT pg_sleep(2)');
          slowFinished += 1;
        }),
      );
      await share.run('quiet', () => pool.query('SELECT 1'));
      // The quiet tenant's statement was answered while the noisy tenant's first slow one still ran.
      expect(slowFinished).toBe(0);
      await Promise.all(slow);
      expect(slowFinished).toBe(2);
    }, 30_000);
  });
});
