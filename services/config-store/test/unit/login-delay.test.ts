import { describe, expect, it } from '@jest/globals';
import { loginDelayMilliseconds } from '../../src/domain/login-delay.js';

const policy = { afterFailures: 10, baseMilliseconds: 250, maxMilliseconds: 5000 };

describe('loginDelayMilliseconds', () => {
  it('asks for no wait below the threshold', () => {
    expect([0, 1, 9].map((failures) => loginDelayMilliseconds(failures, policy))).toEqual([0, 0, 0]);
  });

  it('doubles from the base with every failure past the threshold, up to the cap', () => {
    expect([10, 11, 12, 13, 14, 15, 16].map((failures) => loginDelayMilliseconds(failures, policy))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('stays at the cap however many failures there are', () => {
    expect(loginDelayMilliseconds(1_000_000, policy)).toBe(5000);
  });

  it('asks for no wait when the base is 0 (delays switched off)', () => {
    expect(loginDelayMilliseconds(1_000_000, { ...policy, baseMilliseconds: 0 })).toBe(0);
  });
});
