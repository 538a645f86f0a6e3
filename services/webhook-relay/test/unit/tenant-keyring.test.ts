import { describe, expect, it } from '@jest/globals';
import { MasterKeyProvider } from '../../src/crypto/master-key-provider.js';
import { TenantKeyring, type WrappedKey, type WrappedKeyStore } from '../../src/crypto/tenant-keyring.js';

// The keyring's own logic (creation, races, cache); the real table is exercised by the API tests.
function memoryStore(): WrappedKeyStore & { rows: Map<string, WrappedKey>; reads: number; inserts: number } {
  const rows = new Map<string, WrappedKey>();
  const store = {
    rows,
    reads: 0,
    inserts: 0,
    async read(tenantId: string) {
      store.reads += 1;
      return rows.get(tenantId) ?? null;
    },
    async insertIfAbsent(tenantId: string, row: WrappedKey) {
      if (!rows.has(tenantId)) {
        store.inserts += 1;
        rows.set(tenantId, row);
      }
      return rows.get(tenantId)!;
    },
  };
  return store;
}

const provider = new MasterKeyProvider({ current: Buffer.alloc(32, 1) });

describe('tenant keyring', () => {
  it('creates a data key on first use and stores it only wrapped', async () => {
    const store = memoryStore();
    const key = await new TenantKeyring({ provider }).dataKey('t1', store);
    expect(key).toHaveLength(32);
    const stored = store.rows.get('t1')!;
    expect(stored.masterKeyId).toBe(provider.keyId);
    expect(stored.wrappedKey.includes(key)).toBe(false);
  });

  it('reuses the stored key instead of creating another once one exists', async () => {
    const store = memoryStore();
    const first = await new TenantKeyring({ provider }).dataKey('t1', store);
    expect(await new TenantKeyring({ provider }).dataKey('t1', store)).toEqual(first);
    expect(store.inserts).toBe(1);
  });

  it('ends with one key when two first uses race', async () => {
    const store = memoryStore();
    const [a, b] = await Promise.all([
      new TenantKeyring({ provider }).dataKey('t1', store),
      new TenantKeyring({ provider }).dataKey('t1', store),
    ]);
    expect(a).toEqual(b);
    expect(store.rows.size).toBe(1);
  });

  it('reuses the unwrapped key until the cache time passes, then reads again', async () => {
    const store = memoryStore();
    let now = 0;
    const keyring = new TenantKeyring({ provider, now: () => now, cacheMs: 1000 });
    const first = await keyring.dataKey('t1', store);
    await keyring.dataKey('t1', store);
    expect(store.reads).toBe(1);
    now = 1001;
    expect(await keyring.dataKey('t1', store)).toEqual(first);
    expect(store.reads).toBe(2);
  });

  it('reads again after forget', async () => {
    const store = memoryStore();
    const keyring = new TenantKeyring({ provider });
    await keyring.dataKey('t1', store);
    keyring.forget('t1');
    await keyring.dataKey('t1', store);
    expect(store.reads).toBe(2);
  });

  it('refreshes an expired tenant in its own slot and drops only the least recently loaded one', async () => {
    const store = memoryStore();
    let now = 0;
    const keyring = new TenantKeyring({ provider, now: () => now, cacheMs: 1000, maxCached: 3 });
    const loadAt = async (time: number, tenantId: string) => {
      now = time;
      await keyring.dataKey(tenantId, store);
    };
    await loadAt(0, 't1');
    await loadAt(500, 't2');
    await loadAt(1200, 't1'); // t1 expired and reloaded
    await loadAt(1300, 't3');
    await loadAt(1600, 't2'); // t2 expired; the cache is full, but t2 reuses its own place
    const readsBefore = store.reads;
    for (const tenantId of ['t1', 't3', 't2']) await loadAt(1700, tenantId);
    expect(store.reads).toBe(readsBefore);
    await loadAt(1700, 't4'); // evicts t1, loaded longest ago
    await loadAt(1700, 't3');
    await loadAt(1700, 't2');
    expect(store.reads).toBe(readsBefore + 1);
    await loadAt(1700, 't1');
    expect(store.reads).toBe(readsBefore + 2);
  });

  it('gives every tenant its own key', async () => {
    const store = memoryStore();
    const keyring = new TenantKeyring({ provider });
    expect((await keyring.dataKey('t1', store)).equals(await keyring.dataKey('t2', store))).toBe(false);
  });

  it("refuses another tenant's wrapped key copied onto this tenant", async () => {
    const store = memoryStore();
    await new TenantKeyring({ provider }).dataKey('t1', store);
    store.rows.set('t2', store.rows.get('t1')!);
    await expect(new TenantKeyring({ provider }).dataKey('t2', store)).rejects.toThrow(/could not be unwrapped/);
  });
});
