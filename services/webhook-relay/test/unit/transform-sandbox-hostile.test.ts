import { describe, expect, it } from '@jest/globals';
import { runInSandbox, type SandboxRequest, type SandboxResult } from '../../src/delivery/transform/sandbox.js';
import { transformDelivery } from '../../src/delivery/transform/transform-delivery.js';

const NOW = new Date(0x019ab3c00000);
const TENANT = 'tenant-hostile';
const REQUEST: SandboxRequest = {
  method: 'POST',
  path: '/hooks',
  headers: { 'content-type': 'application/json' },
  body: Buffer.from('{"id":7}'),
  bodyIsJson: true,
};
const RENAME = '(r) => ({ ...r, headers: { ...r.headers, "x-added": "yes" }, body: { renamed: r.body.id } })';

/** The body a run sends, read back as JSON. */
function sentBody(result: SandboxResult): unknown {
  return result.ok && result.body ? JSON.parse(result.body.bytes.toString('utf8')) : result;
}

/** The delivery after a hostile one: it must still get its right result. */
async function expectNextRunUnharmed(): Promise<void> {
  const next = await runInSandbox(TENANT, RENAME, REQUEST, NOW);
  expect(next).toMatchObject({ ok: true, output: { headers: { 'x-added': 'yes' } } });
  expect(sentBody(next)).toEqual({ renamed: 7 });
  const polluted = await runInSandbox(
    TENANT,
    '(r) => ({ ...r, body: { proto: Object.keys(Object.prototype), json: typeof JSON.parse, map: typeof [].map } })',
    REQUEST,
    NOW,
  );
  expect(sentBody(polluted)).toEqual({ proto: [], json: 'function', map: 'function' });
}

