import { describe, expect, it } from '@jest/globals';
import { transformDelivery } from '../../src/delivery/transform/transform-delivery.js';

const EVENT_ID = '019ab3c0-0000-7000-8000-000000000001';
const input = (body: unknown) => ({
  tenantId: 'tenant-a',
  url: 'https://receiver.example/hooks?x=1',
  contentType: 'application/json',
  body: Buffer.from(JSON.stringify(body)),
  eventId: EVENT_ID,
});

describe('transformDelivery', () => {
  it('renames a field and adds a header, keeping the destination host', async () => {
    const code = '(r) => ({ ...r, path: "/v2" + r.path, headers: { ...r.headers, "x-added": "yes" }, body: { id: r.body.old } })';
    const result = await transformDelivery(code, input({ old: 7 }));
    expect(result.kind).toBe('send');
    if (result.kind !== 'send') return;
    expect(result.request.url).toBe('https://receiver.example/v2/hooks?x=1');
    expect(result.request.headers).toEqual({ 'content-type': 'application/json', 'x-added': 'yes' });
    expect(JSON.parse(result.request.body.toString())).toEqual({ id: 7 });
  });

  it('drops the delivery when the function returns null, keeping its logs and a fixed clock', async () => {
    const result = await transformDelivery('(r) => { console.log("now", Date.now()); return null; }', input({}));
    expect(result).toMatchObject({ kind: 'dropped', logs: [`now ${0x019ab3c00000}`] });
  });

  it.each([
    ['an infinite loop', '(r) => { while (true) {} }', /CPU time limit/],
    ['a deep recursion', '(r) => { const f = (n) => f(n + 1) + 1; return f(0); }', /stack/],
    ['a 1 GB allocation', '(r) => { new ArrayBuffer(1e9); return r; }', /out of memory|memory limit/],
    ['a throw', '(r) => { throw new Error("boom"); }', /Error: boom/],
    ['a path to another host', '(r) => ({ ...r, path: "//evil.example/x" })', /path/],
    ['a header set twice in two cases', '(r) => ({ ...r, headers: { "X-A": "1", "x-a": "2" } })', /set twice/],
    ['a signature header of its own', '(r) => ({ ...r, headers: { "Webhook-Signature": "v1,forged" } })', /set by the relay/],
  ])('fails %s with a clear cause', async (_name, code, cause) => {
    const result = await transformDelivery(code, input({ a: 1 }));
    expect(result.kind).toBe('failed');
    if (result.kind === 'failed') expect(result.error).toMatch(cause);
  });

  it('hands a JSON body that does not parse, or a body of another type, to the function as text', async () => {
    const echo = '(r) => ({ ...r, body: { type: typeof r.body, text: r.body } })';
    const broken = await transformDelivery(echo, { ...input({}), body: Buffer.from('{"cut": ') });
    const plain = await transformDelivery(echo, { ...input({}), contentType: 'text/plain', body: Buffer.from('{"a":1}') });
    for (const [result, text] of [
      [broken, '{"cut": '],
      [plain, '{"a":1}'],
    ] as const)
      expect(result.kind === 'send' && JSON.parse(result.request.body.toString())).toEqual({ type: 'string', text });
  });

  it('sends a string body as it is and any other value as JSON, including a bare number or null', async () => {
    const send = async (returned: string) => {
      const result = await transformDelivery(`(r) => ({ ...r, body: ${returned} })`, input({}));
      return result.kind === 'send' ? result.request.body.toString() : result;
    };
    expect(await send('"a\\nb é"')).toBe('a\nb é');
    expect(await send('7')).toBe('7');
    expect(await send('null')).toBe('null');
    expect(await send('{ "x": [1, "\\n"] }')).toBe('{"x":[1,"\\n"]}');
    expect(await send('undefined')).toMatchObject({ kind: 'failed', error: expect.stringMatching(/body is missing/) });
  });

  it('carries text beyond ASCII both ways unchanged: Latin-1, other planes and line breaks', async () => {
    const echo = '(r) => ({ ...r, body: { got: r.body.text, added: "é € 😀" } })';
    for (const text of ['plain', 'café', '€ and 😀', 'line\nbreak', 'ÿ\u0000']) {
      const result = await transformDelivery(echo, input({ text }));
      expect(result.kind === 'send' && JSON.parse(result.request.body.toString('utf8'))).toEqual({ got: text, added: 'é € 😀' });
    }
    for (const sent of ['café', 'naïve\n€', 'ascii only']) {
      const result = await transformDelivery(`(r) => ({ ...r, body: ${JSON.stringify(sent)} })`, input({}));
      expect(result.kind === 'send' && result.request.body.toString('utf8')).toBe(sent);
    }
  });

  it('does not leak a prototype attack into the next run', async () => {
    await transformDelivery('(r) => { Object.prototype.polluted = 1; return r; }', input({}));
    const next = await transformDelivery('(r) => ({ ...r, body: { polluted: ({}).polluted === undefined ? "no" : "yes" } })', input({}));
    expect(next.kind === 'send' && JSON.parse(next.request.body.toString())).toEqual({ polluted: 'no' });
  });
});
