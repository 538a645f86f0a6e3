import { beforeAll, beforeEach, expect, it, jest } from '@jest/globals';

// Each wait takes 1.5x the timeout it is given: passes only when the environment stretches timeouts, and
// only if a hook run before every test is stretched from its written timeout each time, not compounded.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(() => pause(600), 400);

beforeEach(() => pause(600), 400);

it('a test that names its own timeout', () => pause(600).then(() => expect(true).toBe(true)), 400);

it('a test under jest.setTimeout', async () => {
  await pause(600);
  expect(true).toBe(true);
});

// Compounded, the hook's 400 ms would pass 2^31 ms by the eighth run at a factor of 10, and Node would fire it at once.
it.each([1, 2, 3, 4, 5, 6, 7, 8])('test %i after the hook has run before each', () => expect(true).toBe(true));

jest.setTimeout(400);