describe('a hostile transformation', () => {
  it.each([
    ['an infinite loop', '(r) => { while (true) {} }', /CPU time limit of 50 ms/],
    ['an infinite loop whose errors are swallowed', '(r) => { while (true) { try { while (true) {} } catch (e) {} } }', /CPU time limit/],
    ['an infinite loop in a finally', '(r) => { try { return r; } finally { while (true) {} } }', /CPU time limit/],
    ['a 1 GB ArrayBuffer', '(r) => { new ArrayBuffer(2 ** 30); return r; }', /memory limit of 32 MiB/],
    ['an array growing without end', '(r) => { const a = []; for (;;) a.push({ a }); }', /memory limit|CPU time limit/],
    ['a string doubling without end', "(r) => { let s = 'x'; for (;;) s += s; }", /memory limit|longest string/],
    ["'x'.repeat(2 ** 28)", "(r) => 'x'.repeat(2 ** 28)", /memory limit of 32 MiB/],
    ['a deep recursion', '(r) => { const f = (n) => f(n + 1) + 1; return f(0); }', /stack limit/],
    ['a catastrophic regular expression', "(r) => { /(a+)+$/.test('a'.repeat(40) + 'b'); return r; }", /CPU time limit/],
    ['an output over 1 MiB', "(r) => ({ ...r, body: 'x'.repeat(2 * 1024 * 1024) })", /output too large: over 1048576 bytes/],
    ['a Promise', '(r) => Promise.resolve(r)', /returned a Promise/],
    ['a getter that never returns on the result', '(r) => ({ get body() { for (;;) {} } })', /CPU time limit/],
    ['a toJSON that throws on the body', '(r) => ({ ...r, body: { toJSON() { throw new Error("no") } } })', /Error: no/],
    // Built-ins the interrupt handler cannot stop: only the hard deadline ends them.
    [
      'an indexOf over a length of 2 ** 53',
      '(r) => { Array.prototype.indexOf.call({ length: 2 ** 53 - 1 }, 1); return r; }',
      /CPU time limit.*hard deadline/,
    ],
    ['a join of a sparse array of 2 ** 32 - 1', "(r) => { Array(2 ** 32 - 1).join(''); return r; }", /CPU time limit.*hard deadline/],
  ])('stops %s with an error naming the limit, and the next run is unharmed', async (_name, code, cause) => {
    const result = await runInSandbox(TENANT, code, REQUEST, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(cause);
    await expectNextRunUnharmed();
  });

  it('cannot attack the host through overwritten prototypes or JSON', async () => {
    const code = `(r) => {
      Object.prototype.polluted = 1;
      Array.prototype.push = () => { throw new Error('pushed'); };
      JSON.stringify = () => '{"out":{"forged":true}}';
      JSON.parse = () => ({ forged: true });
      return { ...r, headers: { '__proto__': 'x' }, body: JSON.parse('{}') };
    }`;
    const result = await runInSandbox(TENANT, code, REQUEST, NOW);
    expect(sentBody(result)).toEqual({ forged: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    if (result.ok) expect(Object.getPrototypeOf((result.output as { headers: object }).headers)).toBe(Object.prototype);
    await expectNextRunUnharmed();
  });

  it('finds no network, file system, process or clock beyond the fixed one', async () => {
    const code = `(r) => ({ ...r, body: {
      names: ['fetch', 'require', 'process', 'std', 'os', 'XMLHttpRequest', 'WebSocket', 'import', 'Deno', 'Bun'].filter((n) => n in globalThis),
      now: Date.now(), date: new Date().getTime(),
    } })`;
    const result = await runInSandbox(TENANT, code, REQUEST, NOW);
    expect(sentBody(result)).toEqual({ names: [], now: NOW.getTime(), date: NOW.getTime() });
  });

  it('fails the delivery with the limit named through transformDelivery, and delivers the next', async () => {
    const input = {
      tenantId: TENANT,
      url: 'https://receiver.example/hooks',
      contentType: 'application/json',
      body: Buffer.from('{"id":7}'),
      eventId: '019ab3c0-0000-7000-8000-000000000001',
    };
    const [hostile, normal] = await Promise.all([transformDelivery('(r) => { while (true) {} }', input), transformDelivery(RENAME, input)]);
    expect(hostile).toMatchObject({ kind: 'failed', error: expect.stringMatching(/CPU time limit/) });
    expect(normal.kind).toBe('send');
    if (normal.kind === 'send') expect(JSON.parse(normal.request.body.toString())).toEqual({ renamed: 7 });
  });
});

describe('tenants sharing the sandbox threads', () => {
  it("serves another tenant's runs while one tenant's runs each hold a thread to the hard deadline", async () => {
    const stuck = '(r) => { Array.prototype.indexOf.call({ length: 2 ** 53 - 1 }, 1); return r; }';
    const finished: string[] = [];
    const tracked = (name: string, run: Promise<SandboxResult>) =>
      run.then((result) => {
        finished.push(name);
        return result;
      });
    // The flooding tenant queues first: first come, first served would put the calm tenant behind all four.
    const flood = Array.from({ length: 4 }, (_, n) => tracked(`flood-${n}`, runInSandbox('tenant-flood', stuck, REQUEST, NOW)));
    const calm = Array.from({ length: 5 }, (_, n) => tracked(`calm-${n}`, runInSandbox('tenant-calm', RENAME, REQUEST, NOW)));
    for (const result of await Promise.all(calm)) expect(sentBody(result)).toEqual({ renamed: 7 });
    // The flooding tenant holds one thread at a time, so its runs end one after another, a hard deadline apart:
    // when the calm tenant's five are done, at most its first can have ended.
    expect(finished.filter((name) => name.startsWith('flood')).length).toBeLessThanOrEqual(1);
    for (const result of await Promise.all(flood))
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/hard deadline/) });
    // One after another, in the order the tenant queued them.
    expect(finished.filter((name) => name.startsWith('flood'))).toEqual(['flood-0', 'flood-1', 'flood-2', 'flood-3']);
  }, 30_000);
});
