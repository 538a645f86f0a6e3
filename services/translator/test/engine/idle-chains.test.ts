// Idle chains of real apertium-eng-spa pipelines are stopped; the pairs warmed at boot keep one.
import { describe, expect, it } from '@jest/globals';
import { ApertiumRunner } from '../../src/engine/apertium/apertium-runner.js';
import { isAlive } from '../helpers/processes.js';

describe('ApertiumRunner idle shutdown', () => {
  it('stops a chain that had no work for idleShutdownMs, and starts a new one on the next request', async () => {
    let now = 0;
    const runner = new ApertiumRunner({ idleShutdownMs: 1000, now: () => now });
    try {
      await runner.translate(['Hello world.'], { source: 'eng', target: 'spa' });
      const pids = await runner.processIds();
      expect(pids.length).toBeGreaterThan(0);
      now = 500;
      expect(await runner.stopIdleChains()).toBe(0);
      now = 1500;
      expect(await runner.stopIdleChains()).toBe(1);
      expect(await runner.processIds()).toEqual([]);
      expect(pids.filter(isAlive)).toEqual([]);
      const [again] = await runner.translate(['Hello world.'], { source: 'eng', target: 'spa' });
      expect(again?.text).toBe('Hola Mundo.');
    } finally {
      await runner.close();
    }
  });

  it('keeps one chain of a kept-warm mode however long it idles', async () => {
    let now = 0;
    const runner = new ApertiumRunner({ idleShutdownMs: 1000, now: () => now });
    try {
      runner.keepWarm('eng', 'spa');
      await runner.translate(['Hello world.'], { source: 'eng', target: 'spa' });
      now = 60_000;
      expect(await runner.stopIdleChains()).toBe(0);
      expect((await runner.processIds()).length).toBeGreaterThan(0);
    } finally {
      await runner.close();
    }
  });
});
