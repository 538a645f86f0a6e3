import { describe, expect, it } from '@jest/globals';
import { compileFilter } from '../../src/domain/subscriptions/filters/compile-filter.js';
import { buildFilterDocument } from '../../src/domain/subscriptions/filters/filter-document.js';

const base = { query: '', provider: 'stripe', state: 'verified', eventType: 'invoice.paid' };

describe('the document a subscription filter reads', () => {
  it('lower-cases header names and keeps the first value of a repeated header or query parameter', () => {
    const { document } = buildFilterDocument({
      ...base,
      headers: [
        ['X-Kind', 'invoice'],
        ['x-kind', 'receipt'],
      ],
      body: Buffer.from('{"a":1}'),
      query: 'source=shop&source=pos&debug',
    });
    expect(document).toEqual({
      headers: { 'x-kind': 'invoice' },
      query: { source: 'shop', debug: '' },
      provider: 'stripe',
      state: 'verified',
      event_type: 'invoice.paid',
      body: { a: 1 },
    });
  });

  it('leaves the body out, saying why, when it is not JSON or is empty', () => {
    const text = buildFilterDocument({ ...base, headers: [], body: Buffer.from('a=1') });
    expect(text.document).not.toHaveProperty('body');
    expect(text.reason).toMatch(/not JSON/);
    expect(buildFilterDocument({ ...base, headers: [], body: Buffer.alloc(0) }).reason).toBe('empty body');
    expect(buildFilterDocument({ ...base, headers: [], body: Buffer.from([0xff, 0xfe]) }).reason).toMatch(/not JSON/);
  });

  it('evaluates MongoDB operators on dotted paths and arrays, and compiles no operator that runs code', () => {
    const { document } = buildFilterDocument({
      ...base,
      headers: [],
      body: Buffer.from('{"n":3,"s":"beta","items":[{"sku":"a","qty":1},{"sku":"b","qty":4}],"tags":["x","y"]}'),
    });
    const matches = (filter: Record<string, unknown>) => compileFilter(filter)(document);
    expect(matches({ 'body.n': { $gt: 2, $lte: 3 }, 'body.s': { $gt: 'alpha' } })).toBe(true);
    expect(matches({ 'body.items.sku': 'b', 'body.tags': { $all: ['x', 'y'] }, 'body.tags.1': 'y' })).toBe(true);
    expect(matches({ 'body.items': { $elemMatch: { sku: 'a', qty: { $gte: 2 } } } })).toBe(false);
    expect(matches({ $or: [{ 'body.n': { $in: [9] } }, { 'body.missing': { $exists: false } }] })).toBe(true);
    expect(matches({ 'body.n': { $not: { $gt: 2 } } })).toBe(false);
    expect(matches({ 'body.n': '3' })).toBe(false);
    expect(() => compileFilter({ $where: 'true' })).toThrow(/\$where/);
    expect(() => compileFilter({ 'body.s': { $regex: 'b' } })).toThrow(/\$regex/);
  });
});
