import { describe, expect, it } from '@jest/globals';
import { InflightLimit } from '../../src/domain/translation/inflight-limit.js';

/** Starts `work` under the limit and returns its release; the promise of the run is kept for checks. */
function hold(limit: InflightLimit, characters: number, key?: string) {
  let release: () => void = () => undefined;
  const done = limit.run(characters, () => new Promise<void>((resolve) => (release = resolve)), key);
  return { done, release: () => release() };
}

describe('the in-flight bound and its per-key share', () => {
  it('holds one key to a quarter of the bound and leaves the rest to others', async () => {
    const limit = new InflightLimit(4000);
    const first = hold(limit, 600, 'a');
    await expect(limit.run(600, async () => 'more', 'a')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 1 });
    await expect(limit.run(900, async () => 'other key', 'b')).resolves.toBe('other key');
    first.release();
    await first.done;
    expect(limit.charactersOf('a')).toBe(0);
    await expect(limit.run(600, async () => 'again', 'a')).resolves.toBe('again');
  });

  it('runs one request larger than the share when its key holds nothing else', async () => {
    const limit = new InflightLimit(4000);
    await expect(limit.run(3000, async () => 'large', 'a')).resolves.toBe('large');
  });

  it('still refuses every key once the whole bound is held', async () => {
    const limit = new InflightLimit(2000, 0.5);
    const a = hold(limit, 1000, 'a');
    const b = hold(limit, 1000, 'b');
    await expect(limit.run(10, async () => 'c', 'c')).rejects.toThrow(/engine is at capacity/);
    a.release();
    b.release();
    await Promise.all([a.done, b.done]);
    expect(limit.characters).toBe(0);
  });

  it('gives back what a failed request held', async () => {
    const limit = new InflightLimit(4000);
    await expect(limit.run(900, async () => Promise.reject(new Error('engine failed')), 'a')).rejects.toThrow('engine failed');
    expect(limit.charactersOf('a')).toBe(0);
    expect(limit.characters).toBe(0);
  });
});
